internal import CLibDeflate
internal import Synchronization

/// Whole-buffer gzip (RFC 1952) through libdeflate: a page or a static file is compressed in one call, with no
/// stream state kept between calls.
enum Gzip {
    /// The level for responses made per request (pages, JSON): libdeflate's 4 takes a 230 KB page to ~56 KB in
    /// ~1.5 ms; 6 saves 2 KB more for half as much again.
    static let responseLevel: Int32 = 4
    /// The level for static files, compressed once when they are loaded.
    static let staticLevel: Int32 = 12

    /// gzip of `bytes`, or nil when libdeflate could not allocate a compressor or the result would not be smaller.
    static func compress(_ bytes: [UInt8], level: Int32) -> [UInt8]? {
        guard let compressor = Compressor.take(level: level) else { return nil }
        defer { Compressor.give(compressor) }
        let bound = libdeflate_gzip_compress_bound(compressor.pointer, bytes.count)
        var out = [UInt8](repeating: 0, count: min(bound, bytes.count))
        let written = bytes.withUnsafeBytes { input in
            out.withUnsafeMutableBytes { output in
                libdeflate_gzip_compress(compressor.pointer, input.baseAddress, input.count, output.baseAddress, output.count)
            }
        }
        guard written > 0 else { return nil }   // 0: it did not fit in fewer bytes than the input
        out.removeSubrange(written...)
        return out
    }
}

/// One libdeflate compressor (not thread-safe: used by one caller at a time, taken from and given back to a small
/// pool, so a busy server does not allocate its ~0.5 MB of match-finder tables per response).
final class Compressor: @unchecked Sendable {   // the pointer is used only by the caller that took it from the pool
    let pointer: OpaquePointer
    let level: Int32

    private init?(level: Int32) {
        guard let pointer = libdeflate_alloc_compressor(level) else { return nil }
        self.pointer = pointer
        self.level = level
    }

    deinit { libdeflate_free_compressor(pointer) }

    /// At most this many idle compressors are kept per level (one per server thread is enough).
    private static let kept = 4
    private static let idle = Mutex<[Int32: [Compressor]]>([:])

    static func take(level: Int32) -> Compressor? {
        idle.withLock { $0[level]?.popLast() } ?? Compressor(level: level)
    }

    static func give(_ compressor: Compressor) {
        idle.withLock { idle in
            if idle[compressor.level, default: []].count < kept { idle[compressor.level, default: []].append(compressor) }
        }
    }
}
