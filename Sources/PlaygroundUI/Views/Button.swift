/// A button. On the web it is a form posting its event (there is no closure to call on the server):
/// `<form class="button-form" method="post" action="…"><input type="hidden" …>…<button class="button" type="submit">…`.
public struct Button<Label: View>: View {
    let event: any PostableEvent
    let label: Label

    /// A button that posts `event` when pressed.
    public init(posting event: some PostableEvent, @ViewBuilder label: () -> Label) {
        (self.event, self.label) = (event, label())
    }

    /// Primitive: drawn as a form with a submit button.
    public var body: Never { primitiveBody(Self.self) }
}

extension Button where Label == Text {
    /// A button titled `title` that posts `event`.
    public init(_ title: String, posting event: some PostableEvent) {
        self.init(posting: event) { Text(title) }
    }
}

extension Button: PrimitiveView {
    func render(in renderer: Renderer, _ state: RenderState) {
        renderer.openForm("button", event, state)
        var classes = ["button"]
        if let style = state.environment.buttonStyle.className { classes.append(style) }
        renderer.writer.open("button", ElementAttributes(classes: classes), [("type", "submit")])
        renderer.render(label, state.containerChild(.index(0)))
        renderer.writer.close()
        renderer.writer.close()
    }
}
