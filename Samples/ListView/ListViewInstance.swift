import PlaygroundUI
import VVSIRuntime

/// The ListView app running in one room: its view host, and the view's `ViewState` for posted events.
///
/// ```swift
/// // in the room actor: `lazy var list = ListViewInstance(isolation: self, random: RandomSource(seed: 7))`
/// // then, on the room's executor:
/// list.onChange = { /* render again and patch: an interactor task changed something */ }
/// switch list.trigger(.add) { case .queueFull: /* 503 */ default: break }
/// let rendered = list.render(context)    // fragment "vvsi-list"
/// list.unmount()
/// ```
///
/// Creating it renders nothing; it mounts on first use, which must be on the room's executor: that first render makes
/// the view's `@StateObject` view state, which attaches to the room.
/// Not `Sendable`: use it on the room's executor.
public final class ListViewInstance {
    /// What the view state reports, step by step, for the teaching trace.
    public typealias Observation = ViewStateEvent<ListView.VState, ListView.VAction, ListView.VNotification>

    /// The id of the element holding the whole list view, alert included (the SSE fragment).
    public static let fragmentID = "vvsi-list"

    /// Called on the room's executor for each step of each action.
    public var observer: ((Observation) -> Void)?

    /// Called on the room's executor after each asynchronous change the view shows; render again then.
    public var onChange: (() -> Void)?

    let host: ViewHost<ListViewApp>
    private let isolation: any Actor
    private let random: RandomSource
    private let taskRandom: RandomSource
    private var mounted: ViewState<ListView.Interactor>?
    private var isUnmounted = false

    /// The app for the room whose isolation is `isolation`, drawing its randomness from `random`, with at most
    /// `maxPendingActions` actions waiting behind the running one.
    /// The interactor's tasks draw from `taskRandom` (the Random strings), the buttons from `random`.
    public init(
        isolation: any Actor, random: RandomSource = RandomSource(), taskRandom: RandomSource = RandomSource(), maxPendingActions: Int = 64
    ) {
        (self.isolation, self.random, self.taskRandom) = (isolation, random, taskRandom)
        let environment = EnvironmentValues()
            .with(\.viewStateIsolation, isolation)
            .with(\.alertDismissEvent, ListViewEvent.dismissAlert)
        host = ViewHost(
            ListViewApp(dependencies: ListView.Dependencies(service: taskRandom), random: random, maxPendingActions: maxPendingActions),
            environment: environment, inspecting: [ListView.self])
    }

    /// The view's view state (mounting the view the first time).
    var viewState: ViewState<ListView.Interactor> {
        if let mounted { return mounted }
        isolation.preconditionIsolated("a ListViewInstance must be used on its room's executor")
        _ = host.render(RenderContext(formAction: ""))
        guard let viewState = host.view(ListView.self)?.viewState else {
            preconditionFailure("ListViewApp shows a ListView")
        }
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

    /// What a button press does in the seed: `viewState.trigger(action)`.
    @discardableResult
    public func trigger(_ action: ListView.VAction) -> TriggerResult {
        isUnmounted ? .inactive : viewState.trigger(action)
    }

    /// A press of a control on the page: its closure runs (`viewState.trigger(.add)`, the alert's Ok, …).
    public func perform(action: String, value: String?) -> ActionOutcome {
        guard !isUnmounted else { return .stale("The list has closed.") }
        _ = viewState
        return host.perform(action: action, value: value)
    }

    /// The alert's "Ok": sets the view's `alertType` back to `nil`; false when no alert is shown.
    public func dismissAlert() -> Bool {
        guard !isUnmounted else { return false }
        _ = viewState
        return host.dismissPresentedAlert()
    }

    /// What `/state` shows.
    public var snapshot: ListViewSnapshot {
        let viewState = viewState
        return ListViewSnapshot(
            items: viewState.state.items, alert: host.presentedAlertText?.message, pendingActions: viewState.pendingActionCount,
            actionRunning: viewState.isRunningAction)
    }

    /// Returns once no action runs or waits. Call it on the room's executor.
    nonisolated(nonsending) public func idle() async {
        await viewState.idle()
    }

    /// Messages from the interactor's tasks the view state applied (see ``ViewState/deliveredMessages``).
    public var deliveries: Int { mounted?.deliveredMessages ?? 0 }

    private var holdsDeliveries = false

    /// A replay: the interactor's messages are applied only as ``deliver(upTo:)`` allows.
    public func holdDeliveries() {
        holdsDeliveries = true
        mounted?.holdDeliveries()
    }

    /// Applies the interactor's messages until `count` are applied, holding later ones (see ``ViewState/deliver(upTo:)``).
    nonisolated(nonsending) public func deliver(upTo count: Int) async -> Bool {
        guard !isUnmounted else { return false }
        return await viewState.deliver(upTo: count)
    }

    /// Lets the interactor's messages be applied as they come.
    public func releaseDeliveries() {
        holdsDeliveries = false
        mounted?.releaseDeliveries()
    }

    // MARK: - Checkpoint

    /// The items, the alert's message and where both random sequences stand; nil while an action runs or waits.
    struct Checkpoint: Codable {
        var items: [String]
        var alert: String?
        var random: UInt64
        var taskRandom: UInt64
    }

    func checkpoint() -> Checkpoint? {
        guard !isUnmounted, viewState.isIdle else { return nil }
        return Checkpoint(
            items: viewState.state.items, alert: host.presentedAlertText?.message, random: random.position, taskRandom: taskRandom.position)
    }

    /// The view state gets the items back, and the alert's message as the interactor's `.error` notification.
    func restore(_ saved: Checkpoint) {
        guard !isUnmounted else { return }
        viewState.restore(.init(items: saved.items), notifications: saved.alert.map { [.error($0)] } ?? [])
        random.restore(position: saved.random)
        taskRandom.restore(position: saved.taskRandom)
        _ = host.render(RenderContext(formAction: ""))
    }

    /// Stops everything, for good: the view state is cancelled (its subscription, its queue; the interactor's tasks
    /// get no-op `state`/`updater` calls and end) and every view subscription is cancelled.
    public func unmount() {
        isUnmounted = true
        host.unmount()
        mounted?.cancel()
    }
}

@available(*, unavailable, message: "a ListViewInstance lives on one room executor")
extension ListViewInstance: Sendable {}

/// The root: the seed's `ListView` with the room's dependencies, identified as the `vvsi-list` fragment.
struct ListViewApp: View {
    let dependencies: ListView.Dependencies
    let random: RandomSource
    let maxPendingActions: Int

    var body: some View {
        ListView(dependencies: dependencies, random: random, maxPendingActions: maxPendingActions)
            .id(ListViewInstance.fragmentID)
    }
}
