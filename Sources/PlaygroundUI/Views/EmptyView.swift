/// A view that draws nothing.
public struct EmptyView: View {
    /// Makes an empty view.
    public init() {}

    /// Primitive: draws nothing.
    public var body: Never { primitiveBody(Self.self) }
}

extension EmptyView: PrimitiveView, TransparentView {
    func render(in renderer: Renderer, _ state: RenderState) {}
}
