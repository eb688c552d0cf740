/// Groups views without adding an element; modifiers on a group apply to each of its views.
public struct Group<Content: View>: View {
    let content: Content

    /// Groups the views built by `content`.
    public init(@ViewBuilder content: () -> Content) { self.content = content() }

    /// Primitive: the renderer draws the content in place.
    public var body: Never { primitiveBody(Self.self) }
}

extension Group: PrimitiveView, TransparentView {
    func render(in renderer: Renderer, _ state: RenderState) {
        renderer.render(content, state.child(.index(0)))
    }
}
