import AppSeam
import PlaygroundUI
import RoomServices
import VVSIRuntime

/// Glue, not from the article: the VVSI ListView as a playground app (the hosting, the pitfall switch and the
/// checkpoint are VVSIRuntime's). A posted action goes to `viewState.trigger`, the interactor runs it (in its own
/// task, as the seed's do) and every `updater` call lands on the room's executor.
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

    public typealias Input = ListViewEvent
    let instance: ListViewInstance
    public var hosting: any ViewStateHosting { instance }

    public init(services: AppServices) {
        instance = ListViewInstance(
            isolation: services.isolation, random: services.makeRandomSource(), taskRandom: services.makeRandomSource(stream: 1),
            maxPendingActions: Self.maxPendingActions)
        instance.onChange = services.changed
    }

    public var snapshot: ListViewSnapshot { instance.snapshot }
}

/// What HTTP may send the list (`{"app":"vvsi","event":"random","count":3,"length":2}`), decoded from the envelope
/// by `Codable`; ``action`` is the one mapping onto what the buttons' closures trigger.
public enum ListViewEvent: ViewStateInput, PitfallSwitchable, Codable, Equatable {
    /// Add "New item" (refused with an alert at 5 items).
    case add
    /// Remove the last item.
    case remove
    /// Replace the items with `count` random strings of `length` characters.
    case random(count: Int, length: Int)
    /// The alert's "Ok".
    case dismissAlert
    /// The pitfall switch: `on` runs the article's `trigger` as published (every action at once, not one at a time).
    case setPitfall(on: Bool, pitfall: String? = nil)

    /// The app's name in posted events (`app=vvsi`).
    public static let appName = "vvsi"
    /// Random's `count` (the seed's `Int.random(in: 1..<10)`).
    public static let countRange = 1..<10
    /// Random's `length` (the seed's `Int.random(in: 1..<5)`).
    public static let lengthRange = 1..<5
    public static let pitfallAppID = appName
    /// The article's `trigger` runs every action at once, so its `< 5` check races.
    public static let pitfalls = [Pitfall.unserialisedActions]

    /// The view state action this event triggers, as the button does; `nil` for ``dismissAlert`` (the alert's Ok).
    public var action: ListView.VAction? {
        switch self {
        case .add: .add
        case .remove: .remove
        case .random(let count, let length): .random(ListView.Options(count: count, length: length))
        case .dismissAlert, .setPitfall: nil
        }
    }

    /// Each event once: what it does over HTTP, and random's ranges (refused with the one rule naming both).
    public static let events: [EventDeclaration] = [
        .init("add", "VVSI: `viewState.trigger(.add)`: appends \"New item\"; at 5 items the interactor refuses with an alert. \(queueFull)"),
        .init("remove", "VVSI: `viewState.trigger(.remove)`: removes the last item. \(queueFull)"),
        .init(
            "random", "VVSI: `viewState.trigger(.random(options))`: `count` random strings of `length` characters. \(queueFull)",
            app: appName, ranges: ["count": countRange, "length": lengthRange]),
        .dismissAlert,
        .setPitfall(pitfalls),
    ]
    static let queueFull = EventDeclaration.queueFull(ListViewPlayground.maxPendingActions)

    public static var examples: [(label: String, input: ListViewEvent)] {
        [
            ("Add", .add), ("Remove", .remove), ("Random (count 1…9, length 1…4)", .random(count: 3, length: 4)),
            ("Ok (dismiss the alert)", .dismissAlert), ("Run the article's code as published", .setPitfall(on: true)),
        ]
    }
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

    /// Makes a snapshot.
    public init(
        items: [String], alert: String?, pendingActions: Int, actionRunning: Bool,
        pitfall: PitfallState = PitfallState(name: "unserialised-actions", on: false)
    ) {
        (self.items, self.alert, self.pendingActions, self.actionRunning) = (items, alert, pendingActions, actionRunning)
        (self.pitfall, self.overCap) = (pitfall, max(0, items.count - 5))
    }
}

/// The ListView app running in one room: the runtime's view-state host around the seed's view.
typealias ListViewInstance = ViewStateHost<ListView.Interactor, ViewStateRoot<ListView>>

extension ViewStateHost where Interactor == ListView.Interactor, Root == ViewStateRoot<ListView> {
    /// The id of the element holding the whole list view, alert included (the SSE fragment).
    static var fragmentID: String { "vvsi-list" }

    /// The app for the room whose isolation is `isolation`: the buttons draw from `random`, the interactor's tasks
    /// from `taskRandom` (the Random strings); at most `maxPendingActions` actions wait behind the running one.
    convenience init(
        isolation: any Actor, random: RandomSource = RandomSource(), taskRandom: RandomSource = RandomSource(), maxPendingActions: Int = 64
    ) {
        self.init(
            id: Self.fragmentID, appID: ListViewEvent.appName, isolation: isolation, summary: { "\($0.items.count) items" },
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

    /// What `/state` shows.
    var snapshot: ListViewSnapshot {
        ListViewSnapshot(
            items: viewState.state.items, alert: alert, pendingActions: viewState.pendingActionCount,
            actionRunning: viewState.isRunningAction,
            pitfall: pitfallSwitches?.state ?? PitfallState(name: "unserialised-actions", on: false))
    }
}
