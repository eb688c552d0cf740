import Foundation
import PlaygroundUI
import RoomServices
import Testing

@testable import AppSeam

/// The teaching layer every app gets from the seam: a typed flow strip and a bounded trace, patched by what changed.
@Suite("Teaching layer")
struct TeachingTests {
    enum Stage: FlowStage {
        case a, b
        var name: String { self == .a ? "A" : "B" }
        var detail: String { self == .a ? "a" : "b" }
    }

    /// A step in which the runtime reported `stage`.
    func report(_ stage: Stage, to layer: Teaching<Stage>) {
        let step = layer.beginStep(isolation: MainActor.shared).step
        layer.receive(StageRecord(stage: stage.name, place: stage == .a ? 0 : 1, call: "\(stage)()", file: "M/F.swift", lines: 1...1, later: false), step: step)
        layer.endStep()
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

    /// A room's snapshot keeps the trace and the flow strip; restored, they show the same rows and lit stages, and
    /// counters from a client's text (an import) cannot overflow.
    @Test func aCheckpointRestoresTheTraceAndFlow() throws {
        let layer = Teaching<Stage>(appID: "x", trace: Trace(capacity: 3))
        layer.trace.record(source: .browser, event: "e1", became: ["s1"])
        layer.trace.record(source: .http, event: "e2", became: [])
        report(.b, to: layer)
        layer.flow.describe("lit <b>")
        let copy = Teaching<Stage>(appID: "x", trace: Trace(capacity: 3))
        copy.restore(layer.checkpoint())
        #expect(copy.trace.entries == layer.trace.entries && copy.flow.lit == [.b] && copy.flow.caption == "lit <b>")
        #expect(copy.checkpoint() == layer.checkpoint())
        layer.trace.nextStep = 3
        layer.trace.record(source: .http, event: "e3", became: [])
        let folded = Teaching<Stage>(appID: "x", trace: Trace(capacity: 3))
        folded.restore(layer.checkpoint(), firstStep: 4)
        #expect(folded.trace.entries[0].step == nil, "a step folded away is no longer linked")
        let kept = Teaching<Stage>(appID: "x", trace: Trace(capacity: 3))
        kept.restore(layer.checkpoint(), firstStep: 3)
        #expect(kept.trace.entries[0].step == 3)

        let hostile = #"{"rows":[{"number":9223372036854775807,"source":"http","event":"<e>","became":[],"omittedSteps":9223372036854775807}],"nextNumber":9223372036854775807,"lit":[0,7,-1],"caption":"c"}"#
        let restored = Teaching<Stage>(appID: "x", trace: Trace(capacity: 3))
        restored.restore(try JSONDecoder().decode(TeachingCheckpoint.self, from: Data(hostile.utf8)))
        restored.trace.record(source: .http, event: "next", became: [])
        for step in 0..<20 { restored.trace.appendStep("step \(step)") }
        #expect(restored.flow.lit == [.a] && restored.trace.entries.count == 2)
        #expect(restored.trace.html(id: "t").contains("&lt;e&gt;"))
    }

    @Test func patchesCarryOnlyWhatChanged() {
        let layer = Teaching<Stage>(appID: "x", trace: Trace(capacity: 3))
        #expect(layer.patches().map(\.id) == ["x-flow", "x-trace"], "first: everything")
        #expect(layer.patches().isEmpty, "nothing changed")
        layer.trace.record(source: .http, event: "e1", became: ["<b>"])
        #expect(layer.patches().map(\.id) == ["x-trace-rows"], "the first entry is a row: the page has the empty table")
        layer.trace.record(source: .browser, event: "e2", became: [])
        let patch = layer.patches()
        #expect(patch.map(\.id) == ["x-trace-rows"])
        #expect(
            patch[0].html
                == #"<template data-rows-for="x-trace-rows"><tr id="x-trace-row-2"><td title="not a step of the room's history">–</td><td class="source-browser">browser</td><td><code>e2</code></td><td></td><td class="changes">…</td></tr></template>"#
        )
        layer.trace.appendStep("later")
        #expect(layer.patches()[0].html.contains(#"<tr id="x-trace-row-2">"#))
        report(.a, to: layer)
        layer.flow.describe("lit")
        let strip = layer.patches()
        #expect(strip.map(\.id) == ["x-flow"])
        #expect(
            strip[0].html == #"<template data-lit-for="x-flow" data-caption="lit">0 a()</template>"#,
            "the script lights what the path passed; the call's file and line are the step-through's")
        #expect(layer.fragments().map(\.id) == ["x-flow", "x-trace"])
        #expect(layer.fragments()[0].html.contains(#"<li class="lit" data-turns="1"><b>A</b>"#) && layer.fragments()[0].html.contains("<li><b>B</b>"))
        #expect(layer.fragments()[1].html.contains("&lt;b&gt;"), "steps are escaped")
        // A later stage of the same step: only the new item, and no caption (the tab keeps the one it shows).
        let step = layer.beginStep(isolation: MainActor.shared).step
        layer.receive(StageRecord(stage: "A", place: 0, call: "a()", file: "M/F.swift", lines: 1...1, later: false), step: step)
        _ = layer.patches()
        layer.receive(StageRecord(stage: "B", place: 1, call: "\"b\" & <c>", file: "M/F.swift", lines: 1...1, later: true), step: step)
        layer.endStep()
        #expect(layer.patches().first?.html == #"<template data-lit-for="x-flow" data-from="1">1L "b" &amp; &lt;c&gt;</template>"#)
    }

    /// A row the tabs have is patched with what it gained (an effect's answer: more steps, more changes, a new cost),
    /// not sent whole again; a row still showing its "…" placeholder is drawn again. Its cost goes at the end of its
    /// `data-grow` (`data-row`), which the page script draws as the page's detail.
    @Test func aRowThatGrowsSendsOnlyWhatItGained() {
        let layer = Teaching<Stage>(appID: "x", trace: Trace(capacity: 3))
        _ = layer.patches()
        layer.trace.stepLink = "?at="
        layer.trace.stepThroughLink = "?step="
        layer.trace.nextStep = 7
        let step = layer.beginStep(isolation: MainActor.shared).step
        layer.trace.record(source: .http, event: "search", became: ["intent #1"])
        layer.trace.complete(renderTime: .microseconds(40), bytes: 300, changes: ["state: a → b"])
        layer.endStep()
        let first = layer.patches()
        #expect(first.map(\.id) == ["x-trace-rows"])
        // A new row comes short; the script draws it as the page does.
        #expect(
            first[0].html
                == #"<template data-rows-for="x-trace-rows"><tr data-row="1 7 http 40 300"><td>search<td>intent #1<td>state: a → b</template>"#,
            "\(first[0].html)")
        #expect(!first[0].html.contains("<details"), "the detail is the script's to draw")
        #expect(layer.fragments()[1].html.contains(#"<details class="cost"><summary>cost</summary>render 40 µs · patch 300 B</details>"#))

        layer.receive(StageRecord(stage: "A", place: 0, call: "a()", file: "M/F.swift", lines: 1...1, later: true), step: step)
        layer.trace.appendStep("answer")
        layer.trace.complete(renderTime: .microseconds(2), bytes: 50, changes: ["state: b → c"], step: step)
        let grown = layer.patches()
        #expect(grown.map(\.id) == ["x-flow"], "the rows inside the strip's patch")
        #expect(
            grown.first?.html.hasSuffix(
                #">0L a()<template><tr data-grow="1 1 1 42 350"><td><br><a class="step-through" href="?step=7">Step ▶</a><td>answer<br><u></u><td>state: b → c</template></template>"#)
                == true,
            "the row by its number, after its first step and change; the line every re-render adds named: \(grown)"
        )
        #expect(layer.fragments()[1].html.contains(#"<a class="step-through" href="?step=7">Step ▶</a>"#), "the page draws the same row whole")

        layer.trace.record(source: .http, event: "pending", became: [])
        _ = layer.patches()
        layer.trace.complete(renderTime: .microseconds(1), bytes: 1)
        #expect(
            layer.patches()[0].html.contains(#"<tr data-row="2 7 http 1 1"><td>pending<td><td>"#),
            "a placeholder is replaced by the whole row")
    }

    /// A short row's line that holds a call the pane's strip shows names it (`<u>K</u>`, item K of the strip's path, whose
    /// patch the tabs apply first), and the line every re-render adds is `<u></u>`: the page script writes them out, so
    /// the text is sent once. Short calls, and lines holding none, go as they are.
    @Test func aShortRowNamesWhatTheStripShows() throws {
        let layer = Teaching<Stage>(appID: "x", trace: Trace(capacity: 3))
        _ = layer.patches()
        layer.trace.stepLink = "?at="
        layer.trace.stepThroughLink = "?step="
        layer.trace.nextStep = 4
        let step = layer.beginStep(isolation: MainActor.shared).step
        let calls = [#"loadMovies(query: "a < b", page: 1)"#, "a()", "coordinator.handleRoute(.post(3))"]
        for (place, call) in calls.enumerated() {
            layer.receive(StageRecord(stage: "A", place: place % 2, call: call, file: "M/F.swift", lines: 1...1, later: false), step: step)
        }
        let became = [
            #"intent #1 loadMovies(query: "a < b", page: 1) sent"#, "coordinator.handleRoute(.post(3))", "a()", Trace.rerenderedStep, "open é",
            "coordinator.handleRoute(.post(3)) → the detail", "open é: coordinator",
        ]
        layer.trace.record(source: .http, event: "coordinator.handleRoute(.post(3))", became: became)
        layer.flow.describe("open é: coordinator.handleRoute(.post(3)) → the detail")
        layer.trace.complete(renderTime: .microseconds(3), bytes: 9, changes: ["x: 1 → 2"])
        layer.endStep()
        let patches = layer.patches()
        #expect(patches.map(\.id) == ["x-flow"], "the rows go inside the strip's patch, after its items (the script draws the strip first)")
        let row = try #require(patches.first).html
        #expect(
            row.hasSuffix(
                #"<br>1 a()<br>0 coordinator.handleRoute(.post(3))<template><tr data-row="1 4 http + 3 9"><td><u>2</u><td>intent #1 <u>0</u> sent<br><u>2</u><br>a()<br><u></u><br>open é<br><u>$46</u><br><u>^19</u><td>x: 1 → 2</template></template>"#),
            "\(row)")
        // Written out as the page script does, each line is the row's.
        let expand = { (cell: Substring) -> [String] in
            cell.split(separator: "<br>", omittingEmptySubsequences: false).map { line -> String in
                let caption = Array(layer.flow.caption.utf16)
                let named: String = String(line).replacing(/<u>([\^$]?)(\d*)<\/u>/) { match in
                    let count = Int(match.2) ?? 0
                    switch match.1 {
                    case "^": return String(decoding: caption.prefix(count), as: UTF16.self)
                    case "$": return String(decoding: caption.suffix(count), as: UTF16.self)
                    default: return match.2.isEmpty ? Trace.rerenderedStep : calls[count]
                    }
                }
                return named.replacing("&lt;", with: "<")
            }
        }
        let cells = row.matches(of: /<td>((?:(?!<td>|<\/template>).)*)/).map { expand($0.1) }
        #expect(cells == [["coordinator.handleRoute(.post(3))"], became, ["x: 1 → 2"]])

        // A later answer grows the row: its lines may name the strip's new items, and empty cells at the end go.
        layer.receive(StageRecord(stage: "B", place: 1, call: "cache posts: hit PostList (100 values)", file: "M/F.swift", lines: 1...1, later: true), step: step)
        layer.trace.appendStep("cache posts: hit PostList (100 values)")
        layer.trace.complete(renderTime: .microseconds(2), bytes: 5, step: step)
        let grown = try #require(layer.patches().first)
        #expect(
            grown.html == #"<template data-lit-for="x-flow" data-from="3">1L cache posts: hit PostList (100 values)<template><tr data-grow="1 7 1 5 14"><td><td><u>3</u><br><u></u></template></template>"#,
            "\(grown.html)")
    }

    /// A changed line whose old value is what the last line of its path above it says the path became goes as its path
    /// and new value (`PATH<u>:</u>NEW`): above is earlier in its cell, then the rows under it; any other goes whole.
    @Test func aChangedLineNamesTheValueTheLinesAboveGaveIt() throws {
        let layer = Teaching<Stage>(appID: "x", trace: Trace(capacity: 5))
        _ = layer.patches()
        layer.trace.stepLink = "?at="
        layer.trace.nextStep = 1
        layer.trace.record(source: .http, event: "first", became: [])
        layer.trace.complete(renderTime: .microseconds(1), bytes: 1, changes: [#"state: "Init" → "Loading""#, "page: 1 → 2", "items: 0 → 1 items (+ 3)"])
        _ = layer.patches()
        layer.trace.nextStep = 2
        layer.trace.record(source: .http, event: "second", became: [])
        layer.trace.complete(
            renderTime: .microseconds(1), bytes: 1,
            changes: [#"state: "Loading" → "Done""#, "page: 3 → 4", "items: 1 items → 2 items", #"state: "Done" → "Again""#, "new: null → 1"])
        let row = try #require(layer.patches().first { $0.id == "x-trace-rows" }?.html)
        #expect(
            row.hasSuffix(#"<td>state<u>:</u>"Done"<br>page: 3 → 4<br>items: 1 items → 2 items<br>state<u>:</u>"Again"<br>new: null → 1</template>"#),
            "the row under it, then its own line before: \(row)")
        // A grown row: its lines before the new ones count.
        layer.trace.complete(renderTime: .microseconds(1), bytes: 1, changes: [#"state: "Again" → "Last""#, "page: 2 → 5"], step: nil)
        let grown = try #require(layer.patches().first { $0.id == "x-trace-rows" }?.html)
        #expect(grown.hasSuffix(#"<td>state<u>:</u>"Last"<br>page: 2 → 5</template>"#), "\(grown)")
    }

    /// A row's markup, pinned whole (the page and a patch draw it; the browser's script reads its parts).
    @Test func aRowIsDrawnWithEveryPart() {
        let trace = Trace()
        trace.stepLink = "?at="
        trace.stepThroughLink = "?step="
        let stage = StageRecord(stage: "A", place: 0, call: "a()", file: "M/F.swift", lines: 1...1, later: false)
        trace.replaceEntries(
            [
                Trace.Entry(
                    number: 3, source: .http, event: "e<1>", became: ["a", "b"], renderMicroseconds: 40, bytes: 300, omittedSteps: 1, step: 7,
                    stages: [stage], changes: ["x: 1 → 2", #"y: "a""#]),
                Trace.Entry(number: 2, source: .browser, event: "e", became: []),
            ], nextNumber: 4)
        let start = #"<tr id="t-row-3"><td><a href="?at=7">7</a></td><td class="source-http">http</td><td><code>e&lt;1&gt;</code>"#
            + #"<br><a class="step-through" href="?step=7">Step ▶</a></td><td><code>a</code><br><code>b</code><br><small>… 1 more steps</small></td>"#
        let changes = #"<code>x: 1 → 2</code><br><code>y: &quot;a&quot;</code>"#
        #expect(
            trace.rowHTML(trace.entries[0], traceID: "t")
                == start + #"<td class="changes">"# + changes
                + #"<details class="cost"><summary>cost</summary>render 40 µs · patch 300 B</details></td></tr>"#)
        #expect(trace.rowHTML(trace.entries[0], traceID: "t", compact: true) == start + #"<td class="changes" data-cost="40 300">"# + changes + "</td></tr>")
        #expect(
            trace.rowHTML(trace.entries[1], traceID: "t")
                == #"<tr id="t-row-2"><td title="not a step of the room's history">–</td><td class="source-browser">browser</td><td><code>e</code></td><td></td><td class="changes">…</td></tr>"#)
        // A patch's short row: what the page script needs to draw the same row; a row it cannot say is sent whole.
        var short = trace.entries[0]
        short.omittedSteps = 0
        #expect(
            trace.shortRowHTML(short)
                == #"<tr data-row="3 7 http + 40 300"><td>e&lt;1&gt;<td>a<br>b<td>x: 1 → 2<br>y: "a""#,
            "text between tags: only & < > escaped")
        #expect(trace.shortRowHTML(trace.entries[0]) == nil, "… more steps")
        #expect(trace.shortRowHTML(trace.entries[1]) == nil, "no step")
        short.changes = ["", "x"]
        #expect(trace.shortRowHTML(short) == nil, "an empty line")
        trace.stepLink = "/rooms/r/apps/ev?at="
        short.changes = []
        #expect(trace.shortRowHTML(short) == nil, "a link elsewhere (the compare page's rows)")
    }
}
