import AppSeam
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
    /// The flow strip (the stages the runtime reported) and the trace: a row per action triggered, its steps after.
    public let teaching: Teaching<VVSIStage>
    /// The state in the trace's words ("4 items").
    private let summary: (Interactor.S) -> String
    /// Who triggers now, while a press's closure or an input runs: its row is made when the action reaches the view
    /// state, whichever sent it.
    private var triggering: EventSource?
    private let isolation: any Actor
    private let find: (ViewHost<Root>) -> ViewState<Interactor>?
    private var mounted: ViewState<Interactor>?
    private var holdsDeliveries = false
    public private(set) var isUnmounted = false
    /// What ``checkpoint()`` keeps (see ``checkpointing(_:)``).
    var checkpointKeeps: ViewStateCheckpoint<Interactor>?
    /// The room's pitfall switches for this app, nil for an app without (see ``switches(_:bites:)``).
    public internal(set) var pitfallSwitches: PitfallSwitches?
    /// Where the switched-on bug bites, for a state change: the trace's mark (nil: it does not).
    var bites: ((_ before: Interactor.S, _ after: Interactor.S) -> String?)?

    /// Hosts `root` in the room whose isolation is `isolation`; `viewState` finds the view state once drawn.
    /// `appID` names the teaching layer's fragments; `summary` says what a state holds, for the trace.
    public init(
        _ root: Root, appID: String = "vvsi", environment: EnvironmentValues = EnvironmentValues(), isolation: any Actor,
        inspecting: [any View.Type] = [], summary: @escaping (Interactor.S) -> String = { _ in "the state" },
        viewState: @escaping (ViewHost<Root>) -> ViewState<Interactor>?
    ) {
        self.isolation = isolation
        self.find = viewState
        self.summary = summary
        teaching = Teaching(appID: appID)
        host = ViewHost(root, environment: environment.with(\.viewStateIsolation, isolation), inspecting: inspecting)
    }

    /// The view state (mounting the view the first time).
    public var viewState: ViewState<Interactor> {
        if let mounted { return mounted }
        isolation.preconditionIsolated("a VVSI app must be used on its room's executor")
        _ = host.render(RenderContext(formAction: ""))
        guard let viewState = find(host) else { preconditionFailure("\(Root.self) shows no view state") }
        viewState.observer = { [weak self] in
            self?.record($0)
            self?.observer?($0)
        }
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

    /// An input from HTTP: `viewState.trigger(action)`, as the button's closure does; busy when the queue is full.
    public func handle(_ action: Interactor.A, from source: EventSource) throws(AppError) {
        triggering = source
        defer { triggering = nil }
        guard isUnmounted ? false : viewState.trigger(action).isAccepted else {
            teaching.trace.removeNewest()
            throw AppError(
                .busy, code: "action_queue_full", message: "\(viewState.maxPendingActions) actions are already waiting in this room; try again in a moment.")
        }
    }

    /// A press of a control on the page: its closure runs (`viewState.trigger(.add)`, the alert's Ok, …).
    public func perform(action: String, value: String?) -> ActionOutcome {
        guard !isUnmounted else { return .stale("The app has closed.") }
        _ = viewState
        triggering = .browser
        defer { triggering = nil }
        let alerted = host.presentedAlertText != nil
        let outcome = host.perform(action: action, value: value)
        if outcome == .performed, alerted, host.presentedAlertText == nil { alertDismissed(from: .browser) }
        return outcome
    }

    /// The alert's button from HTTP: sets the view's alert back to `nil`; a conflict when no alert is shown.
    public func dismissAlert(from source: EventSource) throws(AppError) {
        guard dismissAlert() else {
            throw AppError(.conflict, code: "no_alert", message: "No alert is shown, so there is nothing to dismiss; dismissAlert answers an alert.")
        }
        alertDismissed(from: source)
    }

    /// The alert's button: sets the view's alert back to `nil`; false when no alert is shown.
    public func dismissAlert() -> Bool {
        guard !isUnmounted else { return false }
        _ = viewState
        return host.dismissPresentedAlert()
    }

    private func alertDismissed(from source: EventSource) {
        teaching.trace.record(source: source, event: "dismissAlert", became: ["alertType = nil (the alert's Ok)"])
        teaching.flow.describe("Ok dismissed the alert in every tab.")
    }

    /// The trace: a row when the action reaches the view state, then each step of it.
    private func record(_ event: Observation) {
        if let source = triggering {
            switch event {
            case .actionQueued(let action, _), .actionStarted(_, let action), .actionRejected(let action):
                triggering = nil
                teaching.trace.record(source: source, event: ActionText.of(action), became: [])
                teaching.flow.describe("\(ActionText.of(action)) from \(source.spoken) was handed to the Interactor.")
            default:
                break
            }
        }
        switch event {
        case .actionQueued(let action, let position):
            teaching.trace.appendStep("\(ActionText.of(action)) queued behind \(position) action(s)")
        case .actionRejected(let action):
            teaching.trace.appendStep("\(ActionText.of(action)) refused: queue full")
        case .actionStarted(let id, let action):
            teaching.trace.appendStep("execute #\(id) \(ActionText.of(action))")
        case .stateUpdated(let id, let before, let after, let duration):
            teaching.trace.appendStep("updater #\(id): \(summary(before)) → \(summary(after)) in \(duration.microseconds) µs")
            teaching.flow.describe("The updater changed the state (\(summary(after))) and the view was re-rendered.")
        case .notification(let notification):
            teaching.trace.appendStep("notification \(notification)")
            teaching.flow.describe("The Interactor sent \(notification): the view shows it as an alert until someone presses Ok.")
        case .actionFinished(let id, _, let duration):
            teaching.trace.appendStep("#\(id) finished after \(duration.microseconds) µs")
        }
        if case .stateUpdated(_, let before, let after, _) = event, let pitfall = pitfallSwitches?.pitfalls.first,
            let bitten = bites?(before, after)
        {
            teaching.trace.appendStep(pitfall.bitesText(bitten))
        }
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

    /// As ``deliver(upTo:)``, applying the messages of actions run side by side in `order`.
    nonisolated(nonsending) public func deliver(upTo count: Int, order: DeliveryOrder) async -> Bool {
        guard !isUnmounted else { return false }
        return await viewState.deliver(upTo: count, order: order)
    }

    /// Whose messages were applied while actions ran side by side (see ``ViewState/deliveryOrder``).
    public var deliveryOrder: DeliveryOrder { mounted?.deliveryOrder ?? DeliveryOrder() }
    public func takeDeliveryOrder() -> DeliveryOrder { mounted?.takeDeliveryOrder() ?? DeliveryOrder() }

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

extension Duration {
    var microseconds: Int {
        Int(components.seconds) * 1_000_000 + Int(components.attoseconds / 1_000_000_000_000)
    }
}
