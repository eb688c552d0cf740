import PlaygroundTesting
import Testing
@testable import PlaygroundHTTP

@Suite struct HTTPServerTests {
    @Test func keepAliveServesTwoRequestsOnOneSocket() async throws {
        let server = try TestServer()
        defer { server.server.shutdown() }
        let socket = try server.connect()
        try socket.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        let first = try await socket.readResponse()
        #expect(first.status == 200)
        #expect(first.text == "hello")
        #expect(first.header("Connection")?.lowercased() != "close")
        try socket.send("GET /rooms/r1?v=3 HTTP/1.1\r\nHost: t\r\n\r\n")
        let second = try await socket.readResponse()
        #expect(second.text == "room r1 v=3")
        #expect(!socket.sawEOF)
        #expect(server.server.metrics.requests == 2)
    }

    @Test func unknownPathIs404AndWrongMethodIs405WithAllow() async throws {
        let server = try TestServer()
        defer { server.server.shutdown() }
        let socket = try server.connect()
        try socket.send("GET /missing HTTP/1.1\r\nHost: t\r\n\r\n")
        let missing = try await socket.readResponse()
        #expect(missing.status == 404)
        #expect(missing.header("Content-Type") == "application/json; charset=utf-8")
        #expect(missing.text.hasPrefix(#"{"error":{"code":"not_found","message":"#))
        try socket.send("DELETE /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        let wrong = try await socket.readResponse()
        #expect(wrong.status == 405)
        #expect(wrong.header("Allow") == "GET, POST, HEAD")
    }

    @Test func headAnswersWithoutBody() async throws {
        let server = try TestServer()
        defer { server.server.shutdown() }
        let socket = try server.connect()
        try socket.send("HEAD /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        let head = try await socket.readResponse(bodiless: true)
        #expect(head.status == 200)
        #expect(head.header("Content-Length") == "5")
        try socket.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try await socket.readResponse().text == "hello")  // nothing stray was left between the two
    }

    @Test func bodiesAreReceivedUpToTheLimit() async throws {
        let server = try TestServer { $0.maxBodyBytes = 64 }
        defer { server.server.shutdown() }
        let socket = try server.connect()
        let body = String(repeating: "b", count: 64)
        try socket.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 64\r\n\r\n" + body)
        #expect(try await socket.readResponse().text == body)
        try socket.send("POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n")
        #expect(try await socket.readResponse().text == "abcde")
    }

    @Test func oversizedContentLengthIs413AtOnce() async throws {
        let server = try TestServer { $0.maxBodyBytes = 64 }
        defer { server.server.shutdown() }
        let socket = try server.connect()
        // Only the head is sent: the answer must not wait for the body.
        try socket.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 65\r\n\r\n")
        let response = try await socket.readResponse()
        #expect(response.status == 413)
        #expect(response.text.contains("64 bytes"))
    }

    @Test func oversizedChunkedBodyIs413() async throws {
        let server = try TestServer { $0.maxBodyBytes = 64 }
        defer { server.server.shutdown() }
        let socket = try server.connect()
        let chunk = String(repeating: "x", count: 40)
        try socket.send(
            "POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n28\r\n\(chunk)\r\n28\r\n\(chunk)\r\n0\r\n\r\n")
        let response = try await socket.readResponse()
        #expect(response.status == 413)
        #expect(response.text.contains("body_too_large"))
    }

    /// libmicrohttpd's pool lets one worker take a burst of up to ten connections; the acceptor deals them in turn.
    @Test func aBurstOfConnectionsIsSpreadOverThePool() async throws {
        let server = try TestServer { $0.threads = 2 }
        defer { server.server.shutdown() }
        let sockets = try (0..<12).map { _ in try server.connect() }
        for socket in sockets { try socket.send("GET /thread HTTP/1.1\r\nHost: t\r\n\r\n") }
        var threads: [String: Int] = [:]
        for socket in sockets { threads[try await socket.readResponse().text, default: 0] += 1 }
        #expect(threads.values.sorted() == [6, 6], "connections per server thread: \(threads.values.sorted())")
    }

    @Test func manyRequestsInParallelKeepTheirConnections() async throws {
        let server = try TestServer { $0.threads = 2 }
        defer { server.server.shutdown() }
        let sockets = try (0..<50).map { _ in try server.connect() }
        for round in 0..<2 {
            for socket in sockets { try socket.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\n\r\n\(round)") }
            for socket in sockets { #expect(try await socket.readResponse().text == "\(round)") }
        }
    }

    @Test func shutdownIsIdempotentAndSafeBeforeStart() async throws {
        let idle = HTTPServer(configuration: HTTPServerConfiguration(), responder: Router(), logger: .init(label: "t"))
        idle.shutdown()
        idle.shutdown()
        #expect(throws: HTTPServerError.self) { try idle.start() }
        let server = try TestServer()
        #expect(server.port != 0)
        server.server.shutdown()
        server.server.shutdown()
        #expect(server.server.port == 0)
    }

    @Test func busyPortIsAClearError() async throws {
        let first = try TestServer()
        defer { first.server.shutdown() }
        var configuration = HTTPServerConfiguration()
        configuration.port = first.port
        let second = HTTPServer(configuration: configuration, responder: Router(), logger: .init(label: "t"))
        #expect(throws: HTTPServerError.self) { try second.start() }
        var bad = HTTPServerConfiguration()
        bad.host = "example.org"
        #expect(throws: HTTPServerError.self) {
            try HTTPServer(configuration: bad, responder: Router(), logger: .init(label: "t")).start()
        }
    }

    @Test func staticFilesOverTheWire() async throws {
        let directory = TempDirectory()
        defer { directory.remove() }
        directory.write("app.js", "let a = 1")
        directory.write("secret.txt", "s")
        directory.symlink("passwd", to: "/etc/passwd")
        let files = try StaticFiles(directory: directory.path)
        let server = try TestServer(staticFiles: files)
        defer { server.server.shutdown() }
        let socket = try server.connect()
        func get(_ target: String, _ extra: String = "") async throws -> TestResponse {
            try socket.send("GET \(target) HTTP/1.1\r\nHost: t\r\n\(extra)\r\n")
            return try await socket.readResponse()
        }
        let ok = try await get("/public/app.js")
        #expect(ok.status == 200)
        #expect(ok.text == "let a = 1")
        #expect(ok.header("Content-Type") == "text/javascript; charset=utf-8")
        let etag = try #require(ok.header("ETag"))
        #expect(try await get("/public/app.js", "If-None-Match: \(etag)\r\n").status == 304)
        #expect(try await get("/public/app.js?v=\(files.versionTag(of: "app.js")!)").header("Cache-Control")?.contains("immutable") == true)
        #expect(try await get("/public/../secret.txt").status == 400)
        #expect(try await get("/public/%2e%2e/secret.txt").status == 400)
        #expect(try await get("/public/%2e%2e%2fsecret.txt").status == 400)
        #expect(try await get("/public/%2fetc%2fpasswd").status == 400)
        #expect(try await get("/public//etc/passwd").status == 400)
        #expect(try await get("/public/%252e%252e/secret.txt").status == 400)
        #expect(try await get("/public/passwd").status == 404)
        #expect(try await get("/public/nope.js").status == 404)
    }
}
