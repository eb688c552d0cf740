import AppSeam
import PlaygroundUI
import RoomServices
import VVSIRuntime

/// Glue, not from the article: the VVSI ListView as a playground app. A posted action goes to
/// `viewState.trigger`, the interactor runs it (in its own task, as the seed's do) and every `updater` call lands
/// on the room's executor.
public final class ListViewPlayground: CheckpointingApp, DeliveringApp {
    public static let about = AppAbout(
        id: ListViewEvent.appName, title: "VVSI · View, ViewState, Interactor — a list",
        summary: "Add, Remove and Random are actions: ViewState.trigger hands each to the Interactor, whose updater "
            + "changes the state once per call; errors come back as notifications and show as an alert. Actions run one at "
            + "a time here, so two fast Adds can never pass the 5-item check together (the seed's race).",
        sampleFolder: "ListView",
        articleFiles: ["ListView.swift", "ListView+State.swift", "ListView+Interactor.swift", "ListView+Dependencies.swift"])

    /// Most actions waiting behind the running one; more are refused as busy.
    public static let maxPendingActions = 256

    public let teaching = Teaching<VVSIStage>(appID: ListViewEvent.appName)
    private let instance: ListViewInstance
    /// Who triggers now, while a press's closure or an input runs: its trace entry is made when the action reaches
    /// the view state, whichever sent it.
    private var triggering: EventSource?

    public init(services: AppServices) {
        instance = ListViewInstance(
            isolation: services.isolation, random: services.makeRandomSource(), taskRandom: services.makeRandomSource(stream: 1),
            maxPendingActions: Self.maxPendingActions)
        instance.onChange = services.changed
        instance.observer = { [weak self] event in self?.observe(event) }
    }

    /// Triggers the event's action, as its button's closure does, or answers the alert's Ok; a conflict when there is
    /// no alert, busy when the queue is full.
    public func handle(_ event: ListViewEvent, from source: EventSource) throws(AppError) {
        guard let action = event.action else {
            guard instance.dismissAlert() else {
                throw AppError(
                    .conflict, code: "no_alert", message: "No alert is shown, so there is nothing to dismiss; dismissAlert answers an alert.")
            }
            alertDismissed(from: source)
            return
        }
        triggering = source
        defer { triggering = nil }
        guard instance.viewState.trigger(action).isAccepted else {
            teaching.trace.removeNewest()
            throw AppError(
                .busy, code: "action_queue_full",
                message: "\(Self.maxPendingActions) actions are already waiting in this room; try again in a moment.")
        }
    }

    private func observe(_ event: ListViewInstance.Observation) {
        if let source = triggering {
            switch event {
            case .actionQueued(let action, _), .actionStarted(_, let action), .actionRejected(let action):
                triggering = nil
                teaching.trace.record(source: source, event: "\(action)", became: [])
                teaching.flow.describe("\(action) from \(source.spoken) was handed to the Interactor.")
            default:
                break
            }
        }
        switch event {
        case .actionQueued(let action, let position):
            teaching.trace.appendStep("\(action) queued behind \(position) action(s)")
        case .actionRejected(let action):
            teaching.trace.appendStep("\(action) refused: queue full")
        case .actionStarted(let id, let action):
            teaching.trace.appendStep("execute #\(id) \(action)")
        case .stateUpdated(let id, let before, let after, let duration):
            teaching.trace.appendStep("updater #\(id): \(before.items.count) → \(after.items.count) items in \(duration.microseconds) µs")
            teaching.flow.describe("The updater changed the state (\(after.items.count) items) and the view was re-rendered.")
        case .notification(let notification):
            teaching.trace.appendStep("notification \(notification)")
            teaching.flow.describe("The Interactor sent \(notification): the view shows it as an alert until someone presses Ok.")
        case .actionFinished(let id, _, let duration):
            teaching.trace.appendStep("#\(id) finished after \(duration.microseconds) µs")
        }
    }

    /// A press on the page: the button's closure calls `viewState.trigger(…)` (or the alert's Ok clears it).
    public func perform(action: String, value: String?) -> ActionOutcome {
        triggering = .browser
        defer { triggering = nil }
        let alerted = instance.host.presentedAlertText != nil
        let outcome = instance.perform(action: action, value: value)
        if outcome == .performed, alerted, instance.host.presentedAlertText == nil { alertDismissed(from: .browser) }
        return outcome
    }

    private func alertDismissed(from source: EventSource) {
        teaching.trace.record(source: source, event: "dismissAlert", became: ["alertType = nil (the alert's Ok)"])
        teaching.flow.describe("Ok dismissed the alert in every tab.")
    }

    public func render(_ context: RenderContext) -> RenderedView {
        instance.render(context)
    }

    public var snapshot: ListViewSnapshot { instance.snapshot }

    /// Returns once no action runs or waits.
    nonisolated(nonsending) public func settle() async {
        await instance.idle()
    }

    /// The interactor's reads, changes, notifications and "finished" the view state applied: where they fell between
    /// inputs is kept in the journal, so a replay applies them at the same places.
    public var deliveries: Int { instance.deliveries }
    public func holdDeliveries() { instance.holdDeliveries() }
    nonisolated(nonsending) public func deliver(upTo count: Int) async -> Bool { await instance.deliver(upTo: count) }
    public func releaseDeliveries() { instance.releaseDeliveries() }

    public func checkpoint() -> String? {
        instance.checkpoint().map { AppSeam.Checkpoint.write($0) }
    }

    public func restore(_ text: String) throws(CheckpointError) {
        let saved = try AppSeam.Checkpoint.read(ListViewInstance.Checkpoint.self, from: text, app: Self.about.id)
        // Add stops at 5 items and Random makes at most 9: a checkpoint with far more was not written here.
        guard saved.items.count <= 100 else { throw CheckpointError("the vvsi app's checkpoint holds \(saved.items.count) items; it writes at most 100") }
        instance.restore(saved)
    }

    public func unmount() { instance.unmount() }
}

/// The action as the trace and its stages show it: `add`, `remove`, `random(count: 3, length: 2)`.
extension ListView.VAction: CustomStringConvertible {
    public var description: String {
        switch self {
        case .add: "add"
        case .remove: "remove"
        case .random(let options): "random(count: \(options.count), length: \(options.length))"
        }
    }
}

extension Duration {
    var microseconds: Int {
        Int(components.seconds) * 1_000_000 + Int(components.attoseconds / 1_000_000_000_000)
    }
}
