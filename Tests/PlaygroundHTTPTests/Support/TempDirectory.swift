#if canImport(Glibc)
    import Glibc
#endif

/// A fresh directory under /tmp, with helpers to write files and symlinks.
struct TempDirectory {
    let path: String

    init() {
        var template = Array("/tmp/playground-http-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        path = String(cString: made!)
    }

    func write(_ name: String, _ text: String) {
        let file = fopen(path + "/" + name, "wb")!
        _ = Array(text.utf8).withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
    }

    func makeDirectory(_ name: String) { mkdir(path + "/" + name, 0o755) }

    func symlink(_ name: String, to target: String) { _ = Glibc.symlink(target, path + "/" + name) }

    func remove() { _ = system("rm -rf '\(path)'") }
}
