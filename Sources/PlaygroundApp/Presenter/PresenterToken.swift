import CLibCrypto

/// A presenter's capability: 256 random bits, shown to its holder once (cookie, "show my token"), kept by the
/// server only as its SHA-256 digest.
struct PresenterToken: Sendable {
    let text: String

    /// 32 bytes from the system's generator (getrandom on Linux), base64url without padding: 43 characters.
    static func mint() -> PresenterToken {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return PresenterToken(text: base64url(bytes))
    }

    /// A token as a client sent it: 43 base64url characters, else nil (anything else cannot be one of ours).
    init?(presented text: Substring) {
        guard text.utf8.count == 43, text.utf8.allSatisfy(Self.isBase64URL) else { return nil }
        self.text = String(text)
    }

    private init(text: String) { self.text = text }

    var digest: Digest { Digest(of: text) }

    static func isBase64URL(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2D || byte == 0x5F
    }

    static func base64url(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            let value = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (16 - 8 * UInt32($1.offset)) }
            for position in 0...chunk.count { out.append(alphabet[Int(value >> (18 - 6 * UInt32(position)) & 63)]) }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A SHA-256 digest, compared in constant time (`CRYPTO_memcmp`), so a wrong guess learns nothing from timing.
    struct Digest: Sendable {
        let bytes: [UInt8]

        init(of text: String) {
            var out = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
            var input = Array(text.utf8)
            input.withUnsafeMutableBufferPointer { data in
                out.withUnsafeMutableBufferPointer { digest in _ = SHA256(data.baseAddress, data.count, digest.baseAddress) }
            }
            bytes = out
        }

        init?(hex: String) {
            let digits = Array(hex.utf8)
            guard digits.count == 64 else { return nil }
            var bytes: [UInt8] = []
            for pair in stride(from: 0, to: 64, by: 2) {
                guard let byte = UInt8(String(decoding: digits[pair..<pair + 2], as: UTF8.self), radix: 16) else { return nil }
                bytes.append(byte)
            }
            self.bytes = bytes
        }

        var hex: String { bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() }

        func matches(_ other: Digest) -> Bool {
            guard bytes.count == other.bytes.count else { return false }
            return bytes.withUnsafeBytes { lhs in other.bytes.withUnsafeBytes { rhs in CRYPTO_memcmp(lhs.baseAddress, rhs.baseAddress, lhs.count) == 0 } }
        }
    }
}
