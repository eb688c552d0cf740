import PlaygroundHTTP
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
        #expect(big.entries.count == 1, "the newest message is kept even when it alone is over the byte limit")
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

    @Test func traceKeepsTheLastEntriesNewestFirst() {
        let trace = Trace(capacity: 3)
        for number in 1...5 { trace.record(source: .http, event: "e\(number)", became: []) }
        #expect(trace.entries.map(\.event) == ["e5", "e4", "e3"])
        trace.complete(renderTime: .microseconds(42), bytes: 7)
        #expect(trace.entries[0].renderMicroseconds == 42)
        #expect(trace.entries[0].bytes == 7)
        #expect(trace.entries[1].bytes == nil)
        for step in 0..<100 { trace.appendStep("step \(step)") }
        #expect(trace.entries[0].became.count == Trace.maxSteps)
        #expect(trace.entries[0].omittedSteps == 100 - Trace.maxSteps)
        #expect(trace.html(id: "t").contains("… \(100 - Trace.maxSteps) more steps"))
    }
}

@Suite("Teaching layer patches")
struct TeachingPatchTests {
    private func teaching() -> Teaching {
        Teaching(
            flow: FlowStrip(id: "x-flow", title: "Flow", stages: [.init(name: "A", detail: "a")]), traceID: "x-trace",
            trace: Trace(capacity: 3))
    }

    @Test func patchesCarryOnlyWhatChanged() {
        let layer = teaching()
        #expect(layer.patches().map(\.id) == ["x-flow", "x-trace"], "first: everything")
        #expect(layer.patches().isEmpty, "nothing changed")
        layer.trace.record(source: .http, event: "e1", became: ["<b>"])
        #expect(layer.patches().map(\.id) == ["x-trace"], "the first entry replaces the empty table")
        layer.trace.record(source: .browser, event: "e2", became: [])
        let patch = layer.patches()
        #expect(patch.map(\.id) == ["x-trace-rows"])
        #expect(
            patch[0].html
                == #"<table class="trace-rows" data-rows-for="x-trace-rows" data-keep="3"><tbody><tr id="x-trace-row-2"><td>2</td><td class="source-browser">browser</td><td><code>e2</code></td><td></td><td>…</td><td>…</td></tr></tbody></table>"#
        )
        layer.trace.appendStep("later")
        #expect(layer.patches()[0].html.contains(#"<tr id="x-trace-row-2">"#))
        layer.flow.lit = [0]
        #expect(layer.patches().map(\.id) == ["x-flow"])
        #expect(layer.fragments().map(\.id) == ["x-flow", "x-trace"])
        #expect(layer.fragments()[1].html.contains("&lt;b&gt;"), "steps are escaped")
    }
}
