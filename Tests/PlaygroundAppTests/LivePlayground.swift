import AppSeam
import Foundation
import Logging
import MovieCatalog
import PlaygroundApp
import PlaygroundTesting
import StandardApps
import Testing

/// The real playground on 127.0.0.1, port 0, with the checkout's Public/, Samples/ and Data/.
final class LivePlayground: Sendable {
    let playground: Playground

    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// `apps` keeps only those apps (ids): tests that count a room's patches leave out the posts and the products,
    /// whose lists load by themselves when the room is first drawn (a patch nobody posted).
    /// `postsFile` serves other posts than `Data/posts.json`.
    init(apps: [String]? = nil, postsFile: String? = nil, _ configure: (inout PlaygroundConfiguration) -> Void = { _ in }) async throws {
        let standard = StandardApps.registry()
        var configuration = PlaygroundConfiguration(
            apps: apps.map { ids in AppRegistry(standard.apps.filter { ids.contains($0.about.id) }) } ?? standard,
            publicDirectory: Self.checkout.appendingPathComponent("Public").path,
            backEnds: try StandardBackEnds(
                moviesFile: Self.checkout.appendingPathComponent("Data/movies.csv").path, postsFile: postsFile,
                catalog: try await ShippedCatalog.catalog()
            ).routes,
            samplesDirectory: Self.checkout.appendingPathComponent("Samples").path)
        configuration.http.port = 0
        configuration.samples.randomSeed = 7
        // A journal of its own, as `playground` keeps one by default.
        configuration.dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("playground-tests-\(UUID())").path
        configure(&configuration)
        var logger = Logger(label: "PlaygroundAppTests")
        logger.logLevel = .warning
        playground = try Playground(configuration: configuration, logger: logger)
        try playground.start()
    }

    var port: UInt16 { playground.port }

    /// One request on a fresh connection.
    /// `source` binds the client socket to that loopback address (127.0.0.2, …), standing for another client.
    func request(
        _ method: String, _ path: String, headers: [String: String] = [:], body: String? = nil, source: String? = nil
    ) async throws -> TestResponse {
        let socket = try TestSocket(port: port, source: source)
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if let body { head += "Content-Length: \(body.utf8.count)\r\n" }
        try socket.send(head + "\r\n" + (body ?? ""))
        // 30 s, not the socket's 15: a parallel run starts dozens of playgrounds at once on a loaded machine.
        return try await socket.readResponse(timeout: .seconds(30), bodiless: method == "HEAD")
    }

    /// Makes a room and returns its path (`/rooms/<id>`).
    func newRoom(source: String? = nil) async throws -> String {
        let response = try await request("GET", "/", source: source)
        guard response.status == 303, let location = response.header("Location") else {
            throw TestSocket.Failure(description: "GET / answered \(response.status) \(response.text)")
        }
        return location
    }

    /// POSTs a JSON event to the room.
    func post(_ room: String, _ json: String, headers: [String: String] = [:], source: String? = nil) async throws -> TestResponse {
        try await request(
            "POST", room + "/events", headers: ["Content-Type": "application/json"].merging(headers) { $1 }, body: json, source: source)
    }

    /// Opens the room's stream and waits for its response head.
    func subscribe(_ room: String, headers: [String: String] = [:], query: String = "", source: String? = nil) async throws -> TestSocket {
        let socket = try TestSocket(port: port, source: source)
        var head = "GET \(room)/stream\(query) HTTP/1.1\r\nHost: t\r\nAccept: text/event-stream\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        try socket.send(head + "\r\n")
        guard await socket.read(until: { TestResponse.headEnd($0) != nil }) else {
            throw TestSocket.Failure(description: "no stream head: \(socket.text.prefix(200))")
        }
        return socket
    }

    func state(_ room: String) async throws -> String {
        try await request("GET", room + "/state").text
    }

    /// One app's part of the room's `/state`: what a refused input must leave as it was, while the room's other
    /// apps may still be finishing their loads (later on a slow machine).
    func state(_ room: String, app: String) async throws -> NSDictionary {
        let json = try JSONSerialization.jsonObject(with: Data(try await state(room).utf8)) as? [String: Any]
        return try #require(json?[app] as? [String: Any]) as NSDictionary
    }
}

extension TestSocket {
    /// Waits until the stream body contains `text`.
    func waitFor(_ text: String, timeout: Duration = .seconds(30)) async -> Bool {
        await read(timeout: timeout) { _ in self.streamBody.contains(text) }
    }

    /// The `id:` lines of the stream so far.
    var eventIDs: [String] {
        streamBody.split(separator: "\n").filter { $0.hasPrefix("id: ") }.map { String($0.dropFirst(4)) }
    }
}
