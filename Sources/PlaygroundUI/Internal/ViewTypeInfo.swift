import Synchronization

/// What the renderer needs to know about one view type, found once per type (per process: every room's hosts share
/// it, immutable) instead of by dynamic casts and `Mirror` on every render. A primitive type's info is a
/// ``PrimitiveTypeInfo``, which draws it.
class ViewTypeInfo: @unchecked Sendable {
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

    fileprivate init<V: View>(_ type: V.Type, properties: DynamicPropertyLinker.Layout, isPrimitive: Bool = false) {
        self.type = ObjectIdentifier(type)
        isTransparent = type is any TransparentView.Type
        self.properties = properties
        self.isPrimitive = isPrimitive
        memoLayout = isPrimitive ? nil : MemoLayout(of: type)
    }

    /// Every type's info made so far: a room's five hosts draw ~200 types, and each room made its own (~30 KB a room).
    private static let made = Mutex<[ObjectIdentifier: ViewTypeInfo]>([:])

    /// The info for `type`, made once per process.
    static func shared<V: View>(_ type: V.Type) -> ViewTypeInfo {
        let id = ObjectIdentifier(type)
        if let known = made.withLock({ $0[id] }) { return known }
        let info = make(type)  // outside the lock: it walks the type's fields
        return made.withLock { table in
            if let known = table[id] { return known }
            table[id] = info
            return info
        }
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
final class PrimitiveTypeInfo<P: PrimitiveView>: ViewTypeInfo, @unchecked Sendable {
    fileprivate init<V: View>(_ type: V.Type) {
        super.init(type, properties: .none, isPrimitive: true)
    }

    override func draw<V>(_ view: V, in renderer: Renderer, _ state: RenderState) {
        precondition(V.self == P.self)
        withUnsafePointer(to: view) { P.draw(at: $0, in: renderer, state) }
    }
}
