/// 64-bit FNV-1a: a fast content fingerprint (ETags, room seeds, journal witnesses); not a security hash.
///
/// ```swift
/// var hash = FNV1a()
/// hash.add("state")
/// hash.hex   // 16 hex digits
/// ```
public struct FNV1a: Sendable {
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    public mutating func add(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01B3
        }
    }

    public mutating func add(_ text: String) { add(text.utf8) }

    /// The value as 16 hex digits.
    public var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
