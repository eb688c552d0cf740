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
}
