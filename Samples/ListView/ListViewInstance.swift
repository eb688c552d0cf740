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

    /// The app's random sequences, as its checkpoint names them: the buttons' and the interactor's tasks'.
    var randoms: [String: RandomSource] { ["random": host.root.random, "taskRandom": host.root.dependencies.service] }
}

/// The state as the room's checkpoint keeps it (beside the alert and the random positions).
extension ListView.VState: Codable {
    private enum CodingKeys: String, CodingKey { case items }
    public init(from decoder: any Decoder) throws { self.init(items: try decoder.container(keyedBy: CodingKeys.self).decode([String].self, forKey: .items)) }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(items, forKey: .items)
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
