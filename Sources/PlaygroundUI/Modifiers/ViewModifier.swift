/// A reusable change to a view, as in SwiftUI: `body(content:)` draws what it makes of `content`.
///
/// ```swift
/// struct Card: ViewModifier {
///     @State var pressed = 0
///     func body(content: Content) -> some View { VStack { content; Text("\(pressed)") } }
/// }
/// Text("Hi").modifier(Card())
/// ```
///
/// Its `@State`, `@StateObject` and `@Environment` belong to the position where it is applied, as a view's do.
public protocol ViewModifier {
    associatedtype Body: View
    /// The view the modifier is applied to.
    typealias Content = ModifierContent
    @ViewBuilder func body(content: Content) -> Body
}

/// The view a ``ViewModifier`` is applied to, as its `body(content:)` receives it.
public struct ModifierContent: View {
    let view: AnyView

    /// Primitive: the renderer draws the wrapped view.
    public var body: Never { primitiveBody(Self.self) }
}

extension ModifierContent: PrimitiveView, TransparentView {
    func render(in renderer: Renderer, _ state: RenderState) {
        renderer.render(view, state)
    }
}

/// A view with a modifier applied: a custom view (so the modifier's properties are linked at its position)
/// whose body is the modifier's.
struct ModifiedView<Content: View, Modifier: ViewModifier>: View {
    let content: Content
    let modifier: Modifier

    var body: some View {
        modifier.body(content: ModifierContent(view: AnyView(content)))
    }
}

/// A modifier that changes nothing.
public struct EmptyModifier: ViewModifier {
    public init() {}
    public func body(content: Content) -> some View { content }
}

extension View {
    /// Applies `modifier` to this view.
    public func modifier<Modifier: ViewModifier>(_ modifier: Modifier) -> some View {
        ModifiedView(content: self, modifier: modifier)
    }
}
