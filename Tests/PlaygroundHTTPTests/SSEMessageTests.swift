import PlaygroundTesting
import Testing
@testable import PlaygroundHTTP

@Suite struct SSEMessageTests {
    @Test func framesEventIdAndMultiLineData() {
        let message = SSEMessage(event: "patch", id: "7", data: "a\nb\r\nc\rd")
        #expect(message.text == "event: patch\nid: 7\ndata: a\ndata: b\ndata: c\ndata: d\n\n")
        #expect(message.byteCount == message.text.utf8.count)
    }

    /// A room's replay log keeps these bytes (issue #27's memory): a patch of several fragments, one line each, is
    /// stored at about its size, not in storage that doubled as its `data: ` prefixes outgrew a guess.
    @Test func storesAPatchOfManyLinesAtItsSize() {
        for lines in [1, 2, 5, 40] {
            let data = (0..<lines).map { "<div id=\"f\($0)\">" + String(repeating: "x", count: 1_000) + "</div>" }.joined(separator: "\n")
            let message = SSEMessage(event: "patch", id: "123456", data: data)
            #expect(message.byteCount == message.text.utf8.count)
            #expect(message.storage.bytes.capacity <= message.byteCount + 64, "\(lines) lines")
        }
    }

    @Test func keepsEmptyLinesAndTrailingNewlineOfData() {
        #expect(SSEMessage(event: nil, id: nil, data: "").text == "data:\n\n")
        #expect(SSEMessage(event: nil, id: nil, data: "x\n").text == "data: x\ndata:\n\n")
        #expect(SSEMessage(event: nil, id: nil, data: "\r\n\r\n").text == "data:\ndata:\ndata:\n\n")
        #expect(SSEMessage(event: nil, id: nil, data: "a\r").text == "data: a\ndata:\n\n")
        #expect(SSEMessage(event: nil, id: nil, data: "\n\ra\r\r\nb").text == "data:\ndata:\ndata: a\ndata:\ndata: b\n\n")
    }

    @Test func stripsCRLFAndNULFromEventAndId() {
        let message = SSEMessage(event: "pa\ntch\r\ndata: evil", id: "1\r2\n3\u{0}4", data: "ok")
        #expect(message.text == "event: patchdata: evil\nid: 1234\ndata: ok\n\n")
        let lines = message.text.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("data:") }.count == 1)
    }

    @Test func writesRetryAndUTF8() {
        #expect(SSEMessage(event: "e", id: nil, data: "é ✓", retry: 2_500).text == "event: e\nretry: 2500\ndata: é ✓\n\n")
        #expect(SSEMessage.retry(1_000).text == "retry: 1000\n\n")
        #expect(SSEMessage.retry(-5).text == "retry: 0\n\n")
    }

    @Test func commentsCannotStartAField() {
        #expect(SSEMessage.comment("heartbeat").text == ": heartbeat\n\n")
        #expect(SSEMessage.comment("a\ndata: x\r\nb").text == ": a\n: data: x\n: b\n\n")
        #expect(SSEMessage.comment("").text == ":\n\n")
    }

    @Test func subscribersShareOneBuffer() {
        let message = SSEMessage(event: nil, id: nil, data: "shared")
        let copy = message
        #expect(copy.storage === message.storage)
    }
}

@Suite struct EventStreamQueueTests {
    @Test func sendPastTheLimitDropsAndFinishes() {
        let stream = EventStream(queueLimit: 2)
        let message = SSEMessage.comment("x")
        #expect(stream.send(message))
        #expect(stream.send(message))
        #expect(!stream.send(message))
        #expect(stream.isFinished)
        #expect(stream.wasDropped)
        #expect(stream.queuedCount == 0)
        #expect(!stream.send(message))
    }

    @Test func finishWithoutConnectionRunsTerminationOnce() {
        let stream = EventStream(queueLimit: 4)
        let calls = Counter()
        stream.onTermination { calls.increment() }
        stream.finish()
        stream.finish()
        #expect(calls.value == 1)
        stream.onTermination { calls.increment() }  // already terminated: runs at once
        #expect(calls.value == 2)
    }

    @Test func hubRemovesTerminatedStreamsAndCountsDrops() {
        let hub = EventStreamHub()
        let streams = (0..<5).map { _ in EventStream(queueLimit: 1) }
        for stream in streams { hub.add(stream) }
        hub.add(streams[0])
        #expect(hub.count == 5)
        streams[1].finish()
        #expect(hub.count == 4)
        hub.publish(.comment("a"))
        #expect(hub.queueHighWater == 1)
        hub.publish(.comment("b"))  // every queue is full: all four are dropped (and, unattached, terminated)
        #expect(hub.droppedCount == 4)
        #expect(hub.count == 0)
    }
}

final class Counter: Sendable {
    private let storage = Mutex(0)
    func increment() { storage.withLock { $0 += 1 } }
    var value: Int { storage.withLock { $0 } }
}

import Synchronization
