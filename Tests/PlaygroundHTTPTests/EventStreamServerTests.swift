import PlaygroundTesting
import Testing
@testable import PlaygroundHTTP

@Suite struct EventStreamServerTests {
    @Test func headersArriveAtOnceEvenWithAnEmptyQueue() async throws {
        let server = try TestServer()
        defer { server.server.shutdown() }
        // Nothing is ever published on this stream: the head can only come from the server answering at once.
        let socket = try await server.subscribe("/stream-empty")
        let head = try #require(socket.streamHead)
        #expect(head.status == 200)
        #expect(head.header("Content-Type") == "text/event-stream; charset=utf-8")
        #expect(head.header("Cache-Control") == "no-cache")
        #expect(head.header("X-Accel-Buffering") == "no")
        // No chunked framing: the body is the event stream itself and ends with the connection.
        #expect(head.header("Transfer-Encoding") == nil)
        #expect(head.header("Connection") == "close")
        #expect(socket.streamBody == "")
    }

    @Test func twoSubscribersBothReceiveAPublishedMessage() async throws {
        let server = try TestServer()
        defer { server.server.shutdown() }
        let first = try await server.subscribe()
        let second = try await server.subscribe("/stream-empty")
        #expect(await first.read { _ in first.streamBody == "retry: 1000\n\n" })
        #expect(await eventually { server.hub.count == 2 })
        let message = SSEMessage(event: "patch", id: "1", data: "<p id=\"a\">\nhi</p>")
        server.hub.publish(message)
        let expected = "event: patch\nid: 1\ndata: <p id=\"a\">\ndata: hi</p>\n\n"
        #expect(await first.read { _ in first.streamBody == "retry: 1000\n\n" + expected })
        #expect(await second.read { _ in second.streamBody == expected })
        for index in 2...20 { server.hub.publish(SSEMessage(event: nil, id: "\(index)", data: "m\(index)")) }
        #expect(await second.read { _ in second.streamBody.hasSuffix("id: 20\ndata: m20\n\n") })
        #expect(server.server.metrics.openStreams == 2)
        #expect(server.server.metrics.peakStreams == 2)
    }

    @Test func largeMessagesArriveWholeAcrossManyReads() async throws {
        let server = try TestServer()
        defer { server.server.shutdown() }
        let socket = try await server.subscribe()
        let data = String(repeating: "0123456789", count: 5_000)  // larger than the reader's block
        server.hub.publish(SSEMessage(event: nil, id: nil, data: data))
        server.hub.publish(SSEMessage(event: nil, id: nil, data: "tail"))
        #expect(await socket.read { _ in socket.streamBody.hasSuffix("data: tail\n\n") })
        #expect(socket.streamBody == "retry: 1000\n\ndata: \(data)\n\ndata: tail\n\n")
    }

    @Test func aNonReadingSubscriberIsDroppedWhileAnotherKeepsReceiving() async throws {
        // The default connection timeout (60 s): a short one would close the stalled connection on its own when
        // the machine is slow between publishes, before its queue fills, and nothing would be dropped.
        let server = try TestServer { $0.streamQueueLimit = 4 }
        defer { server.server.shutdown() }
        let stalled = try await server.subscribe(receiveBuffer: 1_024)
        let reader = try await server.subscribe()
        #expect(await eventually { server.hub.count == 2 })
        let big = String(repeating: "x", count: 64 * 1_024)
        var round = 0
        var readerOK = true
        while server.hub.droppedCount == 0, round < 200 {
            round += 1
            server.hub.publish(SSEMessage(event: nil, id: "\(round)", data: big))
            let arrived = await reader.read { _ in reader.streamBody.hasSuffix("id: \(round)\ndata: \(big)\n\n") }
            readerOK = readerOK && arrived
        }
        #expect(server.hub.droppedCount == 1)
        #expect(readerOK)
        server.hub.publish(SSEMessage(event: nil, id: "after", data: "still here"))
        #expect(await reader.read { _ in reader.streamBody.hasSuffix("id: after\ndata: still here\n\n") })
        // The dropped connection is closed at once (its socket shut down), not by a timeout, and its stream released.
        #expect(await eventually(timeout: .seconds(10)) { server.server.metrics.openStreams == 1 })
        #expect(server.hub.count == 1)
        #expect(server.server.metrics.droppedSlowStreams == 1)
        #expect(server.server.metrics.queueHighWater == 4)
        _ = stalled
    }

    @Test func streamsAreReleasedWhenClientsDisconnect() async throws {
        let server = try TestServer { $0.heartbeatSeconds = 1 }
        defer { server.server.shutdown() }
        for round in 1...10 {
            let sockets = try await subscribeMany(server, 10)
            #expect(await eventually { server.hub.count == 10 })
            for socket in sockets { socket.close() }
            // A dead peer is noticed on the next writes after a resume: publish, as the app would.
            let released = await eventually(timeout: .seconds(8)) {
                server.hub.publish(SSEMessage(event: nil, id: nil, data: "r\(round)"))
                return server.hub.count == 0 && server.server.metrics.openStreams == 0
            }
            #expect(released, "round \(round): hub \(server.hub.count), open \(server.server.metrics.openStreams)")
            if !released { return }
        }
        #expect(server.server.metrics.peakStreams == 10)
    }

    @Test func moreStreamsThanTheBudgetGet503() async throws {
        let server = try TestServer { $0.maxStreams = 3 }
        defer { server.server.shutdown() }
        let open = try await subscribeMany(server, 3)
        let refused = try server.connect()
        try refused.send("GET /stream HTTP/1.1\r\nHost: t\r\n\r\n")
        let response = try await refused.readResponse()
        #expect(response.status == 503)
        #expect(response.text.contains("too_many_streams"))
        #expect(await eventually { server.hub.count == 3 })  // the refused stream left the hub
        #expect(server.server.metrics.openStreams == 3)
        _ = open
    }

    @Test func shutdownWithManyOpenStreamsIsPromptAndClientsSeeEOF() async throws {
        // A grace period far longer than any loaded run's shutdown: waiting it out cannot pass for prompt.
        let server = try TestServer { $0.shutdownGraceSeconds = 300 }
        let sockets = try await subscribeMany(server, 200)
        #expect(await eventually { server.server.metrics.openStreams == 200 })
        let started = ContinuousClock.now
        server.server.shutdown()
        let elapsed = ContinuousClock.now - started
        #expect(elapsed < .seconds(30), "shutdown took \(elapsed); the grace period it must not wait out is 300 s")
        #expect(server.server.metrics.openStreams == 0)
        #expect(server.hub.count == 0)
        var closed = 0
        for socket in sockets where await socket.waitForEOF() { closed += 1 }
        #expect(closed == 200)
        // Each stream ended after its queued bytes, on a whole message.
        #expect(sockets.allSatisfy { $0.sawEOF && $0.streamBody == "retry: 1000\n\n" })
    }

    @Test func heartbeatsReachOpenStreams() async throws {
        let server = try TestServer { $0.heartbeatSeconds = 1 }
        defer { server.server.shutdown() }
        let socket = try await server.subscribe()
        // A bound on a hang (a heartbeat is due every second), not a measure.
        #expect(await socket.read(timeout: .seconds(60)) { _ in socket.streamBody.contains(": heartbeat\n\n") })
    }

    @Test func idleStreamsOutliveTheConnectionTimeout() async throws {
        let server = try TestServer { $0.connectionTimeout = 1 }
        defer { server.server.shutdown() }
        let socket = try await server.subscribe()
        try await Task.sleep(for: .milliseconds(2_500))
        server.hub.publish(SSEMessage(event: nil, id: nil, data: "late"))
        #expect(await socket.read { _ in socket.streamBody.hasSuffix("data: late\n\n") })
        #expect(!socket.sawEOF)
    }

    @Test func threadPoolServesStreams() async throws {
        let server = try TestServer { $0.threads = 2 }
        defer { server.server.shutdown() }
        let sockets = try await subscribeMany(server, 20)
        #expect(await eventually { server.hub.count == 20 })
        server.hub.publish(SSEMessage(event: "e", id: nil, data: "pool"))
        var received = 0
        for socket in sockets where await socket.read(until: { _ in socket.streamBody.hasSuffix("event: e\ndata: pool\n\n") }) {
            received += 1
        }
        #expect(received == 20)
    }
}

/// Opens `count` streams one after another.
func subscribeMany(_ server: TestServer, _ count: Int) async throws -> [TestSocket] {
    var sockets: [TestSocket] = []
    for _ in 0..<count { sockets.append(try await server.subscribe()) }
    return sockets
}
