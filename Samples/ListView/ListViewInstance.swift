import PlaygroundUI
import RoomServices
import VVSIRuntime

/// The ListView app running in one room: the runtime's view-state host around the seed's view.
typealias ListViewInstance = ViewStateHost<ListView.Interactor, ListViewApp>

extension ViewStateHost where Interactor == ListView.Interactor, Root == ListViewApp {
    /// The id of the element holding the whole list view, alert included (the SSE fragment).
    static var fragmentID: String { "vvsi-list" }

    /// The app for the room whose isolation is `isolation`: the buttons draw from `random`, the interactor's tasks
    /// from `taskRandom` (the Random strings); at most `maxPendingActions` actions wait behind the running one.
    convenience init(
        isolation: any Actor, random: RandomSource = RandomSource(), taskRandom: RandomSource = RandomSource(), maxPendingActions: Int = 64
    ) {
        self.init(
            ListViewApp(dependencies: ListView.Dependencies(service: taskRandom), random: random, maxPendingActions: maxPendingActions),
            appID: ListViewEvent.appName, isolation: isolation, inspecting: [ListView.self], summary: { "\($0.items.count) items" }
        ) { $0.view(ListView.self)?.viewState }
    }

    /// What `/state` shows.
    var snapshot: ListViewSnapshot {
        let viewState = viewState
        return ListViewSnapshot(
            items: viewState.state.items, alert: host.presentedAlertText?.message, pendingActions: viewState.pendingActionCount,
            actionRunning: viewState.isRunningAction)
    }

    /// The items, the alert's message and where both random sequences stand; nil while an action runs or waits.
    struct Checkpoint: Codable {
        var items: [String]
        var alert: String?
        var random: UInt64
        var taskRandom: UInt64
        /// The pitfall switches on, which the app adds (absent in checkpoints written before there were any).
        var pitfalls: [String]? = nil
    }

    func checkpoint() -> Checkpoint? {
        guard isAtRest else { return nil }
        return Checkpoint(
            items: viewState.state.items, alert: host.presentedAlertText?.message, random: host.root.random.position,
            taskRandom: host.root.dependencies.service.position)
    }

    /// The view state gets the items back, and the alert's message as the interactor's `.error` notification.
    func restore(_ saved: Checkpoint) {
        guard !isUnmounted else { return }
        viewState.restore(.init(items: saved.items), notifications: saved.alert.map { [.error($0)] } ?? [])
        host.root.random.restore(position: saved.random)
        host.root.dependencies.service.restore(position: saved.taskRandom)
        _ = host.render(RenderContext(formAction: ""))
    }
}

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
