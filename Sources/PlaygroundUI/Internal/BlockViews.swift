/// Builder blocks of two to six views: fixed-arity views with one stored property per child.
///
/// A block of `TupleView<repeat each Content>` is drawn by iterating a parameter pack, which Swift does at
/// run time in generic code: tuple metadata looked up and each child copied through value witnesses on every
/// render. These types hold each child in a property of its own, so drawing a child is a direct generic call.
/// Blocks of more than six views still use ``TupleView``.

public struct Block2<C0: View, C1: View>: View, PrimitiveView, TransparentView {
    let c0: C0
    let c1: C1

    init(_ c0: C0, _ c1: C1) {
        self.c0 = c0
        self.c1 = c1
    }

    /// Primitive: the renderer draws each child in turn.
    public var body: Never { primitiveBody(Self.self) }

    func render(in renderer: Renderer, _ state: RenderState) {
        renderer.groupingIfIdentified(state) { state in
            renderer.render(c0, state.child(.index(0)))
            renderer.render(c1, state.child(.index(1)))
        }
    }
}

public struct Block3<C0: View, C1: View, C2: View>: View, PrimitiveView, TransparentView {
    let c0: C0
    let c1: C1
    let c2: C2

    init(_ c0: C0, _ c1: C1, _ c2: C2) {
        self.c0 = c0
        self.c1 = c1
        self.c2 = c2
    }

    /// Primitive: the renderer draws each child in turn.
    public var body: Never { primitiveBody(Self.self) }

    func render(in renderer: Renderer, _ state: RenderState) {
        renderer.groupingIfIdentified(state) { state in
            renderer.render(c0, state.child(.index(0)))
            renderer.render(c1, state.child(.index(1)))
            renderer.render(c2, state.child(.index(2)))
        }
    }
}

public struct Block4<C0: View, C1: View, C2: View, C3: View>: View, PrimitiveView, TransparentView {
    let c0: C0
    let c1: C1
    let c2: C2
    let c3: C3

    init(_ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3) {
        self.c0 = c0
        self.c1 = c1
        self.c2 = c2
        self.c3 = c3
    }

    /// Primitive: the renderer draws each child in turn.
    public var body: Never { primitiveBody(Self.self) }

    func render(in renderer: Renderer, _ state: RenderState) {
        renderer.groupingIfIdentified(state) { state in
            renderer.render(c0, state.child(.index(0)))
            renderer.render(c1, state.child(.index(1)))
            renderer.render(c2, state.child(.index(2)))
            renderer.render(c3, state.child(.index(3)))
        }
    }
}

public struct Block5<C0: View, C1: View, C2: View, C3: View, C4: View>: View, PrimitiveView, TransparentView {
    let c0: C0
    let c1: C1
    let c2: C2
    let c3: C3
    let c4: C4

    init(_ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4) {
        self.c0 = c0
        self.c1 = c1
        self.c2 = c2
        self.c3 = c3
        self.c4 = c4
    }

    /// Primitive: the renderer draws each child in turn.
    public var body: Never { primitiveBody(Self.self) }

    func render(in renderer: Renderer, _ state: RenderState) {
        renderer.groupingIfIdentified(state) { state in
            renderer.render(c0, state.child(.index(0)))
            renderer.render(c1, state.child(.index(1)))
            renderer.render(c2, state.child(.index(2)))
            renderer.render(c3, state.child(.index(3)))
            renderer.render(c4, state.child(.index(4)))
        }
    }
}

public struct Block6<C0: View, C1: View, C2: View, C3: View, C4: View, C5: View>: View, PrimitiveView, TransparentView {
    let c0: C0
    let c1: C1
    let c2: C2
    let c3: C3
    let c4: C4
    let c5: C5

    init(_ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4, _ c5: C5) {
        self.c0 = c0
        self.c1 = c1
        self.c2 = c2
        self.c3 = c3
        self.c4 = c4
        self.c5 = c5
    }

    /// Primitive: the renderer draws each child in turn.
    public var body: Never { primitiveBody(Self.self) }

    func render(in renderer: Renderer, _ state: RenderState) {
        renderer.groupingIfIdentified(state) { state in
            renderer.render(c0, state.child(.index(0)))
            renderer.render(c1, state.child(.index(1)))
            renderer.render(c2, state.child(.index(2)))
            renderer.render(c3, state.child(.index(3)))
            renderer.render(c4, state.child(.index(4)))
            renderer.render(c5, state.child(.index(5)))
        }
    }
}
