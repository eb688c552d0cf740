import PlaygroundTesting
import Testing
@testable import PlaygroundHTTP

@Suite struct StaticFilesTests {
    private static func fixture() -> TempDirectory {
        let directory = TempDirectory()
        directory.write("index.html", "<h1>hi</h1>")
        directory.write("app.js", "console.log(1)")
        directory.write("site.CSS", "body{}")
        directory.write("logo.svg", "<svg/>")
        directory.write("data.json", "{}")
        directory.write("font.woff2", "w")
        directory.write("blob.bin", "b")
        directory.write(".secret", "hidden")
        directory.makeDirectory("css")
        directory.write("css/theme.css", "a{}")
        directory.write("outside.txt", "x")
        directory.symlink("link.txt", to: "/etc/hostname")
        directory.symlink("inner-link.txt", to: directory.path + "/outside.txt")
        return directory
    }

    private func get(_ files: StaticFiles, _ path: String, headers: HTTPHeaders = [:], v: String? = nil) -> HTTPResponse {
        let query = v.map { [(name: "v", value: $0)] } ?? []
        return files.response(for: path, request: HTTPRequest(method: .get, path: "/public/" + path, query: query, headers: headers))
    }

    @Test func loadsRegularFilesOnly() throws {
        let directory = Self.fixture()
        defer { directory.remove() }
        let files = try StaticFiles(directory: directory.path)
        #expect(
            files.names == [
                "app.js", "blob.bin", "css/theme.css", "data.json", "font.woff2", "index.html", "logo.svg", "outside.txt",
                "site.CSS",
            ])
        #expect(get(files, "link.txt").status == .notFound)
        #expect(get(files, "inner-link.txt").status == .notFound)
        #expect(get(files, ".secret").status == .notFound)
    }

    @Test func servesTypes() throws {
        let directory = Self.fixture()
        defer { directory.remove() }
        let files = try StaticFiles(directory: directory.path)
        #expect(get(files, "index.html").headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(get(files, "app.js").headers["Content-Type"] == "text/javascript; charset=utf-8")
        #expect(get(files, "site.CSS").headers["Content-Type"] == "text/css; charset=utf-8")
        #expect(get(files, "css/theme.css").headers["Content-Type"] == "text/css; charset=utf-8")
        #expect(get(files, "logo.svg").headers["Content-Type"] == "image/svg+xml")
        #expect(get(files, "data.json").headers["Content-Type"] == "application/json; charset=utf-8")
        #expect(get(files, "font.woff2").headers["Content-Type"] == "font/woff2")
        #expect(get(files, "blob.bin").headers["Content-Type"] == "application/octet-stream")
        #expect(get(files, "index.html").body == Array("<h1>hi</h1>".utf8))
    }

    @Test func etagAndCaching() throws {
        let directory = Self.fixture()
        defer { directory.remove() }
        let files = try StaticFiles(directory: directory.path)
        let first = get(files, "app.js")
        let etag = try #require(first.headers["ETag"])
        #expect(etag.hasPrefix("\"") && etag.hasSuffix("\"") && !etag.hasPrefix("W/"))
        #expect(first.headers["Cache-Control"] == "no-cache")
        let notModified = get(files, "app.js", headers: ["If-None-Match": "\"other\", \(etag)"])
        #expect(notModified.status == .notModified)
        #expect(notModified.body.isEmpty)
        #expect(get(files, "app.js", headers: ["If-None-Match": "\"other\""]).status == .ok)
        let tag = try #require(files.versionTag(of: "app.js"))
        #expect(get(files, "app.js", v: tag).headers["Cache-Control"] == "public, max-age=31536000, immutable")
        #expect(get(files, "app.js", v: "stale").headers["Cache-Control"] == "no-cache")
        #expect(files.versionTag(of: "index.html") != tag)
        #expect(files.versionTag(of: "missing.js") == nil)
    }

    @Test(arguments: ["../etc/passwd", "css/../app.js", "..", "/etc/passwd", "a\\b", "a\u{0}b", "%2e%2e/x", "app%2ejs"])
    func refusesPathsThatCouldEscape(path: String) throws {
        let directory = Self.fixture()
        defer { directory.remove() }
        let files = try StaticFiles(directory: directory.path)
        let response = get(files, path)
        #expect(response.status == .badRequest)
        #expect(String(decoding: response.body, as: UTF8.self).contains("Accepted: a plain relative name"))
    }

    @Test func enforcesTheSizeBudget() {
        let directory = Self.fixture()
        defer { directory.remove() }
        #expect(throws: StaticFilesError.self) { try StaticFiles(directory: directory.path, maxTotalBytes: 10) }
        #expect(throws: StaticFilesError.self) { try StaticFiles(directory: directory.path + "/missing") }
    }
}
