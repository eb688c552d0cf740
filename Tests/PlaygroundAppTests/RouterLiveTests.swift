import AppSeam
import Foundation
import PlaygroundTesting
import ProductsRouter
import Testing

@testable import PlaygroundApp

/// The MVI + Container + Router pane over real HTTP and SSE: every event, every refusal with the state unchanged.
@Suite("MVI + Container + Router over HTTP")
struct RouterLiveTests {
    /// A room whose products have loaded (a stream renders the list, its onAppear loads), with the stream.
    private func loadedRoom(_ live: LivePlayground) async throws -> (room: String, stream: TestSocket, products: [Int]) {
        let room = try await live.newRoom()
        let stream = try await live.subscribe(room)
        var products: [Int] = []
        for _ in 0..<200 {
            products = try await routerState(live, room)["products"] as? [Int] ?? []
            if !products.isEmpty { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(products.count == 10, "ten films from the catalog")
        #expect(await stream.waitFor(">Delete</span>"), "the loaded list reached the tab: the container's notice made the room patch")
        return (room, stream, products)
    }

    private func routerState(_ live: LivePlayground, _ room: String) async throws -> [String: Any] {
        try #require(try await live.state(room, app: "router") as? [String: Any])
    }

    private func presented(_ live: LivePlayground, _ room: String) async throws -> [String] {
        let list = try await routerState(live, room)["presented"] as? [[String: Any]] ?? []
        return list.map { "\($0["presentation"] ?? "?"):\($0["id"] ?? "?")" }
    }

    /// An event that opens one screen reaches each tab in at most 2 KB of SSE (issue #27), counted as
    /// `Benchmarks/room-patches.py` counts it (each message's lines): a sheet, with the render the container's later
    /// notice makes, then a screen pushed inside it (2,327 and 2,040 B at stop 34: each control's form whole, a trace row
    /// repeating the strip's caption).
    @Test func aScreenOpenedReachesEachTabInAtMostTwoKilobytes() async throws {
        let live = try await LivePlayground(apps: ["router"])
        defer { live.playground.shutdown() }
        let (room, stream, products) = try await loadedRoom(live)
        let messages = { (seq: Int) in
            stream.streamBody.components(separatedBy: "\n\n").filter { message in
                message.contains("event: patch") && (message.firstMatch(of: /(?m)^id: (\d+)$/).flatMap { Int($0.1) } ?? 0) >= seq
            }
        }
        let open = { (presentation: String) async throws -> Int in
            let answer = try await live.post(room, #"{"app":"router","event":"openProduct","id":\#(products[0]),"presentation":"\#(presentation)"}"#)
            return try #require(Int(answer.text.firstMatch(of: /"seq":(\d+)/)?.1 ?? ""), "\(answer.text)")
        }
        let sheet = try await open("sheet")
        // The sheet, then its row grown by the render one turn later.
        #expect(await stream.read(timeout: .seconds(30)) { _ in messages(sheet).contains { $0.contains("<tr data-grow=") } })
        let sheetBytes = messages(sheet).reduce(0) { $0 + $1.utf8.count + 2 }
        #expect(messages(sheet).joined().contains("presentation-sheet") && sheetBytes <= 2_000, "\(sheetBytes) B: \(messages(sheet))")
        let push = try await open("navigationDestination")
        #expect(await stream.read(timeout: .seconds(30)) { _ in messages(push).contains { $0.contains("presentation-push") && $0.contains("<tr data-") } })
        let pushBytes = messages(push).reduce(0) { $0 + $1.utf8.count + 2 }
        #expect(pushBytes <= 2_000, "\(pushBytes) B: \(messages(push))")
    }

    @Test func presentationsStackUpAndDismissFromTheTop() async throws {
        let live = try await LivePlayground()
        defer { live.playground.shutdown() }
        let (room, stream, products) = try await loadedRoom(live)
        let (a, b, c) = (products[0], products[1], products[2])
        #expect(try await live.post(room, #"{"app":"router","event":"openProduct","id":\#(a),"presentation":"navigationDestination"}"#).status == 202)
        #expect(await stream.waitFor("presentation presentation-push"))
        #expect(try await live.post(room, #"{"app":"router","event":"openProduct","id":\#(b),"presentation":"sheet"}"#).status == 202)
        #expect(await stream.waitFor("presentation presentation-sheet"))
        #expect(try await live.post(room, #"{"app":"router","event":"openProduct","id":\#(c),"presentation":"fullScreenCover"}"#).status == 202)
        #expect(await stream.waitFor("presentation presentation-cover"))
        #expect(
            try await presented(live, room) == ["navigationDestination:\(a)", "sheet:\(b)", "fullScreenCover:\(c)"],
            "bottom first: a push, a sheet over it, a cover over that")
        let page = try await live.request("GET", room + "/apps/router").text
        #expect(page.contains("routeTo(.productScreen(id: \(c))) → fullScreenCover slot"), "the trace shows each router call")

        #expect(try await live.post(room, #"{"app":"router","event":"dismiss"}"#).status == 202)
        #expect(try await presented(live, room) == ["navigationDestination:\(a)", "sheet:\(b)"])
        let afterDismiss = try await live.request("GET", room + "/apps/router").text
        #expect(afterDismiss.contains("onScreenDismiss(type: .productScreen(id: \(c)))"))
        #expect(try await live.post(room, #"{"app":"router","event":"dismiss"}"#).status == 202)
        #expect(try await live.post(room, #"{"app":"router","event":"dismiss"}"#).status == 202)
        #expect(try await presented(live, room) == [])
        let nothing = try await live.post(room, #"{"app":"router","event":"dismiss"}"#)
        #expect(nothing.status == 409 && nothing.text.contains("nothing_presented"))
    }

    /// Every screen can present another: one client posting openProduct again and again would nest screens without
    /// end, so the room presents at most eight; the ninth is refused and changes nothing.
    @Test func atMostEightScreensArePresentedAtOnce() async throws {
        let live = try await LivePlayground()
        defer { live.playground.shutdown() }
        let (room, _, products) = try await loadedRoom(live)
        for index in 0..<8 {
            let presentation = ["sheet", "navigationDestination", "fullScreenCover"][index % 3]
            let response = try await live.post(room, #"{"app":"router","event":"openProduct","id":\#(products[index]),"presentation":"\#(presentation)"}"#)
            #expect(response.status == 202, "\(index): \(response.text)")
        }
        // The router's part of /state only: the posts list of the same room may finish loading meanwhile.
        let before = try await routerState(live, room) as NSDictionary
        let ninth = try await live.post(room, #"{"app":"router","event":"openProduct","id":\#(products[8]),"presentation":"sheet"}"#)
        #expect(ninth.status == 409 && ninth.text.contains("too_many_presented"), "\(ninth.text)")
        #expect(try await routerState(live, room) as NSDictionary == before)
        #expect(try await presented(live, room).count == 8)
        let page = try await live.request("GET", room + "/apps/router")
        #expect(page.status == 200 && page.text.components(separatedBy: #"class="presentation "#).count == 9)
    }

    @Test func aNewRouteReplacesWhatItsSlotShows() async throws {
        let live = try await LivePlayground()
        defer { live.playground.shutdown() }
        let (room, _, products) = try await loadedRoom(live)
        _ = try await live.post(room, #"{"app":"router","event":"openProduct","id":\#(products[0]),"presentation":"sheet"}"#)
        // From the sheet's own router: a second sheet is presented on top of the first (its own slot).
        _ = try await live.post(room, #"{"app":"router","event":"openProduct","id":\#(products[1]),"presentation":"sheet"}"#)
        #expect(try await presented(live, room) == ["sheet:\(products[0])", "sheet:\(products[1])"])
        let page = try await live.request("GET", room + "/apps/router").text
        #expect(page.components(separatedBy: "presentation presentation-sheet").count == 3)
    }

    @Test func deleteAsksTheAlertAndYesDeletesInEveryTab() async throws {
        let live = try await LivePlayground()
        defer { live.playground.shutdown() }
        let (room, stream, products) = try await loadedRoom(live)
        #expect(try await live.post(room, #"{"app":"router","event":"deleteProduct","id":\#(products[0])}"#).status == 202)
        #expect(await stream.waitFor(#"role="alertdialog""#))
        let alert = try #require(try await routerState(live, room)["alert"] as? [String: Any])
        #expect((alert["title"] as? String)?.hasPrefix("Delete ") == true && alert["message"] as? String == "It leaves the list of every tab.")
        #expect(try await live.post(room, #"{"app":"router","event":"alertAction","action":"Cancel"}"#).status == 202)
        #expect(try await routerState(live, room)["alert"] is NSNull)
        #expect(try await routerState(live, room)["products"] as? [Int] == products, "Cancel deletes nothing")

        _ = try await live.post(room, #"{"app":"router","event":"deleteProduct","id":\#(products[0])}"#)
        #expect(try await live.post(room, #"{"app":"router","event":"alertAction","action":"Yes"}"#).status == 202)
        #expect(try await routerState(live, room)["products"] as? [Int] == Array(products.dropFirst()))
        let second = try await live.post(room, #"{"app":"router","event":"alertAction","action":"Yes"}"#)
        #expect(second.status == 409 && second.text.contains("no_alert"))
    }

    @Test func reloadLoadsTheProductsAgain() async throws {
        let live = try await LivePlayground()
        defer { live.playground.shutdown() }
        let (room, _, products) = try await loadedRoom(live)
        #expect(try await live.post(room, #"{"app":"router","event":"reload"}"#).status == 202)
        var state = try await routerState(live, room)
        for _ in 0..<200 where state["contentState"] as? String != "content" {
            try await Task.sleep(for: .milliseconds(20))
            state = try await routerState(live, room)
        }
        #expect(state["contentState"] as? String == "content" && state["products"] as? [Int] == products)
    }

    /// A trace row's figures have one source: its render and patch detail counts every render of its event. A
    /// reload renders twice (loading, then the products one turn after they arrive): its row read "re-rendered in
    /// … µs, 17941 B patched" beside a patch column of 76 B. The column must be what the stream carried for the
    /// event, its view's fragments in every message it sent, and the row the stream patched in is the page's.
    @Test func aTraceRowsPatchColumnIsWhatTheStreamCarried() async throws {
        // The router alone: another app's load (the posts) patching after the reload would count as the reload's.
        let live = try await LivePlayground(apps: ["router"])
        defer { live.playground.shutdown() }
        let (room, stream, _) = try await loadedRoom(live)
        let seq = try #require(Int(try await live.post(room, #"{"app":"router","event":"reload"}"#).text.firstMatch(of: /"seq":(\d+)/)?.1 ?? ""))
        let reloadRow = /<tr id="router-trace-row-(\d+)">(?:(?!<\/tr>).)*?<code>reload<\/code>.*?<\/tr>/
        // The reload's own row, as the stream patches it in, once its products were drawn (up to a minute: the fetch is
        // slow on a loaded machine). Read from the stream, not a page: a page drawn meanwhile would send the products
        // before the room's own turn did.
        // The row comes short (`<tr data-row="NUMBER STEP SOURCE[ +][ µs bytes]">`, its cells' lines apart by `<br>`, no
        // end tags), then what it gained (the products' render) as `<tr data-grow="NUMBER STEPS CHANGES[ µs bytes]">` (empty cells at
        // its end left out); a line may name a call or a part of the caption of the strip (`<u>K</u>`, `<u>^N</u>`) or
        // the line a re-render adds (`<u></u>`).
        let shortRow = /<tr data-row="(\d+) (\d+) ([a-z]+)( \+)?(?: (\d+ \d+))?"><td>reload<td>((?:(?!<td>|<tr|<\/template>).)*)<td>((?:(?!<td>|<tr|<\/template>).)*)/
        let done = "→ contentState = .content(10 products)<br><u></u>"
        let grown = /<tr data-grow="(\d+) (\d+) (\d+)(?: (\d+ \d+))?">(?:<td>((?:(?!<td>|<tr|<\/template>).)*))?(?:<td>((?:(?!<td>|<tr|<\/template>).)*))?(?:<td>((?:(?!<td>|<tr|<\/template>).)*))?/
        let finished = { (body: String) in body.matches(of: shortRow).contains { $0.6.contains(done) } || body.matches(of: grown).contains { $0.6?.contains("→ contentState = .content(10 products)") == true } }
        _ = await stream.read(timeout: .seconds(60)) { _ in finished(stream.streamBody) }
        let page = try await live.request("GET", room + "/apps/router", headers: ["Accept": "text/html"]).text
        let row = try #require(page.firstMatch(of: reloadRow), "\(page)")
        let cells = row.0.matches(of: /<td>((?:(?!<\/td>).)*)<\/td>/).map { String($0.1) }
        let became = try #require(cells.last)
        #expect(became.contains(Trace.rerenderedStep), "the products' render is the reload's too: \(became)")
        #expect(!became.contains(" B ") && !became.contains("µs"), "the figures are in the row's detail only: \(became)")
        let bytes = try #require(Int(row.0.firstMatch(of: /patch (\d+) B<\/details>/)?.1 ?? ""), "\(row.0)")
        // The row as the stream drew it: its last short copy drawn as the page script draws it (each line in its
        // `<code>`), then each gain added to its event, became and changed cells, as the page script does; it is the
        // page's row (the page draws the cost's detail).
        let body = stream.streamBody
        let short = try #require(body.matches(of: shortRow).last { $0.1 == row.1 }, "\(body)")
        // The strip's calls as a tab shows them just before `offset` of the stream: each lit patch keeps its first
        // `data-from` and adds its items (`PLACE[L] CALL`, apart by `<br>`; the trace's rows may follow them inside).
        let strip = { (offset: String.Index) -> (calls: [String], caption: [UInt16]) in
            var calls: [String] = []
            var caption: [UInt16] = []
            for lit in body[..<offset].matches(of: /<template data-lit-for="router-flow"[^>]*?(?: data-from="(\d+)")?(?: data-caption="([^"]*)")?>((?:(?!<\/?template>).)*)<\/?template>/) {
                calls = Array(calls.prefix(lit.1.flatMap { Int($0) } ?? 0)) + (lit.3.isEmpty ? [] : lit.3.split(separator: "<br>", omittingEmptySubsequences: false).map { String($0.drop { $0 != " " }.dropFirst()) })
                if let text = lit.2 {
                    caption = Array(text.replacing("&quot;", with: "\"").replacing("&#39;", with: "'").replacing("&lt;", with: "<").replacing("&gt;", with: ">").replacing("&amp;", with: "&").utf16)
                }
            }
            return (calls, caption)
        }
        // What a changed line's `<u>:</u>` stands for: the value its path became in the last line above it (earlier in
        // its cell, else in the rows under it on the page).
        let unquote = { (text: Substring) in String(text).replacing("&quot;", with: "\"").replacing("&#39;", with: "'") }
        let older: [[String]] = page[row.range.upperBound...].matches(of: /<tr id="router-trace-row-\d+">((?:(?!<\/tr>).)*)<\/tr>/).map { other in
            (other.1.firstMatch(of: /<td class="changes"[^>]*>((?:(?!<\/td>).)*)<\/td>/)?.1).map { cell in cell.matches(of: /<code>((?:(?!<\/code>).)*)<\/code>/).map { unquote($0.1) } } ?? []
        }
        let valueBefore = { (path: Substring, earlier: [String]) -> String in
            let prefix = path + ": "
            let found = earlier.last { $0.hasPrefix(prefix) } ?? older.lazy.compactMap { $0.last { $0.hasPrefix(prefix) } }.first ?? ""
            return found.dropFirst(prefix.count).firstRange(of: " → ").map { String(found[$0.upperBound...]) } ?? "(none)"
        }
        // A cell's lines as the page script writes them out (text between tags), after `earlier` lines of its own.
        let decode = { (lines: Substring?, offset: String.Index, earlier: [String]) -> [String] in
            guard let lines, !lines.isEmpty else { return [] }
            let (known, caption) = strip(offset)
            var decoded: [String] = []
            for line in lines.split(separator: "<br>", omittingEmptySubsequences: false) {
                var text = String(line)
                if let mark = text.firstRange(of: "<u>:</u>") {
                    let path = text[..<mark.lowerBound]
                    text = path + ": " + valueBefore(path, earlier + decoded) + " → " + text[mark.upperBound...]
                }
                decoded.append(text.replacing(/<u>([\^$]?)(\d*)<\/u>/) { match -> String in
                    let count = Int(match.2) ?? 0
                    switch match.1 {
                    case "^": return String(decoding: caption.prefix(count), as: UTF16.self)
                    case "$": return String(decoding: caption.suffix(count), as: UTF16.self)
                    default: return match.2.isEmpty ? Trace.rerenderedStep : known[count]
                    }
                })
            }
            return decoded
        }
        let codes = { (lines: [String], after: Bool) -> String in
            lines.enumerated()
                .map { ($0.offset > 0 || after ? "<br>" : "") + "<code>\($0.element.replacing("\"", with: "&quot;").replacing("'", with: "&#39;"))</code>" }
                .joined()
        }
        let step = short.2
        var streamed = [
            #"<a href="?at=\#(step)">\#(step)</a>"#, String(short.3),
            "<code>reload</code>" + (short.4 == nil ? "" : #"<br><a class="step-through" href="?step=\#(step)">Step ▶</a>"#),
            codes(decode(short.6, short.range.lowerBound, []), false),
        ]
        var changed = decode(short.7, short.range.lowerBound, [])
        streamed.append(short.7.isEmpty ? (short.5 == nil ? "…" : "<small>nothing</small>") : codes(changed, false))
        var cost = short.5.map(String.init)
        let cellPattern = /<td([^>]*)>((?:(?!<\/td>).)*)<\/td>/
        for gain in body[short.range.upperBound...].matches(of: grown) where gain.1 == row.1 {
            streamed[2] += gain.5 ?? ""
            streamed[3] += codes(decode(gain.6, gain.range.lowerBound, []), Int(gain.2)! > 0)
            let gained = decode(gain.7, gain.range.lowerBound, Array(changed.prefix(Int(gain.3)!)))
            streamed[4] += codes(gained, Int(gain.3)! > 0)
            changed = Array(changed.prefix(Int(gain.3)!)) + gained
            if let figures = gain.4 { cost = String(figures) }
        }
        let pageCells = row.0.matches(of: cellPattern).map { String($0.2) }
        let detail = try #require(pageCells.last?.firstMatch(of: /<details class="cost"><summary>cost<\/summary>render (\d+) µs · patch (\d+) B<\/details>/))
        #expect(streamed == pageCells.dropLast() + [pageCells.last!.replacingOccurrences(of: String(detail.0), with: "")], "\(streamed)\n\(pageCells)")
        #expect(cost == "\(detail.1) \(detail.2)", "the row the stream patched in is the page's: \(cost ?? "no cost")")
        // What the stream carried for the reload: every message from its seq on (the room is otherwise quiet), less
        // the teaching's own fragments (the flow strip, whole or its lit stages, and the trace's rows), which a patch
        // column does not count.
        let messages = stream.streamBody.components(separatedBy: "\n\n").filter { message in
            guard let id = message.firstMatch(of: /(?m)^id: (\d+)$/).flatMap({ Int($0.1) }) else { return false }
            return id >= seq
        }
        let fragments = messages.flatMap { message in
            message.split(separator: "\n").filter { $0.hasPrefix("data: ") }.map { $0.dropFirst(6) }
        }
        let view = fragments.filter {
            !$0.hasPrefix(#"<div id="router-flow""#) && !$0.hasPrefix(#"<template data-lit-for="router-flow""#)
                && !$0.contains(#"data-rows-for="router-trace-rows""#)
        }
        #expect(bytes == view.reduce(0) { $0 + $1.utf8.count }, "\(bytes) B in the detail; the stream: \(view.map { $0.prefix(60) })")
    }

    /// The pane's curl twins name a product the list shows: posted in order as the page prints them, each is taken
    /// (they named product 11, which the list never holds: every one answered 404 `no_such_product`).
    @Test func theCurlTwinsNameProductsTheListShows() async throws {
        let live = try await LivePlayground()
        defer { live.playground.shutdown() }
        let (room, _, products) = try await loadedRoom(live)
        let page = try await live.request("GET", room + "/apps/router", headers: ["Accept": "text/html"]).text
        let twins = page.matches(of: /<pre><code>curl -X POST [^<]*? -d &#39;(\{[^<]*?\})&#39;<\/code><\/pre>/).map { match in
            String(match.1).replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
        }
        #expect(twins.count == ProductsEvent.examples.count, "\(page.suffix(2_000))")
        let named = twins.compactMap { $0.firstMatch(of: /"id":(\d+)/).map { Int($0.1)! } }
        #expect(!named.isEmpty && named.allSatisfy(products.contains), "every id a twin names is in the list \(products): \(named)")
        for twin in twins {
            let response = try await live.post(room, twin)
            #expect(response.status == 202, "\(twin) → \(response.status) \(response.text)")
        }
        #expect(try await presented(live, room) == [], "the twins' two dismisses closed what their opens presented")
    }

    @Test(arguments: [
        (#"{"app":"router","event":"openProduct","id":1,"presentation":"sheet"}"#, 404, "no_such_product"),
        (#"{"app":"router","event":"openProduct","id":"3","presentation":"sheet"}"#, 400, "invalid_argument"),
        (#"{"app":"router","event":"openProduct","presentation":"sheet"}"#, 400, "missing_argument"),
        (#"{"app":"router","event":"openProduct","id":0,"presentation":"sheet"}"#, 400, "invalid_argument"),
        (#"{"app":"router","event":"openProduct","id":5,"presentation":"popover"}"#, 400, "invalid_argument"),
        (#"{"app":"router","event":"deleteProduct","id":99999999}"#, 404, "no_such_product"),
        (#"{"app":"router","event":"dismiss"}"#, 409, "nothing_presented"),
        (#"{"app":"router","event":"alertAction","action":"Yes"}"#, 409, "no_alert"),
        (#"{"app":"router","event":"alertAction","action":"<b>No</b>"}"#, 400, "invalid_argument"),
        (#"{"app":"router","event":"dismiss","id":3}"#, 400, "unexpected_argument"),
        (#"{"app":"router","event":"fly"}"#, 400, "unknown_event"),
    ])
    func badInputIsRefusedWithTheStateUnchanged(_ body: String, _ status: Int, _ code: String) async throws {
        let live = try await LivePlayground()
        defer { live.playground.shutdown() }
        let (room, _, _) = try await loadedRoom(live)
        let before = try await live.state(room, app: "router")
        let response = try await live.post(room, body)
        #expect(response.status == status && response.text.contains(code), "\(body): \(response.status) \(response.text)")
        #expect(!response.text.contains("<b>"), "what was sent is quoted, escaped by JSON")
        #expect(try await live.state(room, app: "router") == before)
    }
}
