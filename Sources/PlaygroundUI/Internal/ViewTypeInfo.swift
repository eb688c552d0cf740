/// What the renderer needs to know about one view type, found once per type (per host) instead of by dynamic
/// casts and `Mirror` on every render. A primitive type's info is a ``PrimitiveTypeInfo``, which draws it.
class ViewTypeInfo {
    /// The type (a path keeps its info alone, and tells by this whether the type drawn there is the same).
    let type: ObjectIdentifier
    /// Whether the type draws no element of its own (see ``TransparentView``).
    let isTransparent: Bool
    /// How to link the type's dynamic properties (custom views only).
    let properties: DynamicPropertyLinker.Layout

    /// Whether the type draws itself (then ``draw(_:in:_:)`` draws it).
    let isPrimitive: Bool
    /// For a custom view whose output its value settles, what to compare to skip it (see ``RenderMemo``).
    let memoLayout: MemoLayout?
    /// Whether the host keeps each position's latest value of this type (``ViewHost/view(_:)``).
    var keepsLatestValue = false

    fileprivate init<V: View>(_ type: V.Type, properties: DynamicPropertyLinker.Layout, isPrimitive: Bool = false) {
        self.type = ObjectIdentifier(type)
        isTransparent = type is any TransparentView.Type
        self.properties = properties
        self.isPrimitive = isPrimitive
        memoLayout = isPrimitive ? nil : MemoLayout(of: type)
    }

    /// The info for `type`.
    static func make<V: View>(_ type: V.Type) -> ViewTypeInfo {
        guard let primitive = type as? any PrimitiveView.Type else {
            return ViewTypeInfo(type, properties: DynamicPropertyLinker.Layout(of: type))
        }
        func make<P: PrimitiveView>(_: P.Type) -> ViewTypeInfo { PrimitiveTypeInfo<P>(type) }
        return make(primitive)
    }

    /// Draws `view`, a primitive of this info's type.
    func draw<V>(_ view: V, in renderer: Renderer, _ state: RenderState) {
        preconditionFailure("\(V.self) is not a primitive view")
    }
}

/// The info of the primitive view type `P`: it draws a value of type `P` handed over as a generic `V`.
final class PrimitiveTypeInfo<P: PrimitiveView>: ViewTypeInfo {
    fileprivate init<V: View>(_ type: V.Type) {
        super.init(type, properties: .none, isPrimitive: true)
    }

    override func draw<V>(_ view: V, in renderer: Renderer, _ state: RenderState) {
        precondition(V.self == P.self)
        withUnsafePointer(to: view) { P.draw(at: $0, in: renderer, state) }
    }
}
