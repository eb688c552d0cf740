/// An indeterminate activity indicator: `<progress class="progressview"></progress>`.
public struct ProgressView: View {
    /// Makes an indeterminate progress view.
    public init() {}

    /// Primitive: drawn as a native progress element.
    public var body: Never { primitiveBody(Self.self) }
}

extension ProgressView: PrimitiveView {
    func render(in renderer: Renderer, _ state: RenderState) {
        renderer.open("progress", ElementAttributes(classes: ["progressview"]), state)
        renderer.writer.close()
    }
}
