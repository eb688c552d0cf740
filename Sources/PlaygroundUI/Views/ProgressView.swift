/// An indeterminate activity indicator: `<progress></progress>` (the stylesheet styles the element; a class would
/// cost 21 bytes in every spinner sent).
public struct ProgressView: View {
    /// Makes an indeterminate progress view.
    public init() {}

    /// Primitive: drawn as a native progress element.
    public var body: Never { primitiveBody(Self.self) }
}

extension ProgressView: PrimitiveView {
    func render(in renderer: Renderer, _ state: RenderState) {
        renderer.open("progress", .none, state)
        renderer.writer.close()
    }
}
