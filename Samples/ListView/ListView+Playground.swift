import AppSeam
import PlaygroundUI
import RoomServices
import VVSIRuntime

/// Glue, not from the article: the VVSI ListView as a playground app (the hosting is VVSIRuntime's). A posted action
/// goes to `viewState.trigger`, the interactor runs it (in its own task, as the seed's do) and every `updater` call
/// lands on the room's executor.
public final class ListViewPlayground: VVSIHostedApp, CheckpointingApp {
    public static let about = AppAbout(
        id: ListViewEvent.appName, title: "VVSI · View, ViewState, Interactor — a list",
        summary: "Add, Remove and Random are actions: ViewState.trigger hands each to the Interactor, whose updater "
            + "changes the state once per call; errors come back as notifications and show as an alert. Actions run one at "
            + "a time here, so two fast Adds can never pass the 5-item check together (the seed's race).",
        sampleFolder: "ListView",
        articleFiles: ["ListView.swift", "ListView+State.swift", "ListView+Interactor.swift", "ListView+Dependencies.swift"])

    /// Most actions waiting behind the running one; more are refused as busy.
    public static let maxPendingActions = 256

    let instance: ListViewInstance
    public var hosting: any ViewStateHosting { instance }

    public init(services: AppServices) {
        instance = ListViewInstance(
            isolation: services.isolation, random: services.makeRandomSource(), taskRandom: services.makeRandomSource(stream: 1),
            maxPendingActions: Self.maxPendingActions)
        instance.onChange = services.changed
    }

    /// Triggers the event's action, as its button's closure does, or answers the alert's Ok.
    public func handle(_ event: ListViewEvent, from source: EventSource) throws(AppError) {
        guard let action = event.action else { return try instance.dismissAlert(from: source) }
        try instance.handle(action, from: source)
    }

    public var snapshot: ListViewSnapshot { instance.snapshot }

    public func checkpoint() -> String? {
        instance.checkpoint().map { AppSeam.Checkpoint.write($0) }
    }

    public func restore(_ text: String) throws(CheckpointError) {
        let saved = try AppSeam.Checkpoint.read(ListViewInstance.Checkpoint.self, from: text, app: Self.about.id)
        // Add stops at 5 items and Random makes at most 9: a checkpoint with far more was not written here.
        guard saved.items.count <= 100 else { throw CheckpointError("the vvsi app's checkpoint holds \(saved.items.count) items; it writes at most 100") }
        instance.restore(saved)
    }
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
