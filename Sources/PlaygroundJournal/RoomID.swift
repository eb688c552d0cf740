/// An unguessable room name: 96 random bits as 24 lowercase hex digits.
///
/// ```swift
/// let id = RoomID.random()          // e.g. "3f9c0a1b7d2e4c5f6a8b9c0d"
/// RoomID(validating: "nope") == nil // wrong length or alphabet
/// ```
public struct RoomID: Hashable, Sendable, CustomStringConvertible {
    /// Number of hex digits in every room id.
    public static let length = 24

    /// The id as it appears in URLs.
    public let description: String

    /// Makes a new id from the system's cryptographically secure generator.
    public static func random() -> RoomID {
        var generator = SystemRandomNumberGenerator()
        return random(using: &generator)
    }

    /// Makes a new id from `generator` (tests pass a seeded one).
    public static func random(using generator: inout some RandomNumberGenerator) -> RoomID {
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(length)
        for _ in 0..<(length / 16) {
            var word = generator.next()
            for _ in 0..<16 {
                bytes.append(digits[Int(word & 0xF)])
                word >>= 4
            }
        }
        for _ in 0..<(length % 16) { bytes.append(digits[Int(generator.next() & 0xF)]) }
        return RoomID(unchecked: String(decoding: bytes, as: UTF8.self))
    }

    /// Accepts exactly `length` lowercase hex digits; anything else is not a room id.
    /// Inlinable, so a caller's `String` is checked byte by byte, not through `StringProtocol`'s witnesses (every request
    /// to a room checks its id twice).
    @inlinable
    public init?(validating text: some StringProtocol) {
        guard text.utf8.count == Self.length,
            text.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
        else { return nil }
        self.init(unchecked: String(text))
    }

    @usableFromInline
    init(unchecked text: String) {
        self.description = text
    }
}
