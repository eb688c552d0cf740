import Foundation
import Synchronization

/// A version-4 UUID drawn without a system call: Foundation's `UUID()` opens, reads and closes `/dev/urandom` on every
/// call, which a sample that makes one per drawing of a view pays on every render (RandomColorEV's `ColorModel`). The
/// bits come from one process-wide generator seeded once by the system, not from a room's ``RandomSource``: a drawing
/// is not an input, so a room's draws must not depend on how often its views were drawn.
///
/// ```swift
/// typealias UUID = DrawnUUID   // in a sample whose article writes `var id: UUID = UUID()`
/// ```
public struct DrawnUUID: Hashable, Sendable {
    /// The id as Foundation's type.
    public let uuid: Foundation.UUID

    private static let generator = Mutex(SeededRandomNumberGenerator(seed: UInt64.random(in: .min ... .max)))

    /// A new random id (version 4, RFC 9562 variant).
    public init() {
        let (high, low) = Self.generator.withLock { ($0.next(), $0.next()) }
        var bits = (high.bigEndian, low.bigEndian)
        uuid = withUnsafeMutableBytes(of: &bits) { bytes in
            bytes[6] = bytes[6] & 0x0F | 0x40
            bytes[8] = bytes[8] & 0x3F | 0x80
            return Foundation.UUID(uuid: bytes.load(as: uuid_t.self))
        }
    }
}
