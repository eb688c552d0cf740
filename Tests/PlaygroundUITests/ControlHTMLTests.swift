import Testing

@testable import PlaygroundUI

/// The exact HTML of each control holding a closure: a plain form (it works without scripts) posting the control's
/// action id (its path's short id, ``ControlID``; the form's `id` is made from it too) and the context's hidden fields
/// to the context's action URL, every dynamic string escaped.
@Suite("Controls with closures: exact HTML")
struct ControlHTMLTests {
    /// A hostile context: the URL and the hidden fields are escaped like any other attribute value.
    static let hostile = RenderContext(
        formAction: "/rooms/r1/events", actionURL: #"/rooms/"r1"/actions?a=1&b=2"#,
        actionFields: [FormField("app", "<ev>"), FormField("x'y", "1")])

    /// The start of every control's form in ``hostile``, for a control of `kind` at `path` (the root: `/`), whose
    /// action id is the path's short id; the form's own id is `c` and that id unless a row's id is given.
    static func form(_ kind: String, path: String = "/", formID: String? = nil) -> String {
        let id = ControlID(posted: path)!.description
        return #"<form id="\#(formID ?? "c" + id)" class="\#(kind)-form" method="post" action="/rooms/&quot;r1&quot;/actions?a=1&amp;b=2">"#
            + #"<input type="hidden" name="app" value="&lt;ev&gt;"><input type="hidden" name="x&#39;y" value="1">"#
            + #"<input type="hidden" name="control" value="\#(id)">"#
    }

    @Test func aControlsIDIsItsPathsShortIDAndAPostedPathNamesItToo() throws {
        let id = try #require(ControlID(posted: "/T/0/#7/T/0/1"))
        #expect(id.description.count == 8)
        #expect(id.description.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        #expect(ControlID(posted: id.description) == id, "the short id reads back")
        #expect(ControlID(posted: "/T/0/#7/T/0/2") != id)
        for bad in ["", "abc", "ABCDEFGHI", "ABCDEF!H", "ABCDEFG\u{e9}"] { #expect(ControlID(posted: bad) == nil, "\(bad)") }
    }

    static func render(_ view: some View) -> String {
        ViewHost(view).render(hostile).html
    }

    @Test func buttons() {
        #expect(
            Self.render(Button("Add <b>") {})
                == Self.form("button") + #"<button class="button" type="submit"><span class="text">Add &lt;b&gt;</span></button></form>"#)
        #expect(
            Self.render(Button(action: {}) { Text("Label & more") })
                == Self.form("button") + #"<button class="button" type="submit"><span class="text">Label &amp; more</span></button></form>"#)
        #expect(
            Self.render(Button("Cancel", role: .cancel) {})
                == Self.form("button") + #"<button class="button button-cancel" type="submit"><span class="text">Cancel</span></button></form>"#)
        #expect(
            Self.render(Button("Delete", role: .destructive) {}.buttonStyle(.bordered))
                == Self.form("button", path: "/0")  // the style modifier's content
                + #"<button class="button button-bordered button-destructive" type="submit"><span class="text">Delete</span></button></form>"#)
        #expect(
            Self.render(Button("Plain", role: nil) {})
                == Self.form("button") + #"<button class="button" type="submit"><span class="text">Plain</span></button></form>"#)
    }

    @Test func textFields() {
        let text = Binding.constant(#"<"typed" & 'quoted'>"#)
        #expect(
            Self.render(TextField(#"Search "films" <now>"#, text: text))
                == Self.form("textfield")
                + #"<input class="textfield" type="text" name="value" value="&lt;&quot;typed&quot; &amp; &#39;quoted&#39;&gt;" placeholder="Search &quot;films&quot; &lt;now&gt;"></form>"#)
        #expect(
            Self.render(TextField("Name", text: .constant(""), onCommit: {}, submitLabel: "<Save>"))
                == Self.form("textfield")
                + #"<input class="textfield" type="text" name="value" value="" placeholder="Name"><button class="button" type="submit">&lt;Save&gt;</button></form>"#)
    }

    @Test func toggles() {
        #expect(
            Self.render(Toggle("Loud & <clear>", isOn: .constant(false)))
                == Self.form("toggle")
                + #"<input type="hidden" name="value" value="true"><button class="toggle" type="submit" role="switch" aria-checked="false">Loud &amp; &lt;clear&gt;</button></form>"#)
        #expect(
            Self.render(Toggle("On", isOn: .constant(true)))
                == Self.form("toggle")
                + #"<input type="hidden" name="value" value="false"><button class="toggle toggle-on" type="submit" role="switch" aria-checked="true">On</button></form>"#)
    }

    @Test func pickers() {
        let picker = Picker("Flavor <b>", selection: .constant("<choc>")) {
            Text("Vanilla").tag("<van>")
            Text("<Chocolate>").tag("<choc>")
            Text("Untagged")
        }
        #expect(
            Self.render(picker)
                == Self.form("picker") + #"<span class="picker-title">Flavor &lt;b&gt;</span>"#
                + #"<button class="picker-option" type="submit" name="value" value="0" aria-pressed="false"><span class="text">Vanilla</span></button>"#
                + #"<button class="picker-option picker-option-selected" type="submit" name="value" value="1" aria-pressed="true"><span class="text">&lt;Chocolate&gt;</span></button>"#
                + #"<button class="picker-option" type="submit" name="value" value="" aria-pressed="false" disabled="disabled"><span class="text">Untagged</span></button></form>"#)
    }

    /// A row's id reaches the HTML only hashed: its path's short id names its control, and the hash of the list's path
    /// and the id's text its element's `id`.
    @Test func aHostileRowIDNeverReachesTheHTML() {
        let key = #"<row "1"/2>"#
        let rows = ForEach([key], id: \.self) { _ in Button("x") {} }
        let row = #"/#<row "1"%2F2>"#
        let element = ControlID(descriptionHash: FNV1a64.add(key, to: FNV1a64.add("\u{0}", to: FNV1a64.add("/", to: FNV1a64.offsetBasis))))
        #expect(
            Self.render(rows)
                == #"<div id="k\#(ControlID(posted: "/")!)" class="for-each">"#
                + Self.form("button", path: row, formID: "r\(element)")
                + #"<button class="button" type="submit"><span class="text">x</span></button></form></div>"#)
    }

    @Test func withoutActionFieldsOrURLAControlPostsToTheFormAction() {
        #expect(
            ViewHost(Button("Go") {}).render(RenderContext(formAction: "/rooms/r1/events")).html
                == #"<form id="c\#(ControlID(posted: "/")!)" class="button-form" method="post" action="/rooms/r1/events"><input type="hidden" name="control" value="\#(ControlID(posted: "/")!)">"#
                + #"<button class="button" type="submit"><span class="text">Go</span></button></form>"#)
    }
}
