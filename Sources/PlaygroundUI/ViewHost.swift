import RoomServices

/// Renders a root view again and again, keeping each position's state and subscriptions alive between
/// renders, and tearing down those of positions that left the tree.
///
/// ```swift
/// let host = ViewHost(CounterView(), environment: EnvironmentValues())
/// let page = host.render(RenderContext(formAction: "/rooms/abc/events"))
/// // … an event changes some state …
/// let next = host.render(context)          // diff next.fragments against page.fragments
/// host.unmount()                           // cancels every subscription
/// ```
///
/// Not `Sendable`: a host and everything its views subscribe to live on one serial executor (a room).
public final class ViewHost<Root: View> {
    /// The root view, re-evaluated on each render.
    public let root: Root
    /// The environment at the root.
    public let environment: EnvironmentValues
    let store = PositionStore()
    /// Whether views whose inputs and state did not change are drawn from their last output instead of their
    /// `body` (as SwiftUI skips them); off only to compare against full renders.
    var reusesUnchangedViews = true
    /// Set to record, on each render, which custom views' `body` ran (``lastEvaluated``).
    var recordsEvaluations = false
    /// The custom views whose `body` ran in the last render, in order, while ``recordsEvaluations`` is set.
    private(set) var lastEvaluated: [Any.Type] = []
    /// The context of the last render: a posted control is found by drawing the tree again with it.
    private var lastContext: RenderContext?
    /// Set while ``perform(action:value:)`` draws the tree to find a control: the render keeps the controls it drew.
    private var keepsControls = false

    /// Makes a host for `root`; nothing is mounted until the first ``render(_:)``. The `inspecting` types can be
    /// read back as last drawn with ``view(_:)`` (their positions keep a copy of each value).
    public init(_ root: Root, environment: EnvironmentValues = EnvironmentValues(), inspecting: [any View.Type] = []) {
        self.root = root
        self.environment = environment
        store.inspectedTypes = Set(inspecting.map { ObjectIdentifier($0) })
    }

    deinit { store.removeAll() }

    /// Renders the tree: links state, (re)subscribes new positions, tears down vanished ones.
    public func render(_ context: RenderContext) -> RenderedView {
        lastContext = context
        var result = renderPass(context)
        // `.onAppear` / `.onDisappear` run after the pass that drew or removed their view; what they change is drawn
        // by another pass (bounded, so views that keep appearing cannot loop).
        var passes = 1
        while passes < Self.maximumPasses, store.runAppearanceActions() {
            result = renderPass(context)
            passes += 1
        }
        // The controls' closures are not kept between renders (issue #27, memory): a list's rows capture their data in
        // them (the Posts sample's ~220 bytes a row); a post draws the tree again to find its control.
        if !keepsControls { store.forgetControls() }
        return result
    }

    /// Most passes of one render: the first, and those drawing what appearance actions changed.
    static var maximumPasses: Int { 4 }

    private func renderPass(_ context: RenderContext) -> RenderedView {
        let renderer = Renderer(
            store: store, context: context, reusesUnchangedViews: reusesUnchangedViews, recordsEvaluations: recordsEvaluations)
        store.beginPass()
        renderer.render(root, RenderState(path: store.root, environment: environment))
        store.endPass()
        if let evaluated = renderer.evaluated { lastEvaluated = evaluated }
        return renderer.result
    }

    /// Tears down every position: all subscriptions are cancelled and all state is forgotten.
    /// A later ``render(_:)`` mounts the tree afresh.
    public func unmount() {
        lastContext = nil  // nothing is drawn: a post finds no control until the next render
        store.removeAll()
        _ = store.runAppearanceActions()
    }

    /// Runs the closure of the control whose action id (its form's `control` field: the short id of its position,
    /// ``ControlID``, or the position's whole path as older pages and journals post it) is `action`, with the posted
    /// `value` (a text field's text, a toggle's new state); call it on the host's executor, then render. The host keeps
    /// no closure between renders: it draws the tree again (with the last render's context) to find the control, so a
    /// host never rendered, or unmounted, has none. A control that is no longer in the tree (an old page) is `.stale`; a value it does not take is `.invalid`;
    /// neither changes anything. Values taken: a button none; a text field one line of at most 1,000 scalars
    /// without control characters; a toggle `true` or `false`; a picker an option's index (`0`, `1` …).
    public func perform(action: String, value: String?) -> ActionOutcome {
        var found: [PositionStore.Control] = []
        if let wanted = ControlID(posted: action), let context = lastContext {
            // The tree as it is now, drawn again with the last render's context: the same views, so the same controls,
            // holding the closures the views make now (as a press in SwiftUI runs the closure of the view as drawn).
            // Outside the step: what the views report as they draw is not part of the press (the teaching strip).
            keepsControls = true
            Stages.with(nil) { _ = render(context) }
            keepsControls = false
            for control in store.controls where ControlID(descriptionHash: control.hash) == wanted { found.append(control) }
            store.forgetControls()
        }
        // Two controls whose paths hash alike (48 bits: never seen, but not impossible) are refused rather than guessed;
        // rows drawn twice with one id share their paths, and the last drawn is the one (as when it kept a position).
        guard let last = found.last, found.allSatisfy({ $0.hash == last.hash }) else {
            return .stale("No control has the action id \(action.debugDescription.prefix(80)) any more: the page is older than the view. Reload it.")
        }
        return last.action.perform(value)
    }

    /// How many positions hold state or subscriptions, and controls their actions (for tests and the teaching trace).
    public var livePositionCount: Int { store.count + store.controlCount }

    /// Every `@State` value in the tree, in render order (for `/state` snapshots and the teaching trace).
    public var stateValues: [StateValue] {
        store.orderedPositions.flatMap { position in
            position.filledSlots.compactMap { slot -> StateValue? in
                guard let state = slot.object as? any StateStorage else { return nil }
                return StateValue(view: position.viewType, property: slot.label, path: position.path.description, value: state.anyValue)
            }
        }
    }

    /// Writes the `@State` named `property` of the first `V` in render order (a view's `private` state, which its
    /// type does not let others set), as the view's own code would; for a room restored from a checkpoint. False when
    /// no such view is drawn, or the value is not of the property's type. Render again to see it.
    public func writeState<V: View>(of type: V.Type, _ property: String, _ value: Any) -> Bool {
        for position in store.orderedPositions where position.viewType == V.self {
            for slot in position.filledSlots where slot.label == property {
                if let state = slot.object as? any StateStorage { return state.write(value) }
            }
        }
        return false
    }

    /// The value of the `@State` named `property` of the first `V` in render order (see ``writeState(of:_:_:)``).
    public func readState<V: View>(of type: V.Type, _ property: String) -> Any? {
        for position in store.orderedPositions where position.viewType == V.self {
            for slot in position.filledSlots where slot.label == property {
                if let state = slot.object as? any StateStorage { return state.anyValue }
            }
        }
        return nil
    }

    /// The first `V` in render order as last drawn, for a type the host was made `inspecting`: its `@State` and
    /// `@StateObject` properties read their position's current values, typed, as the view's own code does.
    ///
    /// ```swift
    /// let host = ViewHost(RootView(), inspecting: [LeftScreen.self])
    /// _ = host.render(context)
    /// host.view(LeftScreen.self)?.color    // the left screen's @State, now
    /// ```
    public func view<V: View>(_ type: V.Type) -> V? {
        assert(store.inspectedTypes.contains(ObjectIdentifier(V.self)), "make the host inspecting \(V.self) to read it back")
        for position in store.orderedPositions where position.viewType == V.self {
            if let view = store.latestValue(at: position) as? V { return view }
        }
        return nil
    }
}

@available(*, unavailable, message: "a ViewHost lives on one room executor")
extension ViewHost: Sendable {}

/// One `@State` value seen from outside the tree.
public struct StateValue {
    /// The view type that declares the state.
    public var view: Any.Type
    /// The property name, without the wrapper's underscore.
    public var property: String
    /// The view's structural position, e.g. `/T/0/1/T`.
    public var path: String
    /// The current value.
    public var value: Any
}
