import PlaygroundTesting
import Dispatch
import Logging
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif
@testable import PlaygroundHTTP

/// A live server on 127.0.0.1, port 0, with the routes the tests use.
final class TestServer: Sendable {
    let server: HTTPServer
    let hub = EventStreamHub()
    let configuration: HTTPServerConfiguration
    /// Every stream the `/stream` route made, weakly: a test can check that none outlives its connection.
    let streams = StreamTracker()

    /// Released by `unblock()`: the `/block` route waits on it, holding its server thread (watchdog tests).
    let blocker = DispatchSemaphore(value: 0)

    /// The answers the `/later` route has not given yet; ``answerLater(_:)`` gives them.
    let laterAnswers = LaterAnswers()

    init(staticFiles: StaticFiles? = nil, _ configure: (inout HTTPServerConfiguration) -> Void = { _ in }) throws {
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configuration.heartbeatSeconds = 0
        configure(&configuration)
        self.configuration = configuration
        var logger = Logger(label: "PlaygroundHTTPTests")
        logger.logLevel = .warning
        server = HTTPServer(
            configuration: configuration,
            responder: Self.router(
                hub: hub, tracker: streams, queueLimit: configuration.streamQueueLimit, staticFiles: staticFiles,
                blocker: blocker, later: laterAnswers),
            logger: logger)
        try server.start()
    }

    var port: UInt16 { server.port }

    func connect(receiveBuffer: Int32? = nil, source: String? = nil) throws -> TestSocket {
        try TestSocket(port: port, receiveBuffer: receiveBuffer, source: source)
    }

    /// Opens a stream on `path` and waits for its response head.
    func subscribe(_ path: String = "/stream", receiveBuffer: Int32? = nil, source: String? = nil) async throws -> TestSocket {
        let socket = try connect(receiveBuffer: receiveBuffer, source: source)
        try socket.send("GET \(path) HTTP/1.1\r\nHost: t\r\nAccept: text/event-stream\r\n\r\n")
        guard await socket.read(timeout: .seconds(15), until: { TestResponse.headEnd($0) != nil }) else {
            throw TestSocket.Failure(description: "no stream head for \(path): \(socket.text.prefix(200))")
        }
        return socket
    }

    private static func router(
        hub: EventStreamHub, tracker: StreamTracker, queueLimit: Int, staticFiles: StaticFiles?, blocker: DispatchSemaphore,
        later: LaterAnswers
    ) -> Router {
        var router = Router()
        // The client address the server settled on (the forwarded one behind a trusted proxy).
        router.add(.get, "/whoami") { request, _ in
            .response(.text(.ok, "\(request.clientAddress ?? "-") via \(request.remoteAddress ?? "-")"))
        }
        // Holds the server thread that received it until `blocker` is signalled: a daemon loop that stops turning.
        router.add(.get, "/block") { _, _ in
            blocker.wait()
            return .response(.text(.ok, "unblocked"))
        }
        // Answered when the test says so, from the test's thread (a deferred answer: no server thread waits).
        router.add(.get, "/later") { _, _ in
            let answer = DeferredAnswer()
            later.add(answer)
            return .later(answer)
        }
        // A deferred answer given before the route returns (the server must not suspend for it).
        router.add(.get, "/later-now") { _, _ in
            let answer = DeferredAnswer()
            answer.send(.text(.ok, "at once"))
            return .later(answer)
        }
        router.add(.get, "/hello") { _, _ in .response(.text(.ok, "hello")) }
        router.add(.post, "/hello") { request, _ in .response(.text(.ok, "posted \(request.body.count)")) }
        router.add(.post, "/echo") { request, _ in .response(.text(.ok, request.bodyText)) }
        router.add(.get, "/rooms/:id") { request, parameters in
            .response(.text(.ok, "room \(parameters["id"] ?? "?") v=\(request.queryValue("v") ?? "-")"))
        }
        // Which server thread answered (to see how connections are spread over a thread pool).
        router.add(.get, "/thread") { _, _ in .response(.text(.ok, String(UInt(bitPattern: Int(pthread_self()))))) }
        // An initial message goes out with the head (the app's usual pattern).
        router.add(.get, "/stream") { _, _ in
            let stream = EventStream(queueLimit: queueLimit)
            stream.send(.retry(1_000))
            hub.add(stream)
            tracker.track(stream)
            return .eventStream(stream)
        }
        // No initial message: the head must still arrive at once.
        router.add(.get, "/stream-empty") { _, _ in
            let stream = EventStream(queueLimit: queueLimit)
            hub.add(stream)
            return .eventStream(stream)
        }
        if let staticFiles {
            router.add(.get, "/public/*path") { request, parameters in
                .response(staticFiles.response(for: parameters["path"] ?? "", request: request))
            }
        }
        return router
    }
}

/// Weak references to streams, to prove they are freed once their clients leave.
final class StreamTracker: Sendable {
    private struct WeakStream: @unchecked Sendable {  // only read under the mutex
        weak var stream: EventStream?
    }

    private let streams = Mutex<[WeakStream]>([])

    func track(_ stream: EventStream) { streams.withLock { $0.append(WeakStream(stream: stream)) } }

    /// How many tracked streams are still alive, and how many were ever tracked.
    var alive: (count: Int, ofTracked: Int) {
        streams.withLock { list in (list.count { $0.stream != nil }, list.count) }
    }
}

/// Deferred answers the `/later` route handed out and the test has not given yet.
final class LaterAnswers: Sendable {
    private let waiting = Mutex<[DeferredAnswer]>([])

    func add(_ answer: DeferredAnswer) { waiting.withLock { $0.append(answer) } }

    var count: Int { waiting.withLock { $0.count } }

    /// Gives every waiting request `text` (200).
    func answerAll(_ text: String) {
        for answer in waiting.withLock({ list in defer { list = [] }; return list }) { answer.send(.text(.ok, text)) }
    }
}
