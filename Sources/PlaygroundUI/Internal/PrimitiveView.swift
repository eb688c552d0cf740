/// A view the renderer draws itself instead of asking for a `body`.
///
/// (`~Copyable` only so that ``draw(at:in:_:)`` may borrow a view in place: every primitive is copyable.)
protocol PrimitiveView: ~Copyable {
    func render(in renderer: Renderer, _ state: RenderState)
}

extension PrimitiveView where Self: ~Copyable {
    /// Draws the view of this type stored at `address`, borrowing it where it is. (Generic code may not copy
    /// a possibly non-copyable value, so it is not copied, subtree included, as a `pointee` read would be.)
    static func draw(at address: UnsafeRawPointer, in renderer: Renderer, _ state: RenderState) {
        address.assumingMemoryBound(to: Self.self).pointee.render(in: renderer, state)
    }
}

/// A view that draws no element of its own (blocks, groups, conditionals, `ForEach`): container items
/// such as tabs and list rows wrap the views inside it, one by one.
protocol TransparentView {}

/// A view carrying a `.tag(_:)`, which a `TabView` item uses as its tag.
protocol TaggedView {
    var tagValue: AnyHashable { get }
}
