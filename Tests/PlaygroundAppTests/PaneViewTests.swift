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
        #expect(Page.expandForms(patches[0].html) == Self.text(heart.range, of: rendered))
        #expect(patches[0].html == #"<form id="\#(heart.id)" class="button-form" data-c><button class="button" type="submit"><span class="text">♥</span></button></form>"#)
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
                + PaneView.compactForms(Self.rowHTML(row5, in: second)) + "</template>")
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

    /// Rows filtered out and back in their old order come back as one element naming the first and how many follow
    /// it, in a keyed patch and in a list sent whole; the page ends as a fresh render with the very rows it kept.
    @Test func aRunOfRowsTakenOffAndBackIsOneElement() throws {
        var view = PaneView(id: "nice-view")
        var seq: UInt64 = 1
        let all = Self.rows(Array(1...40))
        let first = Self.render(all)
        _ = view.update(first, seq: seq)
        var page = Page(html: PaneView.wrapped(first.html, id: "nice-view"))
        func step(_ rendered: RenderedView) throws -> [Fragment] {
            seq += 1
            let patches = view.update(rendered, seq: seq)
            for patch in patches { try page.apply(patch, seq: seq) }
            #expect(page.html == PaneView.wrapped(rendered.html, id: "nice-view"), "step \(seq)")
            return patches
        }
        // Two rows stay (3 and 20): the 38 others are taken off, then come back around them, in three runs.
        _ = try step(Self.render(all.filter { [3, 20].contains($0.id) }))
        let back = try step(first).map(\.html).joined()
        #expect(back.matches(of: /data-reuse=/).count == 3, "\(back)")
        #expect(back.contains(#"data-run="16""#) && back.contains(#"data-run="20""#) && back.contains(#"data-run="2""#), "\(back)")
        // Taken off whole (the header changed) and back with rows moved: runs break where the old order breaks.
        _ = try step(Self.render(Array(all.prefix(1)), header: "Favourites"))
        let moved = Array(all[1...10]) + [all[0]] + Array(all[11...])
        let again = try step(Self.render(moved))
        #expect(again.map(\.html).joined().matches(of: /data-reuse=/).count <= 4)
        _ = try step(ViewHost(Detail()).render(Self.context))
        _ = try step(Self.render(all.reversed()))
    }

    /// A list drawn anew whose rows have one shape sends the first whole and each next as its ids and texts.
    @Test func rowsDrawnLikeTheRowBeforeGoAsTheirIDsAndTexts() throws {
        var view = PaneView(id: "nice-view")
        let old = Self.render(Self.rows([1, 2]))
        _ = view.update(old, seq: 1)
        var rows = Self.rows(Array(10...15))
        rows[2].title = "A <b>&amp;</b> \"title\""
        rows[4].liked = true
        let new = Self.render(rows, header: "Favourites")
        let patches = view.update(new, seq: 2)
        let html = patches.map(\.html).joined()
        #expect(html.matches(of: /<i data-like="nice-r[^" ]+ nice-c[^" ]+">/).count == 5, "\(html)")
        #expect(html.contains("Post 11<br>♡</i>") && html.contains("A &lt;b&gt;&amp;amp;&lt;/b&gt; &quot;title&quot;<br>♡</i>") && html.contains("<br>♥</i>"))
        var page = Page(html: PaneView.wrapped(old.html, id: "nice-view"))
        for patch in patches { try page.apply(patch, seq: 2) }
        #expect(page.html == PaneView.wrapped(new.html, id: "nice-view"))
    }

    /// Controls side by side of one shape (a screen's Sheet, Cover and Push) go, after the first, as their ids and labels;
    /// a small node sent whole names the control it had (a search field beside a list that became a spinner).
    @Test func controlsLikeTheOneBeforeAndASmallNodesControlAreNotSentAgain() throws {
        var view = PaneView(id: "nice-view")
        let old = ViewHost(Buttons(loading: false, shown: false)).render(Self.context)
        _ = view.update(old, seq: 1)
        var page = Page(html: PaneView.wrapped(old.html, id: "nice-view"))
        let opened = ViewHost(Buttons(loading: false, shown: true)).render(Self.context)
        let patches = view.update(opened, seq: 2)
        let html = patches.map(\.html).joined()
        #expect(html.matches(of: /<i data-like="nice-c[^" ]+">(Cover|Push)<\/i>/).count == 2, "\(html)")
        #expect(html.matches(of: #/<form\s/#).count == 1, "\(html)")
        for patch in patches { try page.apply(patch, seq: 2) }
        #expect(page.html == PaneView.wrapped(opened.html, id: "nice-view"))
        let loading = ViewHost(Buttons(loading: true, shown: true)).render(Self.context)
        let spinner = view.update(loading, seq: 3)
        #expect(spinner.map(\.id) == ["search"])
        #expect(spinner.first.map { $0.html.utf8.count < 200 && !$0.html.contains("<form") } == true, "\(spinner)")
        for patch in spinner { try page.apply(patch, seq: 3) }
        #expect(page.html == PaneView.wrapped(loading.html, id: "nice-view"))
    }

    struct Buttons: View {
        let loading: Bool
        let shown: Bool

        var body: some View {
            VStack {
                VStack {
                    Button("Search") {}
                    if loading { Text("Querying") } else { ForEach(Self.rows) { row in Text(row.title) } }
                }
                .id("search")
                if shown {
                    VStack {
                        Text("Star!")
                        HStack {
                            Button("Sheet") {}
                            Button("Cover") {}
                            Button("Push") {}
                        }
                    }
                    .id("screen")
                }
            }
        }

        static let rows = PaneViewTests.rows([1, 2, 3])
    }

    /// A search field and what shows under it (a prompt, a spinner, results, nothing found): the field stays and what
    /// follows it goes alone; once the page keeps a content of the same shape (the spinner of the last search, its
    /// results with another count of rows, the content this patch takes off) it goes as its ids and texts.
    @Test func whatFollowsAFieldGoesAloneAndLikeWhatThePageKeeps() throws {
        var view = PaneView(id: "nice-view")
        let states: [Searching.State] = [
            .prompt, .loading("a"), .results(Self.rows([1, 2, 3])), .loading("b"), .empty, .loading("c & <d>"),
            .results(Self.rows([7, 4, 5, 6, 8]).map { Row(id: $0.id, title: "\($0.title) & <\"x\">") }), .results(Self.rows([9, 1])), .empty,
        ]
        // The kept content each patch is drawn like (nil: sent as HTML), and how many rows it gives its list.
        let expected: [(like: UInt64?, rows: String?)] = [(nil, nil), (nil, nil), (3, nil), (nil, nil), (5, nil), (4, "5"), (8, "2"), (6, nil)]
        let first = ViewHost(Searching(state: states[0])).render(Self.context)
        _ = view.update(first, seq: 1)
        var page = Page(html: PaneView.wrapped(first.html, id: "nice-view"))
        for (offset, state) in states.dropFirst().enumerated() {
            let seq = UInt64(offset + 2)
            let rendered = ViewHost(Searching(state: state)).render(Self.context)
            let patches = view.update(rendered, seq: seq)
            let html = patches.map(\.html).joined()
            #expect(patches.count == 1 && html.hasPrefix(#"<template data-rest=""#) && !html.contains("<form"), "step \(seq): \(html)")
            let like = html.firstMatch(of: /data-like="([0-9]+)/).map { UInt64($0.1)! }
            let rows = html.firstMatch(of: /data-rows="([^"]*)"/).map { String($0.1) }
            #expect(like == expected[offset].like && rows == expected[offset].rows, "step \(seq): \(html)")
            for patch in patches { try page.apply(patch, seq: seq) }
            #expect(page.html == PaneView.wrapped(rendered.html, id: "nice-view"), "step \(seq)")
        }
    }

    /// Random searches in a row (the field now and then gone and back), each patch applied as the page applies it: the
    /// page is a fresh render after each.
    @Test func randomSearchesConverge() throws {
        var generator = SeededRandomNumberGenerator(seed: 36)
        var view = PaneView(id: "nice-view")
        var page = Page(html: "")
        var drawnLike = 0
        for seq in UInt64(1)...300 {
            let state: Searching.State =
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: .prompt
                case 1: .loading(["a", "b"].randomElement(using: &generator)!)
                case 2: .results(Self.randomRows(&generator))
                default: .empty
                }
            // Now and then the field is gone (another screen) and comes back with another content after it.
            let rendered = seq % 17 == 0 ? ViewHost(Detail()).render(Self.context) : ViewHost(Searching(state: state)).render(Self.context)
            let patches = view.update(rendered, seq: seq)
            if seq == 1 { page = Page(html: Page.expandForms(patches[0].html)) } else { for patch in patches { try page.apply(patch, seq: seq) } }
            #expect(page.html == PaneView.wrapped(rendered.html, id: "nice-view"), "step \(seq)")
            drawnLike += patches.filter { $0.html.contains("data-like=\"") }.count
        }
        #expect(drawnLike > 50, "contents drawn like kept ones (\(drawnLike))")
    }

    struct Searching: View {
        enum State {
            case prompt, loading(String), results([Row]), empty
        }

        let state: State

        var body: some View {
            VStack {
                Button("Search") {}
                if case .loading(let query) = state {
                    HStack { Text("Querying for \(query)") }
                } else if case .results(let rows) = state {
                    VStack {
                        ForEach(rows) { row in
                            VStack {
                                Text(row.title)
                                Text("\(row.id * 10) min")
                            }
                        }
                        Text("\(rows.count) results")
                    }
                } else if case .empty = state {
                    Text("Nothing found")
                } else {
                    Text("Type in to search")
                }
            }
            .id("search")
        }
    }

    /// A node one of whose children is another now (a spinner in place of the posts, the posts back) has that child
    /// swapped; the rest of it is not sent again, and a child the tabs keep is named.
    @Test func aChildInPlaceOfAnotherIsSwapped() throws {
        var view = PaneView(id: "nice-view")
        let list = ViewHost(Swapping(loading: false)).render(Self.context)
        _ = view.update(list, seq: 1)
        var page = Page(html: PaneView.wrapped(list.html, id: "nice-view"))
        let loading = ViewHost(Swapping(loading: true)).render(Self.context)
        let spinner = view.update(loading, seq: 2)
        #expect(spinner.count == 1 && spinner[0].html.hasPrefix(#"<template data-swap=""#) && !spinner[0].html.contains("Show All"), "\(spinner)")
        for patch in spinner { try page.apply(patch, seq: 2) }
        #expect(page.html == PaneView.wrapped(loading.html, id: "nice-view"))
        let back = view.update(list, seq: 3)
        #expect(back.count == 1 && back[0].html.hasPrefix(#"<template data-swap=""#), "\(back)")
        #expect(back[0].html.contains(#"<i data-reuse=""#) && !back[0].html.contains("Post 1"), "the posts are named: \(back)")
        for patch in back { try page.apply(patch, seq: 3) }
        #expect(page.html == PaneView.wrapped(list.html, id: "nice-view"))
    }

    struct Swapping: View {
        let loading: Bool

        var body: some View {
            VStack {
                HStack { Button("Show All") {} }
                if loading { VStack { Text("Loading") }.id("spinner") } else { ForEach(PaneViewTests.rows(Array(1...20))) { row in Text(row.title) } }
            }
            .id("posts")
        }
    }

    /// A node that gained a last child (a screen pushed) gets it appended; the rest of it is not sent again.
    @Test func aChildAddedAtTheEndIsAppended() throws {
        var view = PaneView(id: "nice-view")
        let old = ViewHost(Screen(pushed: false)).render(Self.context)
        _ = view.update(old, seq: 1)
        let new = ViewHost(Screen(pushed: true)).render(Self.context)
        let patches = view.update(new, seq: 2)
        #expect(patches.map(\.id) == ["screen"])
        #expect(patches.first?.html.hasPrefix(#"<template data-append-to="screen"><div id="pushed""#) == true, "\(patches)")
        #expect(patches.first?.html.contains("Star!") == false)
        var page = Page(html: PaneView.wrapped(old.html, id: "nice-view"))
        for patch in patches { try page.apply(patch, seq: 2) }
        #expect(page.html == PaneView.wrapped(new.html, id: "nice-view"))
        // Dismissed: the page takes it off (and keeps it: pushed again, it is named).
        let back = view.update(old, seq: 3)
        #expect(back.map(\.html) == [#"<template data-drop="pushed"></template>"#])
        for patch in back { try page.apply(patch, seq: 3) }
        #expect(page.html == PaneView.wrapped(old.html, id: "nice-view"))
        let again = view.update(new, seq: 4)
        #expect(again.first?.html == #"<template data-append-to="screen"><i data-reuse="pushed" data-seq="3"></i></template>"#, "\(again)")
        for patch in again { try page.apply(patch, seq: 4) }
        #expect(page.html == PaneView.wrapped(new.html, id: "nice-view"))
        // Anything else changed with it: not an append.
        let other = view.update(ViewHost(Screen(pushed: true, title: "Other")).render(Self.context), seq: 5)
        #expect(other.map(\.id) == ["screen"] && other.first?.html.hasPrefix("<div id=\"screen\"") == true)
    }

    struct Screen: View {
        let pushed: Bool
        var title = "Star!"

        var body: some View {
            VStack {
                Text(title)
                Button("Push") {}
                if pushed { VStack { Text("Pushed") }.id("pushed") }
            }
            .id("screen")
        }
    }

    /// Controls outside the rows (a picker, a button) that a patch took off are named when they come back.
    @Test func controlsTakenOffOutsideTheRowsAreNamedWhenTheyComeBack() throws {
        var view = PaneView(id: "nice-view")
        let list = ViewHost(Controls(rows: Self.rows(Array(1...30)))).render(Self.context)
        _ = view.update(list, seq: 1)
        var page = Page(html: PaneView.wrapped(list.html, id: "nice-view"))
        for patch in view.update(ViewHost(Detail()).render(Self.context), seq: 2) { try page.apply(patch, seq: 2) }
        let loading = ViewHost(Controls(rows: [])).render(Self.context)
        let patches = view.update(loading, seq: 3)
        for patch in patches { try page.apply(patch, seq: 3) }
        #expect(page.html == PaneView.wrapped(loading.html, id: "nice-view"))
        #expect(!patches.map(\.html).joined().contains("<form"), "\(patches.map(\.html))")
    }

    struct Controls: View {
        let rows: [Row]

        var body: some View {
            VStack {
                HStack {
                    Button("Show All") {}
                    Button("Trigger error") {}
                    Text("A header long enough that the fragment is worth naming what it holds: \(String(repeating: "x", count: 600))")
                }
                ForEach(rows) { row in Text(row.title) }
            }
            .id("posts")
        }
    }

    /// A control's form is written short in a patch and only such a form: the page script writes it out again.
    @Test func aControlsFormIsWrittenShort() {
        let form = #"<form id="nice-cAB_c-9xy" class="button-form" method="post" action="/rooms/r1/actions"><input type="hidden" name="app" value="nice"><input type="hidden" name="control" value="AB_c-9xy"><button>x</button></form>"#
        let short = #"<form id="nice-cAB_c-9xy" class="button-form" data-c><button>x</button></form>"#
        #expect(PaneView.compactForms("<p>" + form + form + "</p>") == "<p>" + short + short + "</p>")
        #expect(Page.expandForms(short) == form)
        // A control id of another length (a whole path, as older pages posted) names its app.
        let long = form.replacing("AB_c-9xy", with: "AB_c-9xyz")
        let named = #"<form id="nice-cAB_c-9xyz" class="button-form" data-c="nice"><button>x</button></form>"#
        #expect(PaneView.compactForms(long) == named)
        #expect(Page.expandForms(named) == long)
        let others = [
            form.replacing("/rooms/r1/actions", with: "/elsewhere"),
            form.replacing(#"value="AB_c-9xy">"#, with: #"value="other">"#),
            form.replacing(#"name="app" value="nice""#, with: #"name="app" value="mvi""#),
            #"<form id="x" method="post" action="/rooms/r1/events"><input type="hidden" name="event" value="a"></form>"#,
        ]
        for other in others { #expect(PaneView.compactForms(other) == other) }
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
            if seq == 1 { page = Page(html: Page.expandForms(try Page.expandLike(patches[0].html))) } else { for patch in patches { try page.apply(patch, seq: seq) } }
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

/// A page's HTML patched as `Public/playground.js` patches the DOM: a control's form written short (`data-c`) is
/// written out; a fragment replaces the element of its id; a keyed patch (`<template data-keyed-for>`) removes, inserts
/// and moves the list's child elements by id.
private struct Page {
    var html: String
    /// What patches took off the page, by id, with the patch's number and its parent's id and its place there (the
    /// page script's `kept`).
    var kept: [String: (html: String, seq: UInt64, at: String?)] = [:]
    /// Copies of what rest patches took off after a child, by "CHILD SEQ" (the page script's `keptRests`).
    var keptRests: [String: String] = [:]

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

    /// Keeps every element inside `element` (and it too, with `itself`, as the `index`th child of `parent`), as patch
    /// `seq` takes it off, each with its parent's id (when it has one) and its place among its parent's children.
    mutating func keep(_ element: String, seq: UInt64, itself: Bool, parent: String? = nil, index: Int = 0) throws {
        let own = Self.id(of: element)
        if itself, !own.isEmpty { kept[own] = (element, seq, parent.map { "\($0) \(index)" }) }
        let start = try #require(element.firstIndex(of: ">"))
        let end = try #require(element.ranges(of: "</").last?.lowerBound)
        for (at, child) in Self.topLevelElements(String(element[element.index(after: start)..<end])).enumerated() {
            try keep(child, seq: seq, itself: true, parent: own.isEmpty ? nil : own, index: at)
        }
    }

    /// The element (or run of rows) a placeholder names, taken out of what the page keeps.
    mutating func take(_ id: String, seq: Substring, run: Int) throws -> [(id: String, html: String)] {
        let taken = kept.removeValue(forKey: id)
        let first = try #require(taken, "\(id) is not kept")
        try #require(String(first.seq) == seq, "\(id) kept from another patch")
        var out = [(id, first.html)]
        for step in 1..<max(run, 1) {
            let at = try #require(first.at).split(separator: " ")
            let place = "\(at[0]) \(Int(at[1])! + step)"
            let next = try #require(kept.first { $0.value.seq == first.seq && $0.value.at == place }, "no row kept at \(place)")
            kept[next.key] = nil
            out.append((next.key, next.value.html))
        }
        return out
    }

    /// Puts back every element a patch named.
    mutating func putBack() throws {
        while let match = html.firstMatch(of: /<i data-reuse="([^"]*)" data-seq="([0-9]+)"(?: data-run="([0-9]+)")?><\/i>/) {
            let elements = try take(String(match.output.1), seq: match.output.2, run: match.output.3.flatMap { Int($0) } ?? 1)
            html.replaceSubrange(match.range, with: elements.map(\.html).joined())
        }
    }

    /// A control's form as the server draws it, from the short form a patch carries.
    static func expandForms(_ html: String) -> String {
        html.replacing(/<form id="([a-z]+)-c([^"]+)"([^>]*) data-c(?:="([a-z]+)")?>/) { match in
            #"<form id="\#(match.output.1)-c\#(match.output.2)"\#(match.output.3) method="post" action="/rooms/r1/actions">"#
                + #"<input type="hidden" name="app" value="\#(match.output.4 ?? match.output.1)"><input type="hidden" name="control" value="\#(match.output.2)">"#
        }
    }

    /// Each row drawn like the one before it (`<i data-like="ID …">TEXT<br>…</i>`) as that row with its ids and texts.
    static func expandLike(_ html: String) throws -> String {
        var html = html
        while let match = html.firstMatch(of: /<i data-like="([^"]*)">((?:(?!<\/i>).)*)<\/i>/) {
            // The element that ends where the short row starts.
            var open: [String.Index] = []
            var modelStart: String.Index?
            for tag in html[..<match.range.lowerBound].matches(of: /<(\/?)([a-z]+)[^>]*>/) {
                if ["input", "br"].contains(String(tag.output.2)) { continue }
                if tag.output.1.isEmpty {
                    open.append(tag.range.lowerBound)
                } else if let start = open.popLast(), tag.range.upperBound == match.range.lowerBound {
                    modelStart = start
                }
            }
            let model = html[try #require(modelStart, "no row before \(match.output.0)")..<match.range.lowerBound]
            var ids = match.output.1.split(separator: " ").makeIterator()
            var texts = match.output.2.split(separator: "<br>", omittingEmptySubsequences: false).makeIterator()
            var row = ""
            for piece in model.matches(of: /<[^>]*>|[^<]+/) {
                if piece.output.hasPrefix("<") {
                    guard piece.output.contains(#" id=""#) else {
                        row += piece.output
                        continue
                    }
                    let id = ids.next()
                    row += piece.output.replacing(#/\ id="[^"]*"/#, with: #" id="\#(try #require(id))""#, maxReplacements: 1)
                } else {
                    let text = texts.next()
                    row += try #require(text)
                }
            }
            html.replaceSubrange(match.range, with: row)
        }
        return html
    }

    mutating func apply(_ patch: Fragment, seq: UInt64) throws {
        let patch = Fragment(id: patch.id, html: Self.expandForms(try Self.expandLike(patch.html)))
        if patch.html.hasPrefix("<template data-drop=") {
            let child = try element(patch.id).whole
            try keep(String(html[child]), seq: seq, itself: true)
            html.removeSubrange(child)
            return
        }
        if patch.html.hasPrefix("<template data-swap=") {
            let child = try element(patch.id).whole
            try keep(String(html[child]), seq: seq, itself: true)
            let inner = patch.html[patch.html.index(after: patch.html.firstIndex(of: ">")!)...].dropLast("</template>".count)
            html.replaceSubrange(child, with: inner)
            return try putBack()
        }
        if let anchor = patch.html.firstMatch(of: /^<template data-rest="([^"]*)"(?: data-like="([^"]*)")?(?: data-rows="([^"]*)")?>/) {
            // What follows the child in its node (the fragment's id) is kept, and a copy of it, and replaced.
            let childID = String(anchor.output.1)
            let child = try element(childID).whole
            let rest = child.upperBound..<(try element(patch.id).inner.upperBound)
            for (index, gone) in Self.topLevelElements(String(html[rest])).enumerated() {
                try keep(gone, seq: seq, itself: true, parent: patch.id, index: index + 1)
            }
            keptRests["\(childID) \(seq)"] = String(html[rest])
            var inner = String(patch.html[anchor.range.upperBound...].dropLast("</template>".count))
            if let like = anchor.output.2 {
                let words = like.split(separator: " ").map(String.init)
                let kept = keptRests.removeValue(forKey: "\(childID) \(words[0])")
                let model = try #require(kept, "no content kept after \(childID) at \(words[0])")
                let rows = (anchor.output.3 ?? "").split(separator: " ").map { Int($0)! }
                let texts = inner.isEmpty ? [] : inner.components(separatedBy: "<br>")
                inner = try Self.drawnLike(model, ids: Array(words.dropFirst()), texts: texts, rows: rows)
            }
            html.replaceSubrange(rest, with: inner)
            return try putBack()
        }
        if patch.html.hasPrefix("<template data-append-to=") {
            let inner = patch.html[patch.html.index(after: patch.html.firstIndex(of: ">")!)...].dropLast("</template>".count)
            html.insert(contentsOf: inner, at: try element(patch.id).inner.upperBound)
            return try putBack()
        }
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
        for (index, row) in rows.enumerated() where removed.contains(row.id) {
            try keep(row.html, seq: seq, itself: true, parent: patch.id, index: index)
        }
        rows.removeAll { removed.contains($0.id) }
        let anchors = attribute("data-after")
        let inner = patch.html[patch.html.index(after: patch.html.firstIndex(of: ">")!)...].dropLast("</template>".count)
        let items = Self.topLevelElements(String(inner))
        try #require(items.count == anchors.count)
        for (item, anchor) in zip(items, anchors) {
            var placed = [(id: Self.id(of: item), html: item)]
            if let moved = item.firstMatch(of: /^<i data-move="([^"]*)"><\/i>$/).map({ String($0.1) }) {
                placed = [rows.remove(at: try #require(rows.firstIndex { $0.id == moved }))]
            } else if let reused = item.firstMatch(of: /^<i data-reuse="([^"]*)" data-seq="([0-9]+)"(?: data-run="([0-9]+)")?><\/i>$/) {
                placed = try take(String(reused.output.1), seq: reused.output.2, run: reused.output.3.flatMap { Int($0) } ?? 1)
            }
            rows.insert(contentsOf: placed, at: anchor == "^" ? 0 : try #require(rows.firstIndex { $0.id == anchor }) + 1)
        }
        html.replaceSubrange(list.inner, with: rows.map(\.html).joined())
        try putBack()
    }

    /// HTML as a tree: an element's start tag, its content and its end tag (empty for a void element), or a text.
    indirect enum HTMLNode {
        case element(String, [HTMLNode], String)
        case text(String)

        var html: String {
            switch self {
            case .text(let text): text
            case .element(let open, let content, let close): open + content.map(\.html).joined() + close
            }
        }

        static func parse(_ html: String) -> [HTMLNode] {
            var stack: [(open: String, content: [HTMLNode])] = [("", [])]
            for piece in html.matches(of: /<[^>]*>|[^<]+/) {
                let piece = String(piece.output)
                if !piece.hasPrefix("<") {
                    stack[stack.count - 1].content.append(.text(piece))
                } else if piece.hasPrefix("</") {
                    let open = stack.removeLast()
                    stack[stack.count - 1].content.append(.element(open.open, open.content, piece))
                } else if piece.hasPrefix("<input") || piece.hasPrefix("<br") || piece.hasPrefix("<!") {
                    stack[stack.count - 1].content.append(.element(piece, [], ""))
                } else {
                    stack.append((piece, []))
                }
            }
            return stack[0].content
        }
    }

    /// A content drawn like `model` (what a rest patch took off): its ids and texts set in order, each keyed list (an
    /// element whose content is elements with ids, not in another's rows) given its count of rows like its first.
    static func drawnLike(_ model: String, ids: [String], texts: [String], rows: [Int]) throws -> String {
        var (ids, texts, rows) = (ids.makeIterator(), texts.makeIterator(), rows.makeIterator())
        func fill(_ node: HTMLNode, inRow: Bool) throws -> HTMLNode {
            guard case .element(var open, let content, let close) = node else {
                let text = texts.next()
                return .text(try #require(text))
            }
            let hasID = open.contains(#" id=""#)
            if hasID {
                let id = ids.next()
                open = open.replacing(#/\ id="[^"]*"/#, with: #" id="\#(try #require(id))""#, maxReplacements: 1)
            }
            let list = !inRow && hasID && !content.isEmpty && content.allSatisfy {
                if case .element(let open, _, _) = $0 { open.contains(#" id=""#) } else { false }
            }
            guard list else { return .element(open, try content.map { try fill($0, inRow: inRow) }, close) }
            let count = rows.next()
            return .element(open, try (0..<(try #require(count))).map { _ in try fill(content[0], inRow: true) }, close)
        }
        let out = try HTMLNode.parse(model).map { try fill($0, inRow: false).html }.joined()
        let (extraID, extraText, extraCount) = (ids.next(), texts.next(), rows.next())
        #expect(extraID == nil && extraText == nil && extraCount == nil, "every id, text and count used")
        return out
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
