/// Walks a view tree once and writes its HTML: primitives draw themselves, custom views get their dynamic
/// properties linked to their position's storage and are replaced by their `body`.
final class Renderer {
    var writer = HTMLWriter()
    let store: PositionStore
    let context: RenderContext

    init(store: PositionStore, context: RenderContext) {
        self.store = store
        self.context = context
    }

    func render<V: View>(_ view: V, _ state: RenderState) {
        var state = state
        let wrapper = view is any TransparentView ? nil : state.item
        if let wrapper { openItem(wrapper, tag: (view as? any TaggedView)?.tagValue, &state) }
        if let primitive = view as? any PrimitiveView {
            primitive.render(in: self, state)
        } else {
            let path = state.path.appending(.type(ObjectIdentifier(V.self)))
            DynamicPropertyLinker.link(view, at: path, environment: state.environment, store: store)
            var bodyState = state
            bodyState.path = path.appending(.index(0))
            render(view.body, bodyState)
        }
        if wrapper != nil { writer.close() }
    }

    /// Draws a container child's wrapper (`<div class="tab">`, `<li class="list-row">`); it takes the pending attributes.
    private func openItem(_ item: RenderState.Item, tag: AnyHashable?, _ state: inout RenderState) {
        switch item {
        case .tab(let selection):
            var attributes = ElementAttributes(classes: ["tab"])
            if let tag, tag == selection { attributes.classes.append("tab-selected") }
            var extra: [(name: StaticString, value: String)] = []
            if let tag { extra.append(("data-tag", String(describing: tag.base))) }
            writer.open("div", attributes.merged(withPending: state.pending), extra)
        case .listRow:
            writer.open("li", ElementAttributes(classes: ["list-row"]).merged(withPending: state.pending))
        }
        state.pending = .none
        state.item = nil
    }

    /// Opens an element with its own attributes plus the pending ones.
    func open(
        _ tag: StaticString, _ own: ElementAttributes, _ state: RenderState, _ extra: [(name: StaticString, value: String)] = []
    ) {
        writer.open(tag, own.merged(withPending: state.pending), extra)
    }

    /// Runs `content` inside a `<div class="group">` when pending attributes carry an `id`, so that a block
    /// of several views still forms one fragment; otherwise each view takes the attributes itself.
    func groupingIfIdentified(_ state: RenderState, _ content: (RenderState) -> Void) {
        guard state.pending.id != nil else { return content(state) }
        open("div", ElementAttributes(classes: ["group"]), state)
        var inner = state
        inner.pending = .none
        content(inner)
        writer.close()
    }

    var result: RenderedView { RenderedView(html: writer.html, fragments: writer.fragments) }
}
