/// One view per element of a collection; each view's identity is its element's id, so state follows the
/// element when the collection is reordered, and disappears with it. (Ids should be unique, as in SwiftUI.)
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
    let data: Data
    let id: KeyPath<Data.Element, ID>
    let content: (Data.Element) -> Content

    /// Views for `data`, identified by the element property at `id`.
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        (self.data, self.id, self.content) = (data, id, content)
    }

    /// Primitive: the renderer draws each element's view in place.
    public var body: Never { primitiveBody(Self.self) }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    /// Views for identifiable elements.
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, id: \.id, content: content)
    }
}

extension ForEach: PrimitiveView, TransparentView {
    func render(in renderer: Renderer, _ state: RenderState) {
        renderer.groupingIfIdentified(state) { state in
            for element in data {
                renderer.render(content(element), state.child(.id(AnyHashable(element[keyPath: id]))))
            }
        }
    }
}
