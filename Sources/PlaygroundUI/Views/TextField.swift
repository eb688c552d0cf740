/// A one-line text field. On the web it is a form: the typed text is posted under `name` with the event's
/// hidden fields when the user presses Return (or the optional submit button):
/// `<form class="textfield-form" …>…<input class="textfield" type="text" name="…" value="…" placeholder="…">`.
public struct TextField: View {
    let prompt: String
    let text: Binding<String>
    let name: String
    let event: any PostableEvent
    let submitLabel: String?

    /// A field showing `text`, posting it as `name` together with `event`'s fields.
    public init(
        _ prompt: String, text: Binding<String>, name: String, posting event: some PostableEvent, submitLabel: String? = nil
    ) {
        (self.prompt, self.text, self.name, self.event, self.submitLabel) = (prompt, text, name, event, submitLabel)
    }

    /// Primitive: drawn as a form with a text input.
    public var body: Never { primitiveBody(Self.self) }
}

extension TextField: PrimitiveView {
    func render(in renderer: Renderer, _ state: RenderState) {
        renderer.openForm("textfield", event, state)
        let input: [(name: StaticString, value: String)] = [
            ("type", "text"), ("name", name), ("value", text.wrappedValue), ("placeholder", prompt),
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
