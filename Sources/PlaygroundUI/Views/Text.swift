/// A run of text: `<span class="text">…</span>`, always escaped.
public struct Text: View {
    let content: String

    /// Text showing `content` exactly (no localization on the server).
    public init<S: StringProtocol>(_ content: S) {
        self.content = String(content)
    }

    /// Text showing `content` exactly.
    public init(verbatim content: String) {
        self.content = content
    }

    /// Primitive: drawn as a span.
    public var body: Never { primitiveBody(Self.self) }
}

extension Text: PrimitiveView {
    func render(in renderer: Renderer, _ state: RenderState) {
        renderer.open("span", ElementAttributes(classes: ["text"]), state)
        renderer.writer.text(content)
        renderer.writer.close()
    }
}
