/// A link to another page, as SwiftUI's `Link("Title", destination: url)`: `<a class="link" href="…">Title</a>`.
/// The destination is a path or URL the server wrote (never a client's text): it is escaped, not checked.
public struct Link: View {
    let title: String
    let destination: String

    public init(_ title: String, destination: String) {
        (self.title, self.destination) = (title, destination)
    }

    /// Primitive: drawn as an anchor.
    public var body: Never { primitiveBody(Self.self) }
}

extension Link: PrimitiveView {
    func render(in renderer: Renderer, _ state: RenderState) {
        renderer.open("a", ElementAttributes(classes: ["link"]), state, [("href", destination)])
        renderer.writer.text(title)
        renderer.writer.close()
    }
}
