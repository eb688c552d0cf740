import AppSeam
import PlaygroundUI
import RoomServices
import VVSIRuntime

/// Glue, not from the article: the VVSI ListView as a playground app (the hosting, the pitfall switch and the
/// checkpoint are VVSIRuntime's). A posted action goes to `viewState.trigger`, the interactor runs it (in its own
/// task, as the seed's do) and every `updater` call lands on the room's executor.
public final class ListViewPlayground: VVSIHostedApp, CheckpointingApp, PitfallHostingApp {
    public static let about = AppAbout(
        id: ListViewEvent.pitfallAppID, title: "VVSI · View, ViewState, Interactor — a list",
        summary: "Add, Remove and Random are actions: ViewState.trigger hands each to the Interactor, whose updater "
            + "changes the state once per call; errors come back as notifications and show as an alert. Actions run one at "
            + "a time here, so two fast Adds can never pass the 5-item check together (the seed's race).",
        sampleFolder: "ListView",
        articleFiles: ["ListView.swift", "ListView+State.swift", "ListView+Interactor.swift", "ListView+Dependencies.swift"])

    /// Most actions waiting behind the running one; more are refused as busy.
    public static let maxPendingActions = 256

    public typealias Input = PitfallSwitchInput<ListViewEvent>
    let instance: ListViewInstance
    public var hosting: any ViewStateHosting { instance }

    public init(services: AppServices) {
        instance = ListViewInstance(
            isolation: services.isolation, random: services.makeRandomSource(), taskRandom: services.makeRandomSource(stream: 1),
            maxPendingActions: Self.maxPendingActions)
        instance.onChange = services.changed
    }

    public var snapshot: ListViewSnapshot { ListViewSnapshot(instance) }
}

/// What HTTP may send the list (`{"app":"vvsi","event":"random","count":3,"length":2}`), decoded from the envelope
/// by `Codable`; ``action`` is the one mapping onto what the buttons' closures trigger.
public enum ListViewEvent: ViewStateInput, PitfallDeclaring, Codable, Equatable {
    /// Add "New item" (refused with an alert at 5 items).
    case add
    /// Remove the last item.
    case remove
    /// Replace the items with `count` random strings of `length` characters (the view draws them from the seed's
    /// `Int.random(in: 1..<10)` and `Int.random(in: 1..<5)`).
    case random(count: Int, length: Int)
    /// The alert's Ok.
    case dismissAlert

    /// The app's name in posted events (`app=vvsi`).
    public static let pitfallAppID = "vvsi"
    /// The article's `trigger` runs every action at once, so its `< 5` check races.
    public static let pitfalls = [Pitfall.unserialisedActions]

    /// The view state action this event triggers, as the button does; `nil` for ``dismissAlert`` (the alert's Ok).
    public var action: ListView.VAction? {
        switch self {
        case .add: .add
        case .remove: .remove
        case .random(let count, let length): .random(ListView.Options(count: count, length: length))
        case .dismissAlert: nil
        }
    }

    /// Each event once: what it does over HTTP, and random's ranges (refused with the one rule naming both).
    public static let events: [EventDeclaration] = [
        .init("add", "VVSI: `viewState.trigger(.add)`: appends \"New item\"; at 5 items the interactor refuses with an alert. \(queueFull)"),
        .init("remove", "VVSI: `viewState.trigger(.remove)`: removes the last item. \(queueFull)"),
        .init(
            "random", "VVSI: `viewState.trigger(.random(options))`: `count` random strings of `length` characters. \(queueFull)",
            app: pitfallAppID, ranges: ["count": 1..<10, "length": 1..<5]),
        .dismissAlert,
    ]
    static let queueFull = EventDeclaration.queueFull(ListViewPlayground.maxPendingActions)

    public static let examples: [(label: String, input: ListViewEvent)] = [
        ("Add", .add), ("Remove", .remove), ("Random (count 1…9, length 1…4)", .random(count: 3, length: 4)),
        ("Ok (dismiss the alert)", .dismissAlert),
    ]
}

/// A read-only snapshot of the list app for `/state`.
public struct ListViewSnapshot: Sendable, Equatable, Codable {
    /// The items shown.
    public var items: [String]
    /// The message of the alert shown, or `nil`.
    @Nullable public var alert: String? = nil
    /// Actions waiting for the running one.
    public var pendingActions: Int
    /// Whether an action is running.
    public var actionRunning: Bool
    /// The pitfall switch: `unserialised-actions`, on when `trigger` runs as the article's (every action at once).
    public var pitfall: PitfallState
    /// Items shown past the interactor's cap of 5: the bug, counted (0 while the fix runs).
    public var overCap: Int

    init(_ list: ListViewInstance) {
        let viewState = list.viewState
        (items, alert, pitfall) = (viewState.state.items, list.alert, list.pitfallSwitches!.state)
        (pendingActions, actionRunning, overCap) = (viewState.pendingActionCount, viewState.isRunningAction, max(0, items.count - 5))
    }
}

/// The ListView app running in one room: the runtime's view-state host around the seed's view.
typealias ListViewInstance = ViewStateHost<ListView.Interactor, ViewStateRoot<ListView>>

extension ViewStateHost where Interactor == ListView.Interactor, Root == ViewStateRoot<ListView> {
    /// The app in a room: its buttons draw from `random`, the interactor's tasks (Random's strings) from `taskRandom`.
    convenience init(
        isolation: any Actor, random: RandomSource = RandomSource(), taskRandom: RandomSource = RandomSource(), maxPendingActions: Int = 64
    ) {
        // `vvsi-list`: the element holding the whole list view, alert included (the SSE fragment).
        self.init(
            id: "vvsi-list", appID: ListViewEvent.pitfallAppID, isolation: isolation, summary: { "\($0.items.count) items" },
            viewState: \.viewState
        ) { ListView(dependencies: ListView.Dependencies(service: taskRandom), random: random, maxPendingActions: maxPendingActions) }
        // The trace's mark where the bug bites: the list passes the interactor's cap.
        switches(ListViewEvent.pitfalls) { before, after in
            after.items.count > 5 && after.items.count > before.items.count ? "\(after.items.count) items, the cap is 5" : nil
        }
        // Add stops at 5 items and Random makes at most 9; with the pitfall switch on, adds running side by side (at most
        // maxPendingActions) pass the cap: a checkpoint with more was not written here.
        let items = StateField<ListView.VState>.field("items", \.items, atMost: 5 + maxPendingActions)
        checkpointing(.init([items], randoms: ["random": random, "taskRandom": taskRandom], alert: { .error($0) }))
    }
}
