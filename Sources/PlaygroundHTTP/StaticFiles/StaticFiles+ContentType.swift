extension StaticFiles {
    /// MIME types by extension; anything else is served as bytes.
    static let contentTypes: [String: String] = [
        "html": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "svg": "image/svg+xml",
        "png": "image/png",
        "ico": "image/x-icon",
        "json": "application/json; charset=utf-8",
        "txt": "text/plain; charset=utf-8",
        "woff2": "font/woff2",
    ]

    /// The Content-Type for a file name, from its (lowercased) extension.
    static func contentType(for name: String) -> String {
        guard let dot = name.lastIndex(of: "."), !name[dot...].contains("/") else { return "application/octet-stream" }
        return contentTypes[name[name.index(after: dot)...].lowercased()] ?? "application/octet-stream"
    }
}
