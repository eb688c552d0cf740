import PlaygroundUI

/// A VVSI app running in one room: its view host, and the view state its root view owns (`@StateObject`), found
/// after the first render; what a button's closure calls (`viewState.trigger(…)`) is what an HTTP input calls.
///
/// ```swift
/// let app = ViewStateHost(ListViewApp(), isolation: room) { $0.view(ListView.self)?.viewState }
/// app.trigger(.add)                   // the same as the Add button's closure
/// let rendered = app.render(context)
/// ```
///
/// Creating it renders nothing; it mounts on first use, which must be on the room's executor: that first render
/// makes the view state, which attaches to the room. Not `Sendable`: use it on the room's executor.
public final class ViewStateHost<Interactor: ViewStateInteractorProtocol, Root: View> {
    public typealias Observation = ViewStateEvent<Interactor.S, Interactor.A, Interactor.N>

    /// Called on the room's executor for each step of each action.
    public var observer: ((Observation) -> Void)?
    /// Called on the room's executor after each asynchronous change the view shows; render again then.
    public var onChange: (() -> Void)?

    public let host: ViewHost<Root>
    private let isolation: any Actor
    private let find: (ViewHost<Root>) -> ViewState<Interactor>?
    private var mounted: ViewState<Interactor>?
    private var holdsDeliveries = false
    public private(set) var isUnmounted = false

    /// Hosts `root` in the room whose isolation is `isolation`; `viewState` finds the view state once drawn.
    public init(
        _ root: Root, environment: EnvironmentValues = EnvironmentValues(), isolation: any Actor, inspecting: [any View.Type] = [],
        viewState: @escaping (ViewHost<Root>) -> ViewState<Interactor>?
    ) {
        self.isolation = isolation
        self.find = viewState
        host = ViewHost(root, environment: environment.with(\.viewStateIsolation, isolation), inspecting: inspecting)
    }

    /// The view state (mounting the view the first time).
    public var viewState: ViewState<Interactor> {
        if let mounted { return mounted }
        isolation.preconditionIsolated("a VVSI app must be used on its room's executor")
        _ = host.render(RenderContext(formAction: ""))
        guard let viewState = find(host) else { preconditionFailure("\(Root.self) shows no view state") }
        viewState.observer = { [weak self] in self?.observer?($0) }
        viewState.onChange = { [weak self] in self?.onChange?() }
        if holdsDeliveries { viewState.holdDeliveries() }
        mounted = viewState
        if isUnmounted { host.unmount() }
        return viewState
    }

    /// Renders the app; after ``unmount()`` nothing.
    public func render(_ context: RenderContext) -> RenderedView {
        guard !isUnmounted else { return RenderedView(html: "", fragments: []) }
        _ = viewState
        return host.render(context)
    }

    /// What a button press does in the seed: `viewState.trigger(action)` (its stage names the caller's line).
    @discardableResult
    public func trigger(_ action: Interactor.A, file: StaticString = #fileID, line: UInt = #line) -> TriggerResult {
        isUnmounted ? .inactive : viewState.trigger(action, file: file, line: line)
    }

    /// A press of a control on the page: its closure runs (`viewState.trigger(.add)`, the alert's Ok, …).
    public func perform(action: String, value: String?) -> ActionOutcome {
        guard !isUnmounted else { return .stale("The app has closed.") }
        _ = viewState
        return host.perform(action: action, value: value)
    }

    /// The alert's button: sets the view's alert back to `nil`; false when no alert is shown.
    public func dismissAlert() -> Bool {
        guard !isUnmounted else { return false }
        _ = viewState
        return host.dismissPresentedAlert()
    }

    /// Returns once no action runs or waits.
    nonisolated(nonsending) public func idle() async { await viewState.idle() }

    /// Messages from the interactor's tasks the view state applied (see ``ViewState/deliveredMessages``).
    public var deliveries: Int { mounted?.deliveredMessages ?? 0 }

    /// A replay: the interactor's messages are applied only as ``deliver(upTo:)`` allows.
    public func holdDeliveries() {
        holdsDeliveries = true
        mounted?.holdDeliveries()
    }

    /// Applies the interactor's messages until `count` are applied, holding later ones.
    nonisolated(nonsending) public func deliver(upTo count: Int) async -> Bool {
        guard !isUnmounted else { return false }
        return await viewState.deliver(upTo: count)
    }

    /// Lets the interactor's messages be applied as they come.
    public func releaseDeliveries() {
        holdsDeliveries = false
        mounted?.releaseDeliveries()
    }

    /// Whether it can be written down: mounted, no action running or waiting.
    public var isAtRest: Bool { !isUnmounted && viewState.isIdle }

    /// Stops everything, for good: the view state is cancelled (its tasks get no-op `state`/`updater` calls and
    /// end) and every view subscription is cancelled.
    public func unmount() {
        isUnmounted = true
        host.unmount()
        mounted?.cancel()
    }
}

@available(*, unavailable, message: "a ViewStateHost lives on one room executor")
extension ViewStateHost: Sendable {}
