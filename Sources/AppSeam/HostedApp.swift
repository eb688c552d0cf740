import PlaygroundUI
import RoomServices

/// One architecture's sample as a room hosts it: all the playground knows of an app.
///
/// What every app writes: its ``about``, its ``Input`` (the architecture's own input, decoded from HTTP), its
/// ``Snapshot`` (`/state`), its ``Stage``s (the flow strip) and its views. An app built on a ``ViewHost`` adopts
/// ``ViewHostedApp`` and gets render, perform and unmount from it. Replay of work that comes back by itself
/// (``DeliveringApp``), checkpoints of its own (``CheckpointingApp``) and switches that run its article's bugs
/// (``PitfallHostingApp``) are opt-in: without them a room still replays and folds the app (its checkpoint is the
/// inputs that rebuild it).
///
/// A room makes one instance on first use; everything but decoding an ``Input`` runs in the room's isolation (its
/// serial executor), as the seeds' main-thread code does.
public protocol HostedApp: AnyObject, SendableMetatype {
    /// What HTTP and the page may send, decoded and validated before the room sees it.
    associatedtype Input: AppInput
    /// What `GET /rooms/{id}/state` shows under the app's id.
    associatedtype Snapshot: Encodable
    /// The boxes of the app's flow strip, in order.
    associatedtype Stage: FlowStage

    /// The app's id, title, summary and sources.
    static var about: AppAbout { get }
    /// Starts the app in a room, with what the room provides.
    init(services: AppServices)
    /// The flow strip (typed stages) and the trace.
    var teaching: Teaching<Stage> { get }
    /// Feeds one input into the architecture: the same code the page's control runs.
    func handle(_ input: Input, from source: EventSource) throws(AppError)
    /// The app's state now.
    var snapshot: Snapshot { get }
    /// Renders the app's views; elements with an `.id` (all starting with the app's id and `-`) are what patches replace.
    func render(_ context: RenderContext) -> RenderedView
    /// Runs the closure of the control posted from the page (its action id and value); then the room renders.
    func perform(action: String, value: String?) -> ActionOutcome
    /// Cancels every subscription and task of the app.
    func unmount()
}

extension HostedApp {
    /// For an app whose views hold no closures.
    public func perform(action: String, value: String?) -> ActionOutcome {
        .stale("This app has no controls that hold closures; post its events to /events.")
    }
}

/// The default app: its views live in a ``ViewHost``, which renders them, runs their controls' closures and
/// unmounts them.
public protocol ViewHostedApp: HostedApp {
    associatedtype Root: View
    /// The app's root view, hosted.
    var host: ViewHost<Root> { get }
}

extension ViewHostedApp {
    public func render(_ context: RenderContext) -> RenderedView { host.render(context) }
    public func perform(action: String, value: String?) -> ActionOutcome { host.perform(action: action, value: value) }
    public func unmount() { host.unmount() }
}

/// Opt-in, for an app whose inputs start work inside it that comes back onto the room by itself, between inputs
/// (VVSI's interactor tasks: reads, changes, notifications, "action finished"). The journal keeps how many such
/// deliveries the app applied before each step, so a replay applies them at the same places. An app whose inputs
/// finish inside `handle` and whose outside calls go through ``Effects`` needs none of it.
public protocol DeliveringApp: HostedApp {
    /// Returns once the work an input started inside the app (not outside: effects) is done.
    nonisolated(nonsending) func settle() async
    /// How many deliveries the app has applied.
    var deliveries: Int { get }
    /// Replaying: from now on deliveries wait until ``deliver(upTo:)`` lets them through.
    func holdDeliveries()
    /// Replaying: applies deliveries until `count` are applied in all, and holds later ones; false when `count`
    /// cannot be reached (nothing runs that could deliver more, or more are applied already).
    nonisolated(nonsending) func deliver(upTo count: Int) async -> Bool
    /// Lets deliveries be applied as they come (the replayed room goes live).
    func releaseDeliveries()
    /// Whose deliveries were applied while work ran side by side, since the last ``takeDeliveryOrder()``.
    var deliveryOrder: DeliveryOrder { get }
    /// The order recorded since the last call (a step records it); recording starts again from empty.
    func takeDeliveryOrder() -> DeliveryOrder
    /// Replaying: as ``deliver(upTo:)``, applying deliveries of work run side by side in `order`.
    nonisolated(nonsending) func deliver(upTo count: Int, order: DeliveryOrder) async -> Bool
}

extension DeliveringApp {
    /// Work that never runs side by side records no order.
    public var deliveryOrder: DeliveryOrder { DeliveryOrder() }
    public func takeDeliveryOrder() -> DeliveryOrder { DeliveryOrder() }
    nonisolated(nonsending) public func deliver(upTo count: Int, order: DeliveryOrder) async -> Bool {
        order.isEmpty ? await deliver(upTo: count) : false
    }
}

/// Opt-in, for an app that writes its own state down for a room's snapshot (instead of the default: the inputs
/// and presses that rebuild it, which grow with its history).
public protocol CheckpointingApp: HostedApp {
    /// The app's state now, written so that ``restore(_:)`` gives a fresh app the same `/state`; the room asks only
    /// when no effect of the app is pending. nil while work runs inside the app (a VVSI action): the room folds later.
    func checkpoint() -> String?
    /// Starts this fresh, undrawn app from what ``checkpoint()`` wrote. The outside is off meanwhile: an effect the
    /// app starts (a load its view starts as it appears) must be completed from the checkpoint with
    /// ``Effects/complete(_:)``. Must give the same state from the same checkpoint every time (the journal replays
    /// the steps after it). Throws for text the app did not write.
    func restore(_ checkpoint: String) throws(CheckpointError)
}

/// Who an app is.
public struct AppAbout: Sendable {
    /// The `app` of its events, and the namespace of its fragment ids (`ev-view`, `ev-flow`, `ev-left`, …):
    /// lowercase letters, digits and single hyphens (`films-ev`), starting with a letter.
    public let id: String
    /// The pane's heading.
    public let title: String
    /// One sentence on what the architecture shows.
    public let summary: String
    /// Its folder under `Samples/`, whose Swift files the pane shows.
    public let sampleFolder: String
    /// The files shaped like the article's code, shown first; the rest of the folder is labelled as glue.
    public let articleFiles: [String]

    public init(id: String, title: String, summary: String, sampleFolder: String, articleFiles: [String]) {
        (self.id, self.title, self.summary, self.sampleFolder, self.articleFiles) = (id, title, summary, sampleFolder, articleFiles)
    }

    /// True for an id that can name fragments and appear in URLs unescaped.
    public static func isValidID(_ id: String) -> Bool {
        guard let first = id.utf8.first, (0x61...0x7A).contains(first), id.utf8.count <= 24, id.utf8.last != 0x2D, !id.contains("--")
        else { return false }
        return id.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D }
    }
}

/// What a room gives the app it starts: its isolation, its randomness, a way to say "I changed", and the
/// services the composition root registered (repositories, HTTP clients).
public struct AppServices {
    /// The room: the actor whose executor every job of the app runs on.
    public let isolation: any Actor
    /// The room's seed for this app's random draws (set for reproducible demos and tests); nil = system randomness.
    public let randomSeed: UInt64?
    /// Tells the room the app's views changed outside `handle` (an answer arrived, a task finished); the room
    /// renders and patches. Call it on the room's executor.
    public let changed: () -> Void
    /// The playground's own base URL (`http://127.0.0.1:8080`), e.g. for a repository that fetches from its API.
    public let ownBaseURL: String
    /// What the composition root provides, by key.
    public var values: AppServiceValues
    /// The clock the app waits on (a seed's delay, injected latency): the real one in a room, a manual one in
    /// tests, so a 1.5 s wait is one `advance(by:)` instead of 1.5 s.
    public let clock: any Clock<Duration>
    /// The door every asynchronous call to the outside goes through (HTTP, injected faults): the room journals
    /// what comes back, and replays it.
    public let effects: Effects
    /// "One turn later" on the room (a seed's `.receive(on: RunLoop.main)`): the room runs what waits before each step.
    public let turns: Turns

    public init(
        isolation: any Actor, randomSeed: UInt64?, changed: @escaping () -> Void, ownBaseURL: String, values: AppServiceValues,
        clock: any Clock<Duration> = ContinuousClock(), effects: Effects? = nil, turns: Turns? = nil
    ) {
        (self.isolation, self.randomSeed, self.changed, self.ownBaseURL, self.values) = (isolation, randomSeed, changed, ownBaseURL, values)
        self.clock = clock
        self.effects = effects ?? Effects(isolation: isolation)
        self.turns = turns ?? Turns(isolation: isolation)
    }

    /// The app's randomness, the one source its draws come from: seeded from ``randomSeed``, or by the system.
    public func makeRandomSource() -> RandomSource {
        RandomSource(seed: randomSeed)
    }

    /// Another of the app's random sequences, independent of the first (`stream` 1, 2, …): for draws made in the
    /// app's own tasks, so that their timing cannot change which numbers the room's draws get.
    public func makeRandomSource(stream: UInt64) -> RandomSource {
        RandomSource(seed: randomSeed.map { $0 ^ (stream &* 0x9E37_79B9_7F4A_7C15) })
    }
}

/// A service an app can ask its room for, with the value it gets when the composition root set none.
public protocol AppServiceKey {
    associatedtype Value: Sendable
    static var defaultValue: Value { get }
}

/// The services the composition root hands apps, by key (like SwiftUI's `EnvironmentValues`).
public struct AppServiceValues: Sendable {
    private var values: [ObjectIdentifier: any Sendable] = [:]

    public init() {}

    public subscript<Key: AppServiceKey>(key: Key.Type) -> Key.Value {
        get { values[ObjectIdentifier(key)] as? Key.Value ?? Key.defaultValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }
}
