/// A type-erased view. Its identity includes the erased type: changing the type resets the state below.
public struct AnyView: View {
    let erasedType: ObjectIdentifier
    let draw: (Renderer, RenderState) -> Void

    /// Erases the type of `view`.
    public init<V: View>(_ view: V) {
        if let already = view as? AnyView {
            self = already
            return
        }
        erasedType = ObjectIdentifier(V.self)
        draw = { renderer, state in renderer.render(view, state) }
    }

    /// Primitive: the renderer draws the erased view.
    public var body: Never { primitiveBody(Self.self) }
}

extension AnyView: PrimitiveView, TransparentView {
    func render(in renderer: Renderer, _ state: RenderState) {
        draw(renderer, state.child(.type(erasedType)))
    }
}
