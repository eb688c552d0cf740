/// A view the renderer draws itself instead of asking for a `body`.
protocol PrimitiveView {
    func render(in renderer: Renderer, _ state: RenderState)
}

/// A view that draws no element of its own (blocks, groups, conditionals, `ForEach`): container items
/// such as tabs and list rows wrap the views inside it, one by one.
protocol TransparentView {}

/// A view carrying a `.tag(_:)`, which a `TabView` item uses as its tag.
protocol TaggedView {
    var tagValue: AnyHashable { get }
}
