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

    @Test func aChangeOutsideTheRowsSendsTheFragment() {
        var view = PaneView(id: "nice-view")
        _ = view.update(Self.render(Self.rows([1, 2])))
        let patches = view.update(Self.render(Self.rows([1, 2]), header: "Favourites"))
        #expect(patches.map(\.id) == ["posts"])
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
            for patch in view.update(new) { try page.apply(patch) }
            #expect(page.html == PaneView.wrapped(new.html, id: "nice-view"), "round \(round): \(before.map(\.id)) → \(after.map(\.id))")
        }
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

    /// Where the element whose `id` is `id` lies: from its start tag to its end tag (depth counted).
    func element(_ id: String) throws -> (whole: Range<String.Index>, inner: Range<String.Index>) {
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

    mutating func apply(_ patch: Fragment) throws {
        guard patch.html.hasPrefix("<template data-keyed-for=") else {
            return html.replaceSubrange(try element(patch.id).whole, with: patch.html)
        }
        let attribute = { (name: String) -> [String] in
            guard let match = patch.html.firstMatch(of: try! Regex(name + #"="([^"]*)""#)) else { return [] }
            return String(match.output[1].substring!).split(separator: " ").map(String.init)
        }
        let list = try element(patch.id)
        var rows = Self.topLevelElements(String(html[list.inner])).map { (id: Self.id(of: $0), html: $0) }
        let removed = Set(attribute("data-remove"))
        rows.removeAll { removed.contains($0.id) }
        let anchors = attribute("data-after")
        let inner = patch.html[patch.html.index(after: patch.html.firstIndex(of: ">")!)...].dropLast("</template>".count)
        let items = Self.topLevelElements(String(inner))
        try #require(items.count == anchors.count)
        for (item, anchor) in zip(items, anchors) {
            var row = (id: Self.id(of: item), html: item)
            if let moved = item.firstMatch(of: /^<i data-move="([^"]*)"><\/i>$/).map({ String($0.1) }) {
                row = rows.remove(at: try #require(rows.firstIndex { $0.id == moved }))
            }
            rows.insert(row, at: anchor == "^" ? 0 : try #require(rows.firstIndex { $0.id == anchor }) + 1)
        }
        html.replaceSubrange(list.inner, with: rows.map(\.html).joined())
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
