import AppSeam
import OpenCombine
import PlaygroundUI
import RoomServices

/// What hosting any app of MVI containers and routers repeats in a room: the root view in a ``ViewHost`` whose
/// environment gives the containers the room's turns and the routers the room's ``RouterStack`` (each presented
/// screen its own fragment); the root drawn once before its first event (its routers start listening, its
/// `onAppear` runs); the root container's one-turn-later notice passed to the room, which renders; and the trace:
/// each event's row lists the router calls it made and the model's new state, and the container's notice adds the
/// state it carried. The strip's stages are what the runtime reports (``RouterStage``).
///
/// Not `Sendable`: it lives on the room's executor.
public final class MVIRouterHost<Root: View, Intent, Model> {
    public let host: ViewHost<Root>
    /// The presented screens and the alert, shared by every tab.
    public let stack = RouterStack()
    /// The pane's strip and trace.
    public let teaching: Teaching<RouterStage>
    /// The room's pitfall switches (all off: the runtime's fixes) and their counts of bites.
    public let pitfalls = RouterPitfalls()
    private let rootContainer: (Root) -> MVIContainer<Intent, Model>
    private let describe: (Model?) -> String
    private let changed: () -> Void
    private let appeared: (event: String, caption: String)
    private var watching: AnyCancellable?
    private var lastState = ""

    /// Hosts `root` as app `appID`; `container` is the root's container, `describe` words the model's state for the
    /// trace (`contentState = .loading`); the root's appearing is the row `appeared` (what its `onAppear` calls).
    public init(
        appID: String, root: Root, services: AppServices, container: @escaping (Root) -> MVIContainer<Intent, Model>,
        describe: @escaping (Model?) -> String, appeared: (event: String, caption: String)
    ) {
        self.appeared = appeared
        let environment = EnvironmentValues().with(\.routerStack, stack).with(\.turns, services.turns).with(\.routerFragmentPrefix, appID)
            .with(\.routerPitfalls, pitfalls)
        host = ViewHost(root, environment: environment, inspecting: [Root.self])
        teaching = Teaching(appID: appID)
        pitfalls.report = { [teaching] in teaching.trace.appendStep($0) }
        (rootContainer, self.describe, changed) = (container, describe, services.changed)
        lastState = describe(nil)
    }

    /// The root's container, once the root is drawn.
    public var container: MVIContainer<Intent, Model>? { host.view(Root.self).map(rootContainer) }

    /// Whether the root has been drawn.
    public var isMounted: Bool { watching != nil }

    /// Draws the root if nothing has yet (its appearing is a row).
    public func mountIfNeeded(from source: EventSource = .browser) {
        guard watching == nil else { return }
        _ = host.render(RenderContext(formAction: ""))
        watching = container?.objectWillChange.sink { [weak self] in self?.forwarded() }
        lastState = describe(container?.model)
        teaching.trace.record(source: source, event: appeared.event, became: ["model: \(lastState)"])
        teaching.flow.describe(appeared.caption)
    }

    /// Renders the root, drawing it first if nothing has.
    public func render(_ context: RenderContext) -> RenderedView {
        mountIfNeeded()
        return host.render(context)
    }

    /// A press on the page: its control's closure runs, and a press that ran is a row.
    public func perform(action: String, value: String?) -> ActionOutcome {
        let outcome = host.perform(action: action, value: value)
        if outcome == .performed { record("press on the page", from: .browser) }
        return outcome
    }

    /// The row of an event: the router calls it made and the model's new state, if it changed.
    public func record(_ event: String, from source: EventSource) {
        let notes = stack.takeNotes()
        let state = describe(container?.model)
        teaching.trace.record(source: source, event: event, became: notes + (state != lastState ? ["model: \(state)"] : []))
        lastState = state
        teaching.flow.describe(notes.last.map { "\(event): \($0)" } ?? "\(event) from \(source.spoken).")
    }

    /// The root container's notice reached the view (the model changed a turn ago): the room renders.
    private func forwarded() {
        let state = describe(container?.model)
        if state != lastState {
            teaching.trace.appendStep("container: objectWillChange (one turn later) → \(state)")
            teaching.flow.describe("The model changed; the container told the view one turn later.")
            lastState = state
        }
        changed()
    }

    public func unmount() {
        watching?.cancel()
        host.unmount()
    }
}

@available(*, unavailable, message: "an MVIRouterHost lives on one room executor")
extension MVIRouterHost: Sendable {}
