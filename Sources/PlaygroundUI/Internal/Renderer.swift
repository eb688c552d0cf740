/// Walks a view tree once and writes its HTML: primitives draw themselves, custom views get their dynamic
/// properties linked to their position's storage and are replaced by their `body` — or, when nothing they
/// depend on changed since the last render, by a copy of what they drew then (``RenderMemo``).
final class Renderer {
    var writer: HTMLWriter
    let store: PositionStore
    let context: RenderContext
    /// Set once the subtree being drawn holds a view whose changes the renderer does not see: then no view
    /// around it may be skipped.
    private var subtreeUntracked = false
    /// Whether unchanged views may be skipped (off only to compare against full renders in tests).
    private let reusesUnchangedViews: Bool
    /// The custom views whose `body` ran, in order, when the host asked for them (tests of what is skipped).
    private(set) var evaluated: [Any.Type]?

    init(store: PositionStore, context: RenderContext, reusesUnchangedViews: Bool = true, recordsEvaluations: Bool = false) {
        self.store = store
        self.context = context
        self.reusesUnchangedViews = reusesUnchangedViews
        evaluated = recordsEvaluations ? [] : nil
        writer = HTMLWriter(capacity: store.expectedHTMLSize)
    }

    func render<V: View>(_ view: V, _ state: RenderState) {
        // A view whose path is not made yet is looked up by type: asking for its path would make it.
        let info = state.hasPath ? store.info(for: V.self, at: state.path) : store.info(for: V.self)
        guard let item = state.item, !info.isTransparent else { return draw(view, info, state) }
        var state = state
        openItem(item, tag: (view as? any TaggedView)?.tagValue, &state)
        draw(view, info, state)
        writer.close()
    }

    /// Draws a primitive, or a custom view: its last output again when that is still valid, otherwise its `body`
    /// (recording the output when the view may be skipped next time).
    private func draw<V: View>(_ view: V, _ info: ViewTypeInfo, _ state: RenderState) {
        if info.isPrimitive { return info.draw(view, in: self, state) }
        let path = state.path.appending(.type(ObjectIdentifier(V.self)))
        guard reusesUnchangedViews, let layout = info.memoLayout else {
            subtreeUntracked = true
            path.memo = nil
            return evaluate(view, info, path, state)
        }
        let memo = path.memo
        if let memo, isValid(memo, for: view, at: path, state) {
            writer.replay(memo)
            path.reuseSubtree(of: memo, nodeCount: memo.nodeCount)
            store.revisit(memo.positions)
            if !memo.controls.isEmpty { store.readd(memo.controls) }
            return
        }
        let outerUntracked = subtreeUntracked
        subtreeUntracked = false
        let stamp = path.changeCount
        let insideFragment = writer.isInsideFragment
        let (start, firstFragment, firstVisit, firstNode) = (writer.count, writer.fragmentCount, store.visits.count, path.reachedCount)
        let firstControl = store.controls.count
        evaluate(view, info, path, state)
        if subtreeUntracked {
            path.memo = nil
        } else {
            let recorded: RenderMemo
            if let memo {
                memo.replaceValue(with: view)
                recorded = memo
            } else {
                recorded = RenderMemo(view, layout: layout)
            }
            recorded.stamp = stamp
            recorded.pending = state.pending
            recorded.environment = state.environment
            recorded.context = context
            recorded.insideFragment = insideFragment
            writer.record(from: start, firstFragment: firstFragment, into: recorded)
            recorded.positions.removeAll(keepingCapacity: true)
            recorded.positions.append(contentsOf: store.visits[firstVisit...])
            recorded.controls.removeAll(keepingCapacity: true)
            recorded.controls.append(contentsOf: store.controls[firstControl...])
            recorded.nodeCount = path.reachedCount - firstNode
            path.memo = recorded
        }
        subtreeUntracked = outerUntracked || subtreeUntracked
    }

    /// Whether `memo` still is what `view` draws: no state below changed since it was recorded, and the value and
    /// everything else the subtree reads are the same.
    private func isValid<V: View>(_ memo: RenderMemo, for view: V, at path: ViewPath, _ state: RenderState) -> Bool {
        !path.hasChanged(since: memo.stamp) && memo.insideFragment == writer.isInsideFragment && memo.hasSameValue(as: view)
            && memo.pending.isSame(as: state.pending) && memo.context == context
            && memo.environment.isIdentical(to: state.environment)
    }

    /// Links a custom view's properties to its position and renders its `body`.
    private func evaluate<V: View>(_ view: V, _ info: ViewTypeInfo, _ path: ViewPath, _ state: RenderState) {
        DynamicPropertyLinker.link(view, info.properties, at: path, environment: state.environment, store: store)
        evaluated?.append(V.self)
        if store.keepsLatestValue(of: info) { store.keepLatestValue(view, at: store.position(at: path, viewType: V.self)) }
        var bodyState = state
        bodyState.path = path
        render(view.body, bodyState.child(.index(0)))
    }

    /// Draws a container child's wrapper (`<div class="tab">`, a list's `<li>`); it takes the pending attributes.
    private func openItem(_ item: RenderState.Item, tag: AnyHashable?, _ state: inout RenderState) {
        switch item {
        case .tab(let selection):
            var attributes = ElementAttributes(classes: ["tab"])
            if let tag, tag == selection { attributes.classes.append("tab-selected") }
            var extra: [(name: StaticString, value: String)] = []
            if let tag { extra.append(("data-tag", describe(tag, at: state.path))) }
            writer.open("div", attributes.merged(withPending: state.pending), extra)
        case .listRow:
            writer.open("li", state.pending)
        case .pickerOption(let selection, let options):
            let selected = tag != nil && tag == selection
            let text = tag.map { String(options.add($0)) } ?? ""
            var attributes = ElementAttributes(classes: selected ? ["picker-option", "picker-option-selected"] : ["picker-option"])
            attributes = attributes.merged(withPending: state.pending)
            writer.open(
                "button", attributes,
                [("type", "submit"), ("name", "value"), ("value", text), ("aria-pressed", selected ? "true" : "false")]
                    + (tag == nil ? [("disabled", "disabled")] : []))
        }
        state.pending = .none
        state.item = nil
    }

    /// `String(describing:)` of a tag, remembered by the position drawing it (one equality test instead of a
    /// hashed lookup in the store's table on each render).
    private func describe(_ tag: AnyHashable, at path: ViewPath) -> String {
        if let known = path.tagText, known.tag == tag { return known.text }
        let text = store.describe(tag)
        path.tagText = (tag, text)
        return text
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

    var result: RenderedView {
        store.expectedHTMLSize = writer.count
        let html = writer.html
        return RenderedView(html: html, fragments: writer.fragments(of: html), skeleton: writer.skeleton, nodes: writer.nodes)
    }
}
