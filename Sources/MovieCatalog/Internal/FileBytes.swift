#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a whole file with POSIX calls, so that a failure can say plainly why ("No such file or directory").
enum FileBytes {
    /// The bytes of the file at `path`.
    static func read(_ path: String) throws(CatalogLoadError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw failure(path, errno) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var info = stat()
        if fstat(descriptor, &info) == 0, info.st_size > 0 { bytes.reserveCapacity(Int(info.st_size)) }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { readBytes(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(path, errno)
            }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    private static func failure(_ path: String, _ code: Int32) -> CatalogLoadError {
        let reason = String(cString: strerror(code))
        return CatalogLoadError(
            kind: .unreadableFile, line: nil,
            message: "cannot read the catalog file \"\(path)\" (\(reason)); pass the path of a readable UTF-8 CSV"
                + " file such as Data/movies.csv")
    }
}

/// `read(2)`, named apart from ``FileBytes/read(_:)``.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
