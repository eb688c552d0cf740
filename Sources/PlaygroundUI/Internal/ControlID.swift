/// The id a control's form posts (`control=Qx3b0_Lm`): 48 bits of its view path's hash, eight URL-safe characters.
///
/// A control used to post its whole path (`/T/0/0/T/…/#48921/0/1/0/0`, ~200 bytes per control, hundreds per page);
/// the hash of that path names the same control as long as the view stays where it is, so the page script still finds
/// a focused control again by its form's fields, and a journal's recorded presses replay. A posted path (an older
/// page, an older journal) is hashed the same way, so both forms name the same control.
struct ControlID: Hashable, CustomStringConvertible {
    /// The 48 bits posted.
    let bits: UInt64

    /// The id of the path whose ``ViewPath/description`` hashes to `descriptionHash` (FNV-1a, 64 bits).
    init(descriptionHash: UInt64) {
        bits = Self.mixed(descriptionHash) >> 16
    }

    /// The id a form posted: eight characters of the alphabet, or a whole path (`/…`), as pages before short ids did.
    init?(posted text: String) {
        if text.hasPrefix("/") {
            self.init(descriptionHash: FNV1a64.add(text, to: FNV1a64.offsetBasis))
            return
        }
        let utf8 = Array(text.utf8)
        guard utf8.count == Self.length else { return nil }
        var bits: UInt64 = 0
        for byte in utf8 {
            guard let value = Self.values[Int(byte)] else { return nil }
            bits = bits << 6 | UInt64(value)
        }
        self.init(bits: bits)
    }

    private init(bits: UInt64) { self.bits = bits }

    /// Eight characters of `A–Z a–z 0–9 - _`.
    var description: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.length)
        for index in (0..<Self.length).reversed() { bytes.append(Self.alphabet[Int(bits >> (6 * UInt64(index)) & 63)]) }
        return String(decoding: bytes, as: UTF8.self)
    }

    static let length = 8
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    private static let values: [UInt8?] = {
        var values = [UInt8?](repeating: nil, count: 256)
        for (index, byte) in alphabet.enumerated() { values[Int(byte)] = UInt8(index) }
        return values
    }()

    /// MurmurHash3's finalizer: every bit of FNV's output reaches the top 48 (FNV's high bits mix poorly on their own).
    private static func mixed(_ value: UInt64) -> UInt64 {
        var x = value
        x ^= x >> 33
        x &*= 0xff51_afd7_ed55_8ccd
        x ^= x >> 33
        x &*= 0xc4ce_b9fe_1a85_ec53
        x ^= x >> 33
        return x
    }
}

/// FNV-1a, 64 bits, fed piece by piece (a path's hash continues its parent's).
enum FNV1a64 {
    static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325

    static func add(_ text: String, to hash: UInt64) -> UInt64 {
        var hash = hash
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }
}
