import PlaygroundTesting
import Testing
@testable import PlaygroundHTTP

#if canImport(Glibc)
    import Glibc
#endif

/// The fan-out mechanisms at a scale past libmicrohttpd's select() and default connection limits (issue #5).
/// Bounded, no timing assertions: the figures come from `make bench` (BENCHMARKS.md).
@Suite(.serialized) struct FanOutScaleTests {
    @Test func twoThousandStreamsAllReceiveOneEvent() async throws {
        let server = try TestServer { $0.maxStreamsPerClient = 0 }  // one test client holds them all
        defer { server.server.shutdown() }
        let sockets = try await subscribeInBatches(server, 2_000)
        #expect(await eventually { server.hub.count == 2_000 })
        // Let every reader suspend after its `retry:`, so the publish resumes 2,000 suspended connections in a batch.
        try await Task.sleep(for: .milliseconds(200))
        server.hub.publish(SSEMessage(event: "patch", id: "1", data: "<p id=\"x\">all</p>"))
        let expected = "retry: 1000\n\nevent: patch\nid: 1\ndata: <p id=\"x\">all</p>\n\n"
        var received = 0
        for socket in sockets where await socket.read(until: { _ in socket.streamBody == expected }) { received += 1 }
        #expect(received == 2_000)
        #expect(server.server.metrics.openStreams == 2_000)
        #expect(server.server.metrics.droppedSlowStreams == 0)
    }

    @Test func aStalledReaderOfSmallMessagesIsDroppedByDefault() async throws {
        // Default queue limit (64) and the default per-stream send buffer: with 1 KiB-class messages a subscriber
        // that stops reading fills the kernel buffers and its queue after a few hundred messages, not megabytes.
        let server = try TestServer { $0.maxStreamsPerClient = 0 }  // one test client holds them all
        defer { server.server.shutdown() }
        let stalled = try await server.subscribe(receiveBuffer: 2_048)
        let readers = try await subscribeMany(server, 3)
        #expect(await eventually { server.hub.count == 4 })
        let fragment = String(repeating: "<b>1 KiB-class patch</b>", count: 40)
        var round = 0
        var othersOK = true
        while server.hub.droppedCount == 0, round < 2_000 {
            round += 1
            server.hub.publish(SSEMessage(event: "patch", id: "\(round)", data: fragment))
            if round % 50 == 0 {
                for reader in readers {
                    let ok = await reader.read { _ in reader.streamBody.hasSuffix("id: \(round)\ndata: \(fragment)\n\n") }
                    othersOK = othersOK && ok
                }
            }
        }
        #expect(server.hub.droppedCount == 1, "not dropped after \(round) messages")
        server.hub.publish(SSEMessage(event: "patch", id: "last", data: "still here"))
        for reader in readers {
            let ok = await reader.read { _ in reader.streamBody.hasSuffix("id: last\ndata: still here\n\n") }
            othersOK = othersOK && ok
        }
        #expect(othersOK)
        #expect(await eventually(timeout: .seconds(10)) { server.server.metrics.openStreams == 3 })
        #expect(server.server.metrics.droppedSlowStreams == 1)
        _ = stalled
    }

    @Test func tenRoundsOfConnectAndDisconnectLeakNoDescriptorsOrStreams() async throws {
        let server = try TestServer { $0.heartbeatSeconds = 1 }
        defer { server.server.shutdown() }
        for round in 1...10 {
            try await connectAndLeave(server, 50, round: round)
            #expect(server.hub.count == 0 && server.server.metrics.openStreams == 0, "round \(round)")
            // Every server-side socket is closed (other suites run in parallel, so count this server's port only).
            #expect(await eventually { serverSideSockets(port: server.port) == 0 }, "round \(round)")
        }
        // 500 streams came and went, and every one of them was freed: nothing the server kept per stream leaked.
        // (Resident memory is not a usable measure here: other suites allocate in this process meanwhile;
        // `make bench` reports memory per stream from a server process of its own.)
        let alive = server.streams.alive
        #expect(alive.ofTracked == 500)
        #expect(await eventually { server.streams.alive.count == 0 }, "\(server.streams.alive.count) streams still alive")
    }

    @Test func shutdownWithThousandsOfOpenStreamsIsClean() async throws {
        let server = try TestServer { $0.maxStreamsPerClient = 0 }  // one test client holds them all
        let sockets = try await subscribeInBatches(server, 2_000)
        #expect(await eventually { server.server.metrics.openStreams == 2_000 })
        server.server.shutdown()  // would abort the process if any connection were still suspended
        #expect(server.server.metrics.openStreams == 0)
        #expect(server.hub.count == 0)
        var clean = 0
        for socket in sockets where await socket.waitForEOF(timeout: .seconds(2)) {
            if socket.streamBody == "retry: 1000\n\n" { clean += 1 }
        }
        #expect(clean == 2_000)
    }
}

/// Opens `count` streams: requests go out 500 at a time before any head is awaited (heads are then already there).
private func subscribeInBatches(_ server: TestServer, _ count: Int) async throws -> [TestSocket] {
    var sockets: [TestSocket] = []
    while sockets.count < count {
        var batch: [TestSocket] = []
        for _ in 0..<min(500, count - sockets.count) {
            let socket = try server.connect()
            try socket.send("GET /stream HTTP/1.1\r\nHost: t\r\nAccept: text/event-stream\r\n\r\n")
            batch.append(socket)
        }
        for socket in batch where await !socket.read(timeout: .seconds(10), until: { TestResponse.headEnd($0) != nil }) {
            throw TestSocket.Failure(description: "no stream head: \(socket.text.prefix(200))")
        }
        sockets += batch
    }
    return sockets
}

/// Opens `count` streams, closes them, and publishes until the server has noticed every one of them left.
private func connectAndLeave(_ server: TestServer, _ count: Int, round: Int) async throws {
    var sockets = try await subscribeMany(server, count)
    #expect(await eventually { server.hub.count == count })
    for socket in sockets { socket.close() }
    sockets = []  // closes the descriptors
    let released = await eventually(timeout: .seconds(8)) {
        server.hub.publish(SSEMessage(event: nil, id: nil, data: "r\(round)"))
        return server.hub.count == 0 && server.server.metrics.openStreams == 0
    }
    #expect(released, "round \(round): hub \(server.hub.count), open \(server.server.metrics.openStreams)")
}

/// Accepted sockets of the server on `port` that are not closed yet (`/proc/net/tcp`: local port `port`, any state
/// but LISTEN and TIME_WAIT, which belong to no descriptor).
private func serverSideSockets(port: UInt16) -> Int {
    guard let file = fopen("/proc/net/tcp", "r") else { return -1 }
    defer { fclose(file) }
    let local = ":" + String(port, radix: 16, uppercase: true).leftPadded(to: 4)
    var line = [CChar](repeating: 0, count: 512)
    var count = 0
    while fgets(&line, 512, file) != nil {
        let fields = line.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }.split(separator: " ")
        guard fields.count > 3, fields[1].hasSuffix(local), fields[3] != "0A", fields[3] != "06" else { continue }
        count += 1
    }
    return count
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
