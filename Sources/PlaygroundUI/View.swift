/// A piece of user interface: a value whose `body` describes its content, exactly as in SwiftUI.
///
/// ```swift
/// struct Greeting: View {
///     @State var name = "world"
///     var body: some View { Text("Hello, \(name)") }
/// }
/// ```
///
/// The renderer links the view's ``DynamicProperty`` fields (``State``, ``Environment`` …) to the storage
/// of the view's position in the tree before it reads `body`, so a view is a cheap value that may be
/// re-created on every render while its state lives on.
public protocol View {
    /// The type of view this view's content is made of.
    associatedtype Body: View

    /// The content of this view, re-evaluated on every render.
    @ViewBuilder var body: Body { get }
}

/// Primitive views have no body; `Never` closes the recursion.
extension Never: View {
    /// Never called: a primitive view is rendered directly.
    public var body: Never { fatalError("Never has no body") }
}

/// Stops with a clear message when someone asks a primitive view for its body.
func primitiveBody<V>(_ type: V.Type) -> Never {
    fatalError("\(V.self) is a primitive view: the renderer draws it, it has no body")
}
