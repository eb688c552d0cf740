import Testing
@testable import PlaygroundUI

@Suite struct HTMLEscapingTests {
    @Test func escapesEveryMarkupCharacter() {
        #expect(
            HTML.escape(#"<script>alert('x') & "y"</script>"#)
                == "&lt;script&gt;alert(&#39;x&#39;) &amp; &quot;y&quot;&lt;/script&gt;")
    }

    @Test func textAndAttributeEscapeTheSameWay() {
        #expect(HTML.text("<a href='x'>&</a>") == "&lt;a href=&#39;x&#39;&gt;&amp;&lt;/a&gt;")
        #expect(HTML.attribute("\" onload=\"x") == "&quot; onload=&quot;x")
    }

    @Test func leavesPlainTextAndUnicodeAlone() {
        #expect(HTML.escape("Crème brûlée — 5 €") == "Crème brûlée — 5 €")
        #expect(HTML.escape("a\0b") == "a\u{FFFD}b")
    }

    @Test func textContentIsEscaped() {
        #expect(
            html(Text("<b>bold</b> & 'quoted' \"text\""))
                == #"<span class="text">&lt;b&gt;bold&lt;/b&gt; &amp; &#39;quoted&#39; &quot;text&quot;</span>"#)
    }

    @Test func hostileAttributeValuesStayInsideTheirQuotes() {
        let hostile = #"x" onmouseover='alert(1)' a="&"#
        let field = TextField("\"><script>", text: .constant(hostile), submitLabel: "<Go>")
        let context = RenderContext(formAction: "/rooms/\"r'&/events", actionFields: [FormField("app", "<app>"), FormField("e\"v", "'")])
        let rendered = maskingMadeIDs(ViewHost(field).render(context).html)
        #expect(
            rendered == #"<form id="c*" class="textfield-form" method="post" action="/rooms/&quot;r&#39;&amp;/events">"#
                + #"<input type="hidden" name="app" value="&lt;app&gt;"><input type="hidden" name="e&quot;v" value="&#39;">"#
                + #"<input type="hidden" name="control" value="*">"#
                + #"<input class="textfield" type="text" name="value" value="x&quot; onmouseover=&#39;alert(1)&#39; a=&quot;&amp;" "#
                + #"placeholder="&quot;&gt;&lt;script&gt;"><button class="button" type="submit">&lt;Go&gt;</button></form>"#)
    }

    @Test func hostileIdsAndTagsAreEscapedAndFragmentIdIsPlain() {
        let view = TabView(selection: .constant("<t>")) {
            Text("x").id("a\"b<c>").tag("<t>")
        }
        let rendered = ViewHost(view).render(context)
        #expect(
            rendered.html == #"<div class="tabview tabview-automatic"><div class="tab tab-selected" data-tag="&lt;t&gt;">"#
                + #"<span id="a&quot;b&lt;c&gt;" class="text">x</span></div></div>"#)
        #expect(rendered.fragments == [Fragment(id: "a\"b<c>", html: #"<span id="a&quot;b&lt;c&gt;" class="text">x</span>"#)])
    }

    @Test func textBetweenTagsEscapesWhatTextNeedsAndLeavesQuotes() {
        #expect(HTML.textBetweenTags(#""a" → "b""#) == #""a" → "b""#)
        #expect(HTML.textBetweenTags("<script>&'\"\0") == "&lt;script&gt;&amp;'\"\u{FFFD}")
        #expect(HTML.textBetweenTags("plain") == "plain")
    }

    @Test func escapesBetweenMultiByteCharactersAsAScalarByScalarWalkWould() {
        let samples = ["«é» & <ü>", "€\"'\0🙂>", "🙂", "&", "\0\0", "a → b <c>", "<", "\"a\" → \"ß\"", ""]
        for sample in samples {
            #expect(HTML.escape(sample) == scalarByScalar(sample, quotes: true))
            #expect(HTML.textBetweenTags(sample) == scalarByScalar(sample, quotes: false))
        }
        #expect(HTML.escape("é&€") == "é&amp;€")
    }

    /// The escapers as they were written before (one scalar at a time), to hold the byte walk to.
    private func scalarByScalar(_ string: String, quotes: Bool) -> String {
        var escaped = ""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"" where quotes: escaped += "&quot;"
            case "'" where quotes: escaped += "&#39;"
            case "\0": escaped += "\u{FFFD}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
