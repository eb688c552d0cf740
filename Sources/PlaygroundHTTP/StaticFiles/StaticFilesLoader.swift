#if canImport(Glibc)
    import Glibc
#endif

/// Reads a directory tree once with `lstat`, so a symlink is never followed; skips dot-files and non-regular files.
struct StaticFilesLoader {
    let maxTotalBytes: Int
    private(set) var files: [String: (bytes: [UInt8], name: String)] = [:]
    private var totalBytes = 0
    private static let maxDepth = 16

    init(maxTotalBytes: Int) { self.maxTotalBytes = maxTotalBytes }

    mutating func load(directory: String, prefix: String, depth: Int) throws {
        guard depth <= Self.maxDepth else { return }
        guard let handle = opendir(directory) else {
            throw StaticFilesError("Cannot read the static files directory '\(directory)': \(Self.lastError).")
        }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if !name.hasPrefix(".") { names.append(name) }
        }
        for name in names.sorted() {
            let path = directory + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: try load(directory: path, prefix: prefix + name + "/", depth: depth + 1)
            case S_IFREG: try add(path: path, name: prefix + name, size: Int(info.st_size))
            default: continue  // symlinks, sockets, devices: never served
            }
        }
    }

    private mutating func add(path: String, name: String, size: Int) throws {
        guard totalBytes + size <= maxTotalBytes else {
            throw StaticFilesError(
                "The static files exceed the \(maxTotalBytes)-byte budget at '\(name)'; remove files or raise maxTotalBytes.")
        }
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw StaticFilesError("Cannot open the static file '\(path)': \(Self.lastError).")
        }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: size)
        var filled = 0
        while filled < size {
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, size - filled) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            filled += count
        }
        bytes.removeLast(size - filled)  // the file shrank while we read it
        totalBytes += bytes.count
        files[name] = (bytes, name)
    }

    private static var lastError: String { String(cString: strerror(errno)) }
}
