import AppSeam
import PlaygroundUI
import RoomServices
import VVSIRuntime

/// Glue, not from the article: the VVSI ListView as a playground app (the hosting is VVSIRuntime's). A posted action
/// goes to `viewState.trigger`, the interactor runs it (in its own task, as the seed's do) and every `updater` call
/// lands on the room's executor.
public final class ListViewPlayground: VVSIHostedApp, CheckpointingApp, PitfallHostingApp {
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
    /// The room's pitfall switch (the article's `trigger`, every action at once).
    public let pitfalls = PitfallSwitches(ListViewEvent.pitfalls)

    public init(services: AppServices) {
        instance = ListViewInstance(
            isolation: services.isolation, random: services.makeRandomSource(), taskRandom: services.makeRandomSource(stream: 1),
            maxPendingActions: Self.maxPendingActions)
        instance.onChange = services.changed
        pitfalls.switched = { [weak self] on, name in self?.setPitfall(on, name, from: .browser) }
        let (pitfall, teaching) = (pitfalls.pitfalls[0], instance.teaching)
        // The step where the bug bites: the list passes the interactor's cap.
        instance.observer = { event in
            guard case .stateUpdated(_, let before, let after, _) = event, after.items.count > 5, after.items.count > before.items.count else { return }
            teaching.trace.appendStep(pitfall.bitesText("\(after.items.count) items, the cap is 5"))
        }
    }

    /// Triggers the event's action, as its button's closure does, or answers the alert's Ok.
    public func handle(_ event: ListViewEvent, from source: EventSource) throws(AppError) {
        if case .setPitfall(let on, let name) = event { return setPitfall(on, name, from: source) }
        guard let action = event.action else { return try instance.dismissAlert(from: source) }
        try instance.handle(action, from: source)
    }

    /// The switch: ViewState's `trigger` runs the article's way (every action at once) or the fix's (one at a time).
    private func setPitfall(_ on: Bool, _ name: String?, from source: EventSource) {
        instance.setPitfall(on, pitfall: name, switches: pitfalls, from: source)
    }

    public var pitfallSwitches: PitfallSwitches { pitfalls }

    public var snapshot: ListViewSnapshot {
        var snapshot = instance.snapshot
        snapshot.pitfall = pitfalls.state
        return snapshot
    }

    public func checkpoint() -> String? {
        instance.checkpoint(randoms: instance.randoms, adding: ["pitfalls": pitfalls.onNames])
    }

    public func restore(_ text: String) throws(CheckpointError) {
        // Add stops at 5 items and Random makes at most 9; with the pitfall switch on, adds running side by side (at most
        // maxPendingActions) pass the cap: a checkpoint with more was not written here.
        let most = 5 + Self.maxPendingActions
        let lists = try instance.restore(text, app: Self.about.id, randoms: instance.randoms, alert: { .error($0) }) { state throws(CheckpointError) in
            guard state.items.count <= most else { throw CheckpointError("the vvsi app's checkpoint holds \(state.items.count) items; it writes at most \(most)") }
        }
        instance.restorePitfall(pitfalls, onNames: lists["pitfalls"] ?? [])
    }
}
