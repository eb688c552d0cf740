import Testing

@testable import PlaygroundUI

@Suite("Skeleton: the page outside its fragments")
struct SkeletonTests {
    struct Page: View {
        let left: String
        let middle: String
        var body: some View {
            HStack {
                Text(left).id("a")
                Text(middle)
                Text("<b>").id("b")
            }
        }
    }

    @Test func writerSkeletonMatchesTheSearchedOne() {
        let context = RenderContext(formAction: "/e")
        let rendered = ViewHost(Page(left: "x", middle: "m")).render(context)
        #expect(rendered.fragments.map(\.id) == ["a", "b"])
        #expect(rendered.skeleton == RenderedView(html: rendered.html, fragments: rendered.fragments).skeleton)
        #expect(rendered.skeleton == #"<div class="hstack">"# + "\u{0}a\u{0}" + #"<span class="text">m</span>"# + "\u{0}b\u{0}</div>")
        let fragmentOnly = ViewHost(Page(left: "y", middle: "m")).render(context)
        #expect(fragmentOnly.skeleton == rendered.skeleton, "a change inside a fragment leaves the skeleton alone")
        let outside = ViewHost(Page(left: "x", middle: "n")).render(context)
        #expect(outside.skeleton != rendered.skeleton)
    }

    struct Pane: View {
        let lines: [String]
        var body: some View {
            VStack {
                ForEach(lines, id: \.self) { Text($0) }
            }
            .id("pane")
        }
    }

    /// A kept render (a pitfall pane's, issue #27's memory) holds its HTML once: a fragment that is the whole HTML
    /// shares its string, and the skeleton's storage is its own size, not the HTML's.
    @Test func aWholeFragmentSharesTheHTMLAndTheSkeletonIsSmall() {
        let lines = (0..<40).map { "switch \($0): the article's code as published" }
        let rendered = ViewHost(Pane(lines: lines)).render(RenderContext(formAction: "/e"))
        #expect(rendered.fragments.map(\.id) == ["pane"])
        #expect(rendered.fragments[0].html == rendered.html)
        let html = rendered.html.utf8.withContiguousStorageIfAvailable { $0.baseAddress }
        let fragment = rendered.fragments[0].html.utf8.withContiguousStorageIfAvailable { $0.baseAddress }
        #expect(html != nil && html == fragment)
        #expect(rendered.skeleton == "\u{0}pane\u{0}")
        #expect(rendered.html.utf8.count > 1_000)
        #expect(rendered.skeleton._classify()._capacity < 64, "was reserved at the whole HTML's size")
    }
}

