/// A one-line text field. On the web it is a form posting its control id and the typed text when the user presses
/// Return (or the optional submit button):
/// `<form class="textfield-form" …>…<input class="textfield" type="text" name="value" value="…" placeholder="…">`.
public struct TextField: View {
    let prompt: String
    let text: Binding<String>
    let onCommit: () -> Void
    let submitLabel: String?

    /// A field showing `text`, as SwiftUI's: Return posts what was typed, which is written into `text` before
    /// `onCommit` runs (`TextField("Search", text: $query, onCommit: { vm.loadMovies(query: query) })`). Text with
    /// control characters or line breaks, or over 1,000 Unicode scalars, is refused and changes nothing (``String/isPlainLine``).
    /// `submitLabel` adds a submit button; without it Return still posts the form (a form with one text field is
    /// submitted by Return, script or not), as in SwiftUI, which has no button either.
    public init(_ prompt: String, text: Binding<String>, onCommit: @escaping () -> Void = {}, submitLabel: String? = nil) {
        (self.prompt, self.text, self.onCommit, self.submitLabel) = (prompt, text, onCommit, submitLabel)
    }

    /// Primitive: drawn as a form with a text input.
    public var body: Never { primitiveBody(Self.self) }
}

extension TextField: PrimitiveView {
    func render(in renderer: Renderer, _ state: RenderState) {
        let (text, onCommit) = (text, onCommit)
        renderer.openActionForm("textfield", viewType: Self.self, state) { value in
            guard let value else { return .invalid("A text field posts its text as value, and none was given.") }
            guard value.isPlainLine else {
                return .invalid(
                    "A text field takes one line of text of at most \(maxPostedTextLength) characters, without control characters or line breaks.")
            }
            text.wrappedValue = value
            onCommit()
            return .performed
        }
        let input: [(name: StaticString, value: String)] = [
            ("type", "text"), ("name", "value"), ("value", text.wrappedValue), ("placeholder", prompt),
        ]
        renderer.writer.void("input", ElementAttributes(classes: ["textfield"]), input)
        if let submitLabel {
            renderer.writer.open("button", ElementAttributes(classes: ["button"]), [("type", "submit")])
            renderer.writer.text(submitLabel)
            renderer.writer.close()
        }
        renderer.writer.close()
    }
}
