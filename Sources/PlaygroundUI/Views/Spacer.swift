/// Flexible space along a stack's axis: `<div class="spacer"></div>`.
public struct Spacer: View {
    /// Makes a spacer.
    public init() {}

    /// Primitive: drawn as an empty flexible block.
    public var body: Never { primitiveBody(Self.self) }
}

extension Spacer: PrimitiveView {
    func render(in renderer: Renderer, _ state: RenderState) {
        renderer.open("div", ElementAttributes(classes: ["spacer"]), state)
        renderer.writer.close()
    }
}
