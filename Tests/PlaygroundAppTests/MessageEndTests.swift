import PlaygroundUI
import Testing

@testable import PlaygroundApp

/// A patch message ends without the end tags the page's parser supplies, and the part ending deepest goes last.
@Suite struct MessageEndTests {
    @Test func theEndTagsAtTheEndGo() {
        #expect(MessageEnd.withoutEndTags(#"<template data-rest="a"><div class="hstack"><span>x</span></div></template>"#)
            == #"<template data-rest="a"><div class="hstack"><span>x"#)
        #expect(MessageEnd.withoutEndTags("<ul><li>a</li></ul>\n<template><tr><td>b</template></template>")
            == "<ul><li>a</li></ul>\n<template><tr><td>b", "only the message's last part loses its end tags")
    }

    @Test func whatIsNotAnEndTagStays() {
        #expect(MessageEnd.withoutEndTags("<i>a &lt;/b&gt;") == "<i>a &lt;/b&gt;")
        #expect(MessageEnd.withoutEndTags("<br>") == "<br>")
        #expect(MessageEnd.withoutEndTags(#"<i data-x="</b>">"#) == #"<i data-x="</b>">"#)
        #expect(MessageEnd.withoutEndTags("</>") == "</>")
        #expect(MessageEnd.withoutEndTags("") == "")
    }

    /// With no `p` open, `</p>` draws an empty paragraph (and `</br>` a line break): those stay, and what is before them.
    @Test func paragraphAndBreakEndTagsStay() {
        #expect(MessageEnd.withoutEndTags("<div><p>a</p></div>") == "<div><p>a</p>")
        #expect(MessageEnd.withoutEndTags("<div>a</br>") == "<div>a</br>")
    }

    @Test func thePartEndingDeepestGoesLast() {
        let app = [Fragment(id: "a", html: "<div id=\"a\"><span>x</span></div>")]
        let teaching = [Fragment(id: "f", html: "<template data-lit-for=\"f\">1 x</template>")]
        #expect(MessageEnd.endingDeepest(app, teaching).map(\.id) == ["f", "a"])
        let shallow = [Fragment(id: "a", html: "<i id=\"a\">x</i>")]
        #expect(MessageEnd.endingDeepest(shallow, teaching).map(\.id) == ["a", "f"], "the app's first when even or shallower")
        #expect(MessageEnd.endingDeepest([], teaching).map(\.id) == ["f"])
    }
}
