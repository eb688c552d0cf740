import Dispatch
import PlaygroundTesting
import Testing

@testable import PlaygroundHTTP

/// `HTTPResult.later`: the request's connection waits suspended while the answer is worked out elsewhere, so the
/// server thread goes on serving everyone else.
@Suite struct DeferredAnswerTests {
    /// Waits (bounded) until the `/later` route has handed out `count` answers.
    static func waitForLater(_ server: TestServer, count: Int) async throws {
        for _ in 0..<500 where server.laterAnswers.count < count { try await Task.sleep(for: .milliseconds(10)) }
        #expect(server.laterAnswers.count == count)
    }

    @Test func aWaitingAnswerHoldsNoServerThreadAndTheConnectionStaysAlive() async throws {
        let server = try TestServer { $0.threads = 1 }
        defer { server.server.shutdown() }
        let waiting = try server.connect()
        try waiting.send("GET /later HTTP/1.1\r\nHost: t\r\n\r\n")
        try await Self.waitForLater(server, count: 1)
        // The one server thread answers another client meanwhile.
        let other = try server.connect()
        try other.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try await other.readResponse().text == "hello")
        #expect(waiting.text.isEmpty, "nothing was sent before the answer")
        server.laterAnswers.answerAll("done")
        let answered = try await waiting.readResponse()
        #expect(answered.status == 200)
        #expect(answered.text == "done")
        try waiting.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try await waiting.readResponse().text == "hello")
    }

    @Test func anAnswerGivenBeforeTheRouteReturnsIsSentAtOnce() async throws {
        let server = try TestServer()
        defer { server.server.shutdown() }
        let socket = try server.connect()
        for _ in 0..<3 {
            try socket.send("GET /later-now HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try await socket.readResponse().text == "at once")
        }
    }

    @Test func shutdownAnswersWaitingRequests503AndStops() async throws {
        let server = try TestServer()
        let waiting = try server.connect()
        try waiting.send("GET /later HTTP/1.1\r\nHost: t\r\n\r\n")
        try await Self.waitForLater(server, count: 1)
        let stopped = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            server.server.shutdown()
            stopped.signal()
        }
        let answer = try await waiting.readResponse()
        #expect(answer.status == 503)
        #expect(answer.text.contains("shutting_down"))
        #expect(stopped.wait(timeout: .now() + 10) == .success)
        server.laterAnswers.answerAll("too late")  // ignored: the first answer counted
    }
}
