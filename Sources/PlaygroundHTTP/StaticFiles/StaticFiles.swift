/// Static files loaded once from a directory (regular files only; symlinks and dot-files skipped),
/// served by exact relative name only: `..`, encoded escapes, backslashes, NUL, absolute paths can
/// never reach the disk. Correct MIME types, ETag + If-None-Match → 304, Cache-Control, and a gzip form made once at
/// load for clients that accept it (with its own ETag and `Vary: Accept-Encoding`).
///
/// ```swift
/// let files = try StaticFiles(directory: "Public")
/// router.add(.get, "/public/*path") { request, parameters in
///     .response(files.response(for: parameters["path"] ?? "", request: request))
/// }
/// let href = "/public/app.js?v=\(files.versionTag(of: "app.js") ?? "")"   // served as immutable
/// ```
public struct StaticFiles: Sendable {
    /// One loaded file.
    struct File: Sendable {
        let bytes: [UInt8]
        /// The same bytes gzip-compressed once at load, for clients that accept it; nil where that would not pay.
        let gzipped: [UInt8]?
        let contentType: String
        let versionTag: String
        var etag: String { "\"\(versionTag)\"" }
        /// A representation of its own needs a validator of its own (RFC 9110 §8.8.3).
        var gzipETag: String { "\"\(versionTag)-gzip\"" }
    }

    /// The default bound on the total bytes loaded.
    public static let defaultMaxTotalBytes = 64 << 20

    private let files: [String: File]

    /// Loads every regular, non-hidden file under `directory` (subfolders too, symlinks never followed);
    /// throws `StaticFilesError` if the directory cannot be read or holds more than `maxTotalBytes`.
    public init(directory: String, maxTotalBytes: Int = StaticFiles.defaultMaxTotalBytes) throws {
        var loader = StaticFilesLoader(maxTotalBytes: maxTotalBytes)
        try loader.load(directory: directory, prefix: "", depth: 0)
        self.init(loaded: loader.files.mapValues(\.bytes))
    }

    /// Files made in memory (a document generated at start-up), served exactly as loaded ones are.
    public init(contents: [String: [UInt8]]) {
        self.init(loaded: contents)
    }

    private init(loaded: [String: [UInt8]]) {
        files = Dictionary(uniqueKeysWithValues: loaded.map { name, bytes in
            let contentType = Self.contentType(for: name)
            let gzipped =
                ContentCoding.isCompressible(contentType) && bytes.count >= ContentCoding.minimumBytes
                ? Gzip.compress(bytes, level: Gzip.staticLevel) : nil
            return (name, File(bytes: bytes, gzipped: gzipped, contentType: contentType, versionTag: Self.hash(bytes)))
        })
    }

    /// The relative names served, sorted (e.g. `"css/site.css"`).
    public var names: [String] { files.keys.sorted() }

    /// A tag that changes whenever the file's bytes do, for `?v=` cache-busting links; nil for unknown names.
    public func versionTag(of relativePath: String) -> String? { files[relativePath]?.versionTag }

    /// The response for `relativePath`: 200, 304 (If-None-Match), 400 for a disallowed path, 404 for an unknown name.
    public func response(for relativePath: String, request: HTTPRequest) -> HTTPResponse {
        if let problem = Self.pathProblem(relativePath) {
            return HTTPError(
                .badRequest, code: "bad_static_path",
                message: "The static file path \(problem). Accepted: a plain relative name such as 'app.js' or "
                    + "'css/site.css', without '..', '%', '\\', NUL or a leading '/'."
            ).response
        }
        guard let file = files[relativePath] else {
            return HTTPError(
                .notFound, code: "not_found",
                message: "There is no static file named '\(relativePath.prefix(200))'."
            ).response
        }
        let gzipped = file.gzipped.flatMap { ContentCoding.acceptsGzip(request.headers["Accept-Encoding"]) ? $0 : nil }
        let etag = gzipped == nil ? file.etag : file.gzipETag
        var headers: HTTPHeaders = [
            "ETag": etag,
            "Cache-Control": request.queryValue("v") == file.versionTag
                ? "public, max-age=31536000, immutable" : "no-cache",
        ]
        if file.gzipped != nil { headers["Vary"] = "Accept-Encoding" }
        if let condition = request.headers["If-None-Match"], Self.matches(condition, etag: etag) {
            return HTTPResponse(status: .notModified, headers: headers)
        }
        headers["Content-Type"] = file.contentType
        headers["X-Content-Type-Options"] = "nosniff"
        if let gzipped {
            headers["Content-Encoding"] = "gzip"
            return HTTPResponse(status: .ok, headers: headers, body: gzipped)
        }
        return HTTPResponse(status: .ok, headers: headers, body: file.bytes)
    }

    /// Why `path` is refused, or nil if it is a plain relative name.
    static func pathProblem(_ path: String) -> String? {
        if path.contains("..") { return "contains '..'" }
        if path.hasPrefix("/") { return "starts with '/'" }
        if path.contains("\\") { return "contains '\\'" }
        if path.utf8.contains(0) { return "contains NUL" }
        if path.contains("%") { return "contains '%' (a still-encoded escape)" }
        return nil
    }

    /// True if an `If-None-Match` value names `etag` (or is `*`); weak comparison, as RFC 9110 asks.
    static func matches(_ condition: String, etag: String) -> Bool {
        condition.split(separator: ",").contains { candidate in
            var tag = Substring(String(candidate).trimmingSpaces)
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
            return tag == etag
        }
    }

    /// 64-bit FNV-1a as 16 hex digits: a content fingerprint for ETags (not a security hash).
    static func hash(_ bytes: [UInt8]) -> String {
        var hash = FNV1a()
        hash.add(bytes)
        return hash.hex
    }
}

/// Why static files could not be loaded.
public struct StaticFilesError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong and what to do.
    public var message: String

    /// An error with a message.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
