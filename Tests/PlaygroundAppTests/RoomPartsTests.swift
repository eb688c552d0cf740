import PlaygroundHTTP
import PlaygroundJournal
import PlaygroundUI
import Testing

@testable import PlaygroundApp

@Suite("Room parts: ids, replay log, patch diffing, JSON")
struct RoomPartsTests {
    @Test func roomIDsAreUnguessableHex() {
        var seen = Set<String>()
        for _ in 0..<1_000 {
            let id = RoomID.random()
            #expect(id.description.count == 24)
            #expect(RoomID(validating: id.description) == id)
            seen.insert(id.description)
        }
        #expect(seen.count == 1_000)
        for bad in ["", "ABCDEFABCDEFABCDEFABCDEF", "0123456789abcdef0123456", "0123456789abcdef012345678", "../../etc/passwd000000000"] {
            #expect(RoomID(validating: bad) == nil)
        }
    }

    private func message(_ seq: UInt64, size: Int = 10) -> SSEMessage {
        SSEMessage(event: "patch", id: String(seq), data: String(repeating: "x", count: size))
    }

    @Test func replayLogReturnsExactlyWhatWasMissed() {
        var log = ReplayLog(maxCount: 3, maxBytes: 10_000)
        for seq in 1...5 { log.append(seq: UInt64(seq), message: message(UInt64(seq))) }
        #expect(log.entries.map(\.seq) == [3, 4, 5])
        #expect(log.messages(after: 5, latest: 5)?.count == 0)
        #expect(log.messages(after: 4, latest: 5)?.map(\.text) == [message(5).text])
        #expect(log.messages(after: 2, latest: 5)?.count == 3)
        #expect(log.messages(after: 1, latest: 5) == nil, "too old: resync")
        #expect(log.messages(after: 9, latest: 5) == nil, "from the future (a restarted server): resync")
    }

    @Test func replayLogIsBoundedByBytes() {
        var log = ReplayLog(maxCount: 100, maxBytes: 250)
        for seq in 1...10 { log.append(seq: UInt64(seq), message: message(UInt64(seq), size: 100)) }
        #expect(log.byteCount <= 250)
        #expect(log.entries.last?.seq == 10)
        var big = ReplayLog(maxCount: 100, maxBytes: 10)
        big.append(seq: 1, message: message(1, size: 1_000))
        #expect(big.entries.isEmpty, "a message over the byte limit by itself is not kept")
        #expect(big.messages(after: 0, latest: 1) == nil, "a tab that missed it resyncs")
        #expect(big.messages(after: 1, latest: 1)?.isEmpty == true, "one that saw it is up to date")
    }

    @Test func paneViewPatchesOnlyChangedFragments() {
        var view = PaneView(id: "ev-view")
        let first = RenderedView(
            html: #"<div class="x"><p id="a">1</p><p id="b">2</p></div>"#,
            fragments: [Fragment(id: "a", html: #"<p id="a">1</p>"#), Fragment(id: "b", html: #"<p id="b">2</p>"#)])
        #expect(view.update(first).map(\.id) == ["ev-view"], "first render sends the whole view")
        #expect(view.update(first).isEmpty)
        let second = RenderedView(
            html: #"<div class="x"><p id="a">1</p><p id="b">3</p></div>"#,
            fragments: [Fragment(id: "a", html: #"<p id="a">1</p>"#), Fragment(id: "b", html: #"<p id="b">3</p>"#)])
        #expect(view.update(second) == [Fragment(id: "b", html: #"<p id="b">3</p>"#)])
        let skeletonChanged = RenderedView(
            html: #"<div class="y"><p id="a">1</p><p id="b">3</p></div>"#,
            fragments: second.fragments)
        #expect(
            view.update(skeletonChanged) == [
                Fragment(
                    id: "ev-view", html: #"<div id="ev-view" class="app-root"><div class="y"><p id="a">1</p><p id="b">3</p></div></div>"#)
            ])
    }

    @Test func jsonEscapesEverythingDangerous() {
        let value = JSONValue.object([("t", .string("a\"b\\c\n</script>&\u{01}\u{2028}")), ("n", .null), ("d", .double(.nan))])
        #expect(value.text == #"{"t":"a\"b\\c\n\u003c/script\u003e\u0026\u0001\u2028","n":null,"d":null}"#)
    }
}

