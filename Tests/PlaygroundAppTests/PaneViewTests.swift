import PlaygroundUI
import RoomServices
import Testing

@testable import PlaygroundApp

/// A room's diff of one pane (``PaneView``) on real renders of keyed lists: what changed inside a row patches that
/// row (or its control), rows inserted, removed and moved are patched by id, and whatever the change, the page script's
/// way of applying the patch (``Page``, written after `applyPatch` in `Public/playground.js`) gives the page of a
/// fresh render.
@Suite("Pane diffs: rows patched, inserted, removed and moved by id")
struct PaneViewTests {
    struct Row: Identifiable, Equatable {
        var id: Int
        var title: String
        var liked = false
    }

    /// A list of rows in a fragment, each with a title and a heart holding a closure, and a header outside the list.
    struct Rows: View {
        let rows: [Row]
        let header: String

        var body: some View {
            VStack {
                Text(header)
                ForEach(rows) { row in
                    HStack {
                        Text(row.title)
                        Button(row.liked ? "♥" : "♡") {}
                    }
                }
            }
            .id("posts")
        }
    }

    static let context = RenderContext(formAction: "/rooms/r1/events", actionURL: "/rooms/r1/actions", actionFields: [FormField("app", "nice")], idPrefix: "nice-")

    static func render(_ rows: [Row], header: String = "Posts") -> RenderedView {
        ViewHost(Rows(rows: rows, header: header)).render(context)
    }

    static func rows(_ ids: [Int]) -> [Row] { ids.map { Row(id: $0, title: "Post \($0)") } }

    /// The ids of the keyed rows in `html`, in order (`id="nice-r…"`).
    static func rowIDs(_ html: String) -> [String] {
        html.matches(of: /id="(nice-r[^"]+)"/).map { String($0.1) }
    }

    @Test func aHeartPatchesOnlyItsControl() throws {
        var view = PaneView(id: "nice-view")
        var rows = Self.rows(Array(1...100))
        #expect(view.update(Self.render(rows)).map(\.id) == ["nice-view"], "the first render is sent whole")
        rows[41].liked = true
        let rendered = Self.render(rows)
        let patches = view.update(rendered)
        // The one form whose label changed, by the id its element carries in the fresh render; nothing else.
        let heart = try #require(rendered.nodes.first { $0.id.hasPrefix("nice-c") && Self.text($0.range, of: rendered).contains("♥") })
        #expect(patches.map(\.id) == [heart.id])
        #expect(patches[0].html == Self.text(heart.range, of: rendered))
        #expect(patches[0].html.utf8.count < 400)
        #expect(view.update(rendered).isEmpty, "the same render again sends nothing")
    }

    @Test func aChangedTitlePatchesItsRow() {
        var view = PaneView(id: "nice-view")
        var rows = Self.rows([1, 2, 3])
        _ = view.update(Self.render(rows))
        rows[1].title = "Edited"
        let rendered = Self.render(rows)
        let patches = view.update(rendered)
        #expect(patches.count == 1)
        #expect(patches.map(\.id) == [Self.rowIDs(rendered.html)[1]])
        #expect(patches[0].html.contains("Edited") && !patches[0].html.contains("Post 1"))
    }

    @Test func insertedRemovedAndMovedRowsArePatchedByID() throws {
        var view = PaneView(id: "nice-view")
        let first = Self.render(Self.rows([1, 2, 3, 4]))
        _ = view.update(first)
        let ids = Self.rowIDs(first.html)
        let second = Self.render(Self.rows([4, 1, 3, 5]))
        let patches = view.update(second)
        let list = try #require(second.nodes.first { $0.id.hasPrefix("nice-k") }).id
        let row5 = Self.rowIDs(second.html)[3]
        #expect(patches.count == 1)
        // 2 removed; 1 and 3 keep their order; 4 moved to the top and 5 inserted after 3: only those are named.
        #expect(
            patches.first?.html
                == #"<template data-keyed-for="\#(list)" data-remove="\#(ids[1])" data-after="^ \#(ids[2])"><i data-move="\#(ids[3])"></i>"#
                + Self.rowHTML(row5, in: second) + "</template>")
    }

    @Test func aChangeOutsideTheRowsSendsTheFragmentNamingTheRowsItHas() throws {
        var view = PaneView(id: "nice-view")
        let old = Self.render(Self.rows(Array(1...8)))
        _ = view.update(old, seq: 1)
        let patches = view.update(Self.render(Self.rows(Array(1...8)), header: "Favourites"), seq: 2)
        #expect(patches.map(\.id) == ["posts"])
        let list = try #require(old.nodes.first { $0.id.hasPrefix("nice-k") }).id
        #expect(patches[0].html.contains(PaneView.reuse(list, seq: 2)), "the list the page takes off with the old fragment")
        #expect(!patches[0].html.contains("Post 3"))
        var page = Page(html: PaneView.wrapped(old.html, id: "nice-view"))
        for patch in patches { try page.apply(patch, seq: 2) }
        #expect(page.html == PaneView.wrapped(Self.render(Self.rows(Array(1...8)), header: "Favourites").html, id: "nice-view"))
    }

    /// A list that goes (a post opened) and comes back the same (the post closed): the second time it is named, not
    /// sent; rows filtered out and back are named too. A tab that applied every patch ends as a fresh render.
    @Test func aListOrRowsTakenOffAndBackAreNamedNotSent() throws {
        var view = PaneView(id: "nice-view")
        var seq: UInt64 = 1
        let all = Self.rows(Array(1...30))
        let first = Self.render(all)
        _ = view.update(first, seq: seq)
        var page = Page(html: PaneView.wrapped(first.html, id: "nice-view"))
        func step(_ rendered: RenderedView) throws -> Int {
            seq += 1
            let patches = view.update(rendered, seq: seq)
            for patch in patches { try page.apply(patch, seq: seq) }
            #expect(page.html == PaneView.wrapped(rendered.html, id: "nice-view"), "step \(seq)")
            return patches.reduce(0) { $0 + $1.html.utf8.count }
        }
        let detail = ViewHost(Detail()).render(Self.context)
        _ = try step(detail)
        #expect(view.retiredCount > 30, "the list and its rows are kept off the page")
        let back = try step(first)
        #expect(back < 300, "the list named, not sent (\(back) bytes)")
        _ = try step(Self.render(Array(all.prefix(2))))
        let again = try step(first)
        #expect(again < 28 * 80, "the 28 rows named (\(again) bytes)")
    }

    struct Detail: View {
        var body: some View {
            VStack { Text("A post") }.id("posts")
        }
    }

    @Test func idsSeenTwiceSendTheWholeView() {
        var view = PaneView(id: "nice-view")
        let twice = RenderedView(
            html: #"<p id="a">1</p><p id="a">2</p>"#, fragments: [Fragment(id: "a", html: #"<p id="a">1</p>"#), Fragment(id: "a", html: #"<p id="a">2</p>"#)])
        _ = view.update(twice)
        #expect(view.update(twice).map(\.id) == ["nice-view"], "two elements with one id cannot be patched by it")
    }

    /// Random lists before and after, each patch applied as the page script applies it: the page ends as a fresh
    /// render of the new list has it, byte for byte.
    @Test func anyChangeOfRowsConverges() throws {
        var generator = SeededRandomNumberGenerator(seed: 27)
        for round in 0..<300 {
            let before = Self.randomRows(&generator)
            let after = Self.randomRows(&generator)
            var view = PaneView(id: "nice-view")
            let old = Self.render(before, header: round % 7 == 0 ? "Favourites" : "Posts")
            _ = view.update(old)
            let new = Self.render(after)
            var page = Page(html: PaneView.wrapped(old.html, id: "nice-view"))
            for patch in view.update(new) { try page.apply(patch, seq: 1) }
            #expect(page.html == PaneView.wrapped(new.html, id: "nice-view"), "round \(round): \(before.map(\.id)) → \(after.map(\.id))")
        }
    }

    /// Many renders in a row on one pane (rows, the header, the list gone and back), each patch applied as the page
    /// applies it, keeping what it takes off: the page is a fresh render after each.
    @Test func aLongRunOfChangesConvergesWithReuse() throws {
        var generator = SeededRandomNumberGenerator(seed: 72)
        var view = PaneView(id: "nice-view")
        var page = Page(html: "")
        var named = 0
        for seq in UInt64(1)...400 {
            let rendered: RenderedView =
                switch Int.random(in: 0..<10, using: &generator) {
                case 0: ViewHost(Detail()).render(Self.context)
                default: Self.render(Self.randomRows(&generator), header: Bool.random(using: &generator) ? "Posts" : "Favourites")
                }
            let patches = view.update(rendered, seq: seq)
            if seq == 1 { page = Page(html: patches[0].html) } else { for patch in patches { try page.apply(patch, seq: seq) } }
            #expect(page.html == PaneView.wrapped(rendered.html, id: "nice-view"), "step \(seq)")
            named += patches.filter { $0.html.contains("data-reuse=") }.count
        }
        #expect(named > 50, "patches named what the page keeps (\(named))")
    }

    static func randomRows(_ generator: inout SeededRandomNumberGenerator) -> [Row] {
        let ids = Array(1...12).shuffled(using: &generator).prefix(Int.random(in: 0...9, using: &generator))
        return ids.map { Row(id: $0, title: "Post \($0)", liked: Bool.random(using: &generator)) }
    }

    static func rowHTML(_ id: String, in rendered: RenderedView) -> String {
        text(rendered.nodes.first { $0.id == id }!.range, of: rendered)
    }

    static func text(_ range: Range<Int>, of rendered: RenderedView) -> String {
        String(decoding: Array(rendered.html.utf8)[range], as: UTF8.self)
    }
}

/// A page's HTML patched as `Public/playground.js` patches the DOM: a fragment replaces the element of its id; a keyed
/// patch (`<template data-keyed-for>`) removes, inserts and moves the list's child elements by id.
private struct Page {
    var html: String
    /// What patches took off the page, by id, with the patch's number (the page script's `kept`).
    var kept: [String: (html: String, seq: UInt64)] = [:]

    init(html: String) {
        self.html = html
    }

    /// Where the element whose `id` is `id` lies: from its start tag to its end tag (depth counted).
    func element(_ id: String) throws -> (whole: Range<String.Index>, inner: Range<String.Index>) {
        try Self.element(id, in: html)
    }

    static func element(_ id: String, in html: String) throws -> (whole: Range<String.Index>, inner: Range<String.Index>) {
        let attribute = try #require(html.range(of: #" id="\#(id)""#), "no element \(id)")
        let start = try #require(html[..<attribute.lowerBound].lastIndex(of: "<"))
        var depth = 0
        for match in html[start...].matches(of: /<(\/?)([a-z]+)[^>]*>/) {
            if ["input", "br"].contains(String(match.output.2)) { continue }
            if match.output.1.isEmpty {
                depth += 1
            } else {
                depth -= 1
                if depth == 0 {
                    let innerStart = html[start...].firstIndex(of: ">").map { html.index(after: $0) }!
                    return (start..<match.range.upperBound, innerStart..<match.range.lowerBound)
                }
            }
        }
        throw PageError(description: "element \(id) is not closed")
    }

    struct PageError: Error, CustomStringConvertible { let description: String }

    /// Keeps every element inside `element` (and it too, with `itself`), as patch `seq` takes it off.
    mutating func keep(_ element: String, seq: UInt64, itself: Bool) throws {
        for match in element.matches(of: #/ id="([^"]+)"/#) {
            let id = String(match.output.1)
            if !itself, match.range.lowerBound == element.firstRange(of: " id=")?.lowerBound { continue }
            kept[id] = (String(element[try Self.element(id, in: element).whole]), seq)
        }
    }

    /// Puts back every element a patch named.
    mutating func putBack() throws {
        while let match = html.firstMatch(of: /<i data-reuse="([^"]*)" data-seq="([0-9]+)"><\/i>/) {
            let id = String(match.output.1)
            let taken = kept.removeValue(forKey: id)
            let entry = try #require(taken, "\(id) is not kept")
            try #require(String(entry.seq) == match.output.2, "\(id) kept from another patch")
            html.replaceSubrange(match.range, with: entry.html)
        }
    }

    mutating func apply(_ patch: Fragment, seq: UInt64) throws {
        guard patch.html.hasPrefix("<template data-keyed-for=") else {
            let old = try element(patch.id).whole
            try keep(String(html[old]), seq: seq, itself: false)
            html.replaceSubrange(old, with: patch.html)
            return try putBack()
        }
        let attribute = { (name: String) -> [String] in
            guard let match = patch.html.firstMatch(of: try! Regex(name + #"="([^"]*)""#)) else { return [] }
            return String(match.output[1].substring!).split(separator: " ").map(String.init)
        }
        let list = try element(patch.id)
        var rows = Self.topLevelElements(String(html[list.inner])).map { (id: Self.id(of: $0), html: $0) }
        let removed = Set(attribute("data-remove"))
        for row in rows where removed.contains(row.id) { try keep(row.html, seq: seq, itself: true) }
        rows.removeAll { removed.contains($0.id) }
        let anchors = attribute("data-after")
        let inner = patch.html[patch.html.index(after: patch.html.firstIndex(of: ">")!)...].dropLast("</template>".count)
        let items = Self.topLevelElements(String(inner))
        try #require(items.count == anchors.count)
        for (item, anchor) in zip(items, anchors) {
            var row = (id: Self.id(of: item), html: item)
            if let moved = item.firstMatch(of: /^<i data-move="([^"]*)"><\/i>$/).map({ String($0.1) }) {
                row = rows.remove(at: try #require(rows.firstIndex { $0.id == moved }))
            } else if let reused = item.firstMatch(of: /^<i data-reuse="([^"]*)" data-seq="([0-9]+)"><\/i>$/) {
                let taken = kept.removeValue(forKey: String(reused.output.1))
                let entry = try #require(taken, "\(reused.output.1) is not kept")
                try #require(String(entry.seq) == reused.output.2)
                row = (id: String(reused.output.1), html: entry.html)
            }
            rows.insert(row, at: anchor == "^" ? 0 : try #require(rows.firstIndex { $0.id == anchor }) + 1)
        }
        html.replaceSubrange(list.inner, with: rows.map(\.html).joined())
        try putBack()
    }

    static func id(of element: String) -> String {
        element.firstMatch(of: /^<[a-z]+ id="([^"]*)"/).map { String($0.1) } ?? ""
    }

    /// The top-level elements of a run of the renderer's HTML (no void elements at the top).
    static func topLevelElements(_ html: String) -> [String] {
        var elements: [String] = []
        var depth = 0
        var start = html.startIndex
        for match in html.matches(of: /<(\/?)([a-z]+)[^>]*>/) {
            if ["input", "br"].contains(String(match.output.2)) { continue }
            if match.output.1.isEmpty {
                if depth == 0 { start = match.range.lowerBound }
                depth += 1
            } else {
                depth -= 1
                if depth == 0 { elements.append(String(html[start..<match.range.upperBound])) }
            }
        }
        return elements
    }
}

extension PaneView {
    /// For the tests that apply no patch naming what the page keeps: every patch numbered 1.
    mutating func update(_ rendered: RenderedView) -> [Fragment] { update(rendered, seq: 1) }
}
