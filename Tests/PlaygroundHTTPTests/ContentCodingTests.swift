import PlaygroundTesting
import Testing
@testable import PlaygroundHTTP

@Suite struct ContentCodingTests {
    @Test(arguments: [
        ("gzip", true), ("GZIP", true), ("x-gzip", true), ("gzip, deflate, br, zstd", true), ("br;q=1.0, gzip;q=0.8", true),
        ("*", true), ("br, *;q=0.1", true), ("gzip;q=0", false), ("gzip;q=0.000", false), ("*;q=0", false),
        ("identity", false), ("br", false), ("", false), ("gzip;q=0, *", false), ("*, gzip;q=0", false),
        ("gzip;q=nonsense", false), (" gzip ; q=0.5 ", true),
    ])
    func acceptEncoding(header: String, accepted: Bool) {
        #expect(ContentCoding.acceptsGzip(header) == accepted)
    }

    @Test func noHeaderMeansIdentity() {
        #expect(!ContentCoding.acceptsGzip(nil))
    }

    private static let page = Array(String(repeating: "<li class=\"list-row\">Star Wars (1977) · ★ 8.8</li>\n", count: 200).utf8)

    @Test func aLargePageIsCompressedForAClientThatAcceptsGzip() throws {
        let response = ContentCoding.encode(.html(.ok, String(decoding: Self.page, as: UTF8.self)), acceptEncoding: "gzip, br")
        #expect(response.headers["Content-Encoding"] == "gzip")
        #expect(response.headers["Vary"] == "Accept-Encoding")
        #expect(Array(response.body.prefix(3)) == [0x1F, 0x8B, 8], "a gzip member: magic and deflate")
        #expect(response.body.count < Self.page.count / 10)
        #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
    }

    @Test func withoutGzipTheBodyIsUntouchedButVaries() {
        let original = HTTPResponse.html(.ok, String(decoding: Self.page, as: UTF8.self))
        let response = ContentCoding.encode(original, acceptEncoding: "gzip;q=0")
        #expect(response.body == Self.page)
        #expect(response.headers["Content-Encoding"] == nil)
        #expect(response.headers["Vary"] == "Accept-Encoding")
    }

    @Test func smallBodiesErrorsBinariesAndEncodedBodiesGoAsTheyAre() {
        let small = ContentCoding.encode(.json(.ok, #"{"seq":1}"#), acceptEncoding: "gzip")
        #expect(small.headers["Content-Encoding"] == nil && small.body == Array(#"{"seq":1}"#.utf8))
        let error = HTTPResponse(status: .notFound, headers: ["Content-Type": "text/html"], body: Self.page)
        #expect(ContentCoding.encode(error, acceptEncoding: "gzip").body == Self.page)
        let binary = HTTPResponse(status: .ok, headers: ["Content-Type": "image/png"], body: Self.page)
        #expect(ContentCoding.encode(binary, acceptEncoding: "gzip").body == Self.page)
        let encoded = HTTPResponse(status: .ok, headers: ["Content-Type": "text/css", "Content-Encoding": "gzip"], body: [1, 2, 3])
        #expect(ContentCoding.encode(encoded, acceptEncoding: "gzip").body == [1, 2, 3])
    }

    @Test func anExistingVaryKeepsItsNames() {
        var headers: HTTPHeaders = ["Vary": "Origin"]
        ContentCoding.addVary(to: &headers)
        #expect(headers["Vary"] == "Origin, Accept-Encoding")
        ContentCoding.addVary(to: &headers)
        #expect(headers["Vary"] == "Origin, Accept-Encoding")
    }

    @Test func staticFilesKeepAGzipFormWithItsOwnETag() throws {
        let directory = TempDirectory()
        defer { directory.remove() }
        directory.write("app.js", String(decoding: Self.page, as: UTF8.self))
        directory.write("tiny.css", "a{}")
        let files = try StaticFiles(directory: directory.path)
        func get(_ name: String, _ headers: HTTPHeaders) -> HTTPResponse {
            files.response(for: name, request: HTTPRequest(method: .get, path: "/public/" + name, headers: headers))
        }
        let plain = get("app.js", [:])
        let gzipped = get("app.js", ["Accept-Encoding": "gzip"])
        #expect(plain.body == Self.page && plain.headers["Content-Encoding"] == nil)
        #expect(gzipped.headers["Content-Encoding"] == "gzip" && Array(gzipped.body.prefix(2)) == [0x1F, 0x8B])
        #expect(plain.headers["Vary"] == "Accept-Encoding" && gzipped.headers["Vary"] == "Accept-Encoding")
        let (plainTag, gzipTag) = (try #require(plain.headers["ETag"]), try #require(gzipped.headers["ETag"]))
        #expect(plainTag != gzipTag)
        #expect(get("app.js", ["Accept-Encoding": "gzip", "If-None-Match": gzipTag]).status == .notModified)
        #expect(get("app.js", ["Accept-Encoding": "gzip", "If-None-Match": plainTag]).status == .ok)
        // A file too small to gain keeps one form and does not vary.
        let tiny = get("tiny.css", ["Accept-Encoding": "gzip"])
        #expect(tiny.body == Array("a{}".utf8) && tiny.headers["Content-Encoding"] == nil && tiny.headers["Vary"] == nil)
    }
}
