/// Builds view content from blocks, `if`/`else`, `switch` and optionals, as SwiftUI's builder does.
@resultBuilder
public enum ViewBuilder {
    /// An empty block.
    public static func buildBlock() -> EmptyView { EmptyView() }

    /// A block with one view: the view itself, with no wrapper.
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }

    /// A block of two to six views (fixed-arity, see ``Block2``), each keeping its index as structural identity.
    public static func buildBlock<C0: View, C1: View>(_ c0: C0, _ c1: C1) -> Block2<C0, C1> { Block2(c0, c1) }
    public static func buildBlock<C0: View, C1: View, C2: View>(_ c0: C0, _ c1: C1, _ c2: C2) -> Block3<C0, C1, C2> { Block3(c0, c1, c2) }
    public static func buildBlock<C0: View, C1: View, C2: View, C3: View>(_ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3) -> Block4<C0, C1, C2, C3>
    { Block4(c0, c1, c2, c3) }
    public static func buildBlock<C0: View, C1: View, C2: View, C3: View, C4: View>(_ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4)
        -> Block5<C0, C1, C2, C3, C4>
    { Block5(c0, c1, c2, c3, c4) }
    public static func buildBlock<C0: View, C1: View, C2: View, C3: View, C4: View, C5: View>(
        _ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4, _ c5: C5
    ) -> Block6<C0, C1, C2, C3, C4, C5> { Block6(c0, c1, c2, c3, c4, c5) }

    /// A block of more views, each keeping its index as structural identity.
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<repeat each Content> {
        TupleView(repeat each content)
    }

    /// An `if` without `else`: present or absent.
    public static func buildOptional<Content: View>(_ content: Content?) -> Content? { content }

    /// The `if` branch of an `if`/`else` or the first half of a `switch`.
    public static func buildEither<TrueContent: View, FalseContent: View>(
        first: TrueContent
    ) -> ConditionalContent<TrueContent, FalseContent> {
        ConditionalContent(storage: .trueContent(first))
    }

    /// The `else` branch of an `if`/`else` or the second half of a `switch`.
    public static func buildEither<TrueContent: View, FalseContent: View>(
        second: FalseContent
    ) -> ConditionalContent<TrueContent, FalseContent> {
        ConditionalContent(storage: .falseContent(second))
    }

    /// An `if #available` block, type-erased.
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

/// Several views built from one block; child `i` sits at structural position `i`.
public struct TupleView<each Content: View>: View {
    let value: (repeat each Content)

    /// Wraps the views of one builder block.
    public init(_ value: repeat each Content) { self.value = (repeat each value) }

    /// Primitive: the renderer draws each child in turn.
    public var body: Never { primitiveBody(Self.self) }
}

/// One of two alternatives chosen by an `if`/`else` or `switch`; each branch has its own identity.
public struct ConditionalContent<TrueContent: View, FalseContent: View>: View {
    enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }

    let storage: Storage

    /// Primitive: the renderer draws the chosen branch.
    public var body: Never { primitiveBody(Self.self) }
}

/// An optional view is a view: absent draws nothing, and its state disappears with it.
extension Optional: View where Wrapped: View {
    /// Primitive: the renderer draws the wrapped view, if any.
    public var body: Never { primitiveBody(Self.self) }
}
