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

extension ForEach: PrimitiveView, TransparentView, KeyedRows {
    /// Rows of a list, or of a stack, are keyed: each row's element carries an `id` made from its element's id, and
    /// the rows lie in one element of their own (the `<ul>` of a ``List``, else `<div class="for-each">`, which takes
    /// no room in the layout), so a room patches the row that changed and inserts, removes or moves rows by id.
    /// A picker's options and a tab view's tabs are not rows.
    func render(in renderer: Renderer, _ state: RenderState) {
        switch state.item {
        case .tab?, .pickerOption?:
            renderer.groupingIfIdentified(state) { state in
                for element in data {
                    renderer.render(content(element), state.child(.id(AnyHashable(element[keyPath: id]))))
                }
            }
        case .listRow?:
            renderRows(in: renderer, state)
        case nil:
            renderer.open("div", ElementAttributes(id: renderer.keyedContainerID(at: state.path), classes: ["for-each"]), state)
            var inner = state
            inner.pending = .none
            renderRows(in: renderer, inner)
            renderer.writer.close()
        }
    }

    /// Each element's view at its id, its element carrying the row's `id` (``Renderer/rowID(at:key:in:)``); an id
    /// that comes again, against SwiftUI's rule, shares its position as before, and its row is told apart by how many
    /// came before it (`~1`, `~2` …).
    private func renderRows(in renderer: Renderer, _ state: RenderState) {
        var seen: [String: Int] = [:]
        for element in data {
            let key = AnyHashable(element[keyPath: id])
            var row = state.child(.id(key))
            let base = renderer.rowID(at: row.path, key: key, in: state.path)
            let earlier = seen[base, default: 0]
            seen[base] = earlier + 1
            row.pending.add(ElementAttributes(id: earlier == 0 ? base : base + "~\(earlier)"))
            renderer.render(content(element), row)
            // A row whose views keep nothing between renders keeps no node below its own …
            row.path.dropChildrenHoldingNothing()
        }
        // … nor that one, once all are drawn: a list of such rows keeps nothing of them between renders.
        if !data.isEmpty { state.path.dropRowsHoldingNothing() }
    }
}

/// A view drawing keyed rows (``ForEach``): a ``List`` of them gives its `<ul>` the id that holds them.
protocol KeyedRows {}

extension Renderer {
    /// An `id` the renderer gives an element drawn at `path` so that a room can patch inside it: the context's prefix,
    /// a letter saying what it is (`k` keyed rows' container, `r` a row, `c` a control's form, `n` a navigation stack,
    /// `p` a presentation, `a` an alert) and the path's short id (``ControlID``), the same on every render.
    func madeID(_ kind: StaticString, at path: ViewPath) -> String {
        context.idPrefix + kind.description + path.controlID.description
    }

    /// The `id` of the element holding the keyed rows drawn at `path`.
    func keyedContainerID(at path: ViewPath) -> String { madeID("k", at: path) }

    /// The `id` of the keyed row of `key` drawn at `path` by the rows at `container`: `r` and the short id of the
    /// container's path and the key's text, so that it depends on the data alone, not on which rows came and went
    /// before (a restored room draws the same ids), after the context's prefix. The part after the prefix is
    /// remembered by the row's path (``ViewPath/tagText``, which only a tab's wrapper uses otherwise, and a tab is
    /// never a keyed row); the prefix is the context's of each render (a room restoring an app draws it with another).
    func rowID(at path: ViewPath, key: AnyHashable, in container: ViewPath) -> String {
        if let known = path.tagText, known.tag == key { return context.idPrefix + known.text }
        // An object's identifier reads as its address, which another process (a restored room) does not share: such
        // rows are told apart by their order instead (the first is `r…`, the next `r…~1`).
        let text = key.base is ObjectIdentifier ? "ObjectIdentifier" : String(describing: key.base)
        let hash = FNV1a64.add(text, to: FNV1a64.add("\u{0}", to: container.descriptionHash))
        let id = "r" + ControlID(descriptionHash: hash).description
        path.tagText = (key, id)
        return context.idPrefix + id
    }
}
