import Foundation
import JSONText
import Testing

/// The one JSON escaper: valid JSON that decodes back to the same string, and nothing that could end an HTML
/// `<script>` or a JavaScript line.
@Suite struct JSONTextTests {
    @Test func everyKindOfCharacterIsEscapedAsRFC8259AndHTMLNeed() {
        #expect(JSONString.quoted("a\"b\\c") == #""a\"b\\c""#)
        #expect(JSONString.quoted("\n\r\t") == #""\n\r\t""#)
        #expect(JSONString.quoted("\u{0}\u{1F}\u{7F}") == #""\u0000\u001f\u007f""#)
        #expect(JSONString.quoted("</script><b>&") == #""\u003c/script\u003e\u003cb\u003e\u0026""#)
        #expect(JSONString.quoted("x\u{2028}y\u{2029}") == #""x\u2028y\u2029""#)
        #expect(JSONString.quoted("é 🎬 ü") == "\"é 🎬 ü\"")
    }

    @Test func whatItWritesDecodesBackToTheSameString() throws {
        var random = SystemRandomNumberGenerator()
        let pool: [Unicode.Scalar] = ["\"", "\\", "<", ">", "&", "\n", "\u{0}", "\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}", "a", "é", "🎬", "/"]
        for _ in 0..<500 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0..<24, using: &random) { text.append(pool.randomElement(using: &random)!) }
            let string = String(text)
            let decoded = try JSONDecoder().decode(String.self, from: Data(JSONString.quoted(string).utf8))
            #expect(decoded == string)
        }
    }

    @Test func aWriterBuildsWholeDocuments() throws {
        var json = JSONWriter()
        json.append("{\"title\":")
        json.appendString("<Up>")
        json.append(",\"year\":2009}")
        #expect(json.text == #"{"title":"\u003cUp\u003e","year":2009}"#)
        let object = try JSONSerialization.jsonObject(with: Data(json.bytes)) as? [String: Any]
        #expect(object?["title"] as? String == "<Up>")
    }
}
