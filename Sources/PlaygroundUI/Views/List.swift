/// A list: `<ul class="list">` whose every child view is a row `<li>` (the stylesheet styles `.list > li`).
public struct List<Content: View>: View {
    let content: Content

    /// A list of the views built by `content` (use `ForEach` inside for data).
    public init(@ViewBuilder content: () -> Content) { self.content = content() }

    /// Primitive: drawn as an unordered list.
    public var body: Never { primitiveBody(Self.self) }
}

extension List {
    /// A list with one row per element of `data`, identified by the property at `id`.
    public init<Data: RandomAccessCollection, ID: Hashable, Row: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder rowContent: @escaping (Data.Element) -> Row
    ) where Content == ForEach<Data, ID, Row> {
        self.content = ForEach(data, id: id, content: rowContent)
    }
}

extension List: PrimitiveView {
    func render(in renderer: Renderer, _ state: RenderState) {
        // A list of keyed rows carries their container's id, so a row is patched, inserted, removed or moved by id.
        let id = content is any KeyedRows ? renderer.keyedContainerID(at: state.path) : nil
        renderer.open("ul", ElementAttributes(id: id, classes: ["list"]), state)
        renderer.render(content, state.containerChild(.index(0), item: .listRow))
        renderer.writer.close()
    }
}
