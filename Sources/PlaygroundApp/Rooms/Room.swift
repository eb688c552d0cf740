import AppSeam
import PlaygroundHTTP
import PlaygroundJournal
import PlaygroundUI
import RoomServices
import Synchronization

/// A room: the playground's "app process". It holds one instance of every registered app, and
/// everything the seeds do on the main thread runs here, on the room's own serial executor.
///
/// Each change is rendered once, diffed against what the tabs already show, framed once as an
/// SSE `patch` message and handed to every subscriber as the same bytes.
actor Room {
    /// Sizes a room works within.
    struct Limits: Sendable {
        var streamQueueLimit = 64
        var replayCount = 32
        /// Bytes of patches kept for tabs that reconnect (a patch is ~1 KB; a tab that missed more gets a resync).
        var replayBytes = 16 * 1024
        var retryMilliseconds = 2_000
        /// Events the whole room accepts (every client together), so one room cannot take a whole core.
        var eventBudget = EventBudget.unlimited
        /// Steps a room's journal holds; past it the room refuses new events (fork or import to go on).
        var journalSteps = 10_000
        /// Bytes a room's journal holds (its entries' JSON).
        var journalBytes = 8 << 20
        /// Percent of the journal's steps and bytes one client address may fill (100: no share).
        var journalSharePerClient = 100
        /// Steps between a live room's checkpoints (it also writes one as it hibernates and at shutdown).
        var checkpointSteps = 2_000
    }

    /// What every room is made from: the apps, their sample sources, the room settings.
    struct Blueprint: Sendable {
        let registry: AppRegistry
        let sources: SampleSources
        let limits: Limits
        let randomSeed: UInt64?
        /// The playground's own base URL, fixed once the server is bound.
        let ownBaseURL: @Sendable () -> String
        /// Where rooms keep their journals; nil keeps them in memory only (`--no-journal`).
        var journal: (any JournalStore)? = nil
        /// Each step also records every app's fingerprint before it, which replays check (`--journal-witness`).
        var witness = false
        /// Who presents each room, whether it is locked, what it spotlights (presenter mode).
        var presenters = PresenterLedger()
        /// Told of each checkpoint written as a race of actions run side by side ended (a metric).
        var raceCheckpointWritten: @Sendable () -> Void = {}
    }

    nonisolated let id: RoomID
    /// The room's subscribers (one stream per browser tab or `curl -N`).
    nonisolated let hub = EventStreamHub()
    /// The room's event budget, checked on the server thread before the event reaches the room's queue.
    private nonisolated let eventBucket: Mutex<TokenBucket?>
    private let executor: RoomExecutor
    let blueprint: Blueprint
    /// Each app's render context: its forms post to this room, its controls name the app.
    let contexts: [RenderContext]
    var seq: UInt64 = 0
    /// A past page's lock and spotlight, as its replayed presenter steps left them (a live room's are the ledger's).
    var replayedPresenter = PresenterState()
    var log: ReplayLog
    /// Each app, made on first use inside the room's isolation (its runtime needs the room as its actor).
    var apps: [AnyHostedApp?]
    /// What the tabs show now of each app's view, by app index, as hashes (the teaching layer tracks its own changes).
    var views: [PaneView?]
    /// The compare page's own fragments (its shared bar, its aligned traces) as its tabs show them, by id, as hashes;
    /// nil until a compare page is opened in this room.
    var compareShown: [String: Int]?
    /// True while a shared input is applied to all but the last compare app: the compare page's fragments are sent
    /// once, after the last app's step, not after each of five.
    var comparePending = false
    /// The room and step this room was forked from (said on its page; not kept across a restart).
    var forkedFrom: (room: RoomID, step: Int)?
    /// Each app's snapshot as of its last traced render: what the next event's changes are measured from.
    var shownSnapshots: [JSONValue?]
    var resyncCache: (seq: UInt64, message: SSEMessage)?
    var closed = false
    /// The seed every app of the room draws its randomness from (kept in the journal, so a replay draws the same).
    nonisolated let seed: UInt64
    /// Each app's door to the outside, made with the app.
    var effects: [Effects?]
    /// Deliveries each app had applied before it was restored from a checkpoint: the journal counts them from the
    /// room's start (or its last fold), the restored app from 0.
    var deliveryBase: [Int]
    /// "One turn later" for every app of the room; what waits runs before each step.
    lazy var turns = Turns(isolation: self)
    /// Steps in the room's history, and the bytes of their entries.
    var steps = 0
    var historyBytes = 0
    /// Where the history is kept: the store (a live room), memory (a room replayed to show a past step, fork or
    /// export), or nowhere (`--no-journal`).
    let journalMode: JournalMode
    /// The history of a room that keeps it in memory.
    var memoryHistory: [JournalEntry] = []
    /// True while the room replays its history: effects do not run, entries are not written again.
    var replaying = false
    /// The snapshot the room's oldest steps were folded into (restored from, or taken here).
    var base: RoomSnapshot?
    /// Why this room cannot fold (a snapshot that did not restore to the same state): it then stops at the bound.
    var foldRefusal: String?
    /// While apps start from a snapshot: what they report as changed is drawn once they all have.
    var restoring = false
    /// Sequence numbers up to this one were sent by an earlier process (before a restart) or by the replay: a tab
    /// that last saw one of them gets a resync, never patches it cannot have seen.
    var resyncFloor: UInt64 = 0

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// A room; `seed` is the one its history was recorded with (a restored, forked or imported room), else new.
    /// `persists` writes its history to the blueprint's store; a new room starts its journal there.
    enum JournalMode {
        case store, memory, off
    }

    init(id: RoomID, blueprint: Blueprint, seed: UInt64? = nil, persists: Bool = true, startsJournal: Bool = true) {
        self.id = id
        self.blueprint = blueprint
        var system = SystemRandomNumberGenerator()
        self.seed = seed ?? blueprint.randomSeed.map { $0 ^ id.hashSeed } ?? system.next()
        self.journalMode = !persists ? .memory : blueprint.journal != nil ? .store : .off
        self.effects = Array(repeating: nil, count: blueprint.registry.apps.count)
        self.deliveryBase = Array(repeating: 0, count: blueprint.registry.apps.count)
        let limits = blueprint.limits
        self.executor = RoomExecutor(label: "playground.room.\(id)")
        self.log = ReplayLog(maxCount: max(1, min(limits.replayCount, limits.streamQueueLimit - 2)), maxBytes: limits.replayBytes)
        self.contexts = blueprint.registry.apps.map { app in
            RenderContext(
                formAction: "/rooms/\(id)/events", actionURL: "/rooms/\(id)/actions", actionFields: [FormField("app", app.about.id)],
                idPrefix: app.about.id + "-")
        }
        self.eventBucket = Mutex(limits.eventBudget.isLimited ? limits.eventBudget.makeBucket(now: .now) : nil)
        self.apps = Array(repeating: nil, count: blueprint.registry.apps.count)
        self.views = Array(repeating: nil, count: blueprint.registry.apps.count)
        self.shownSnapshots = Array(repeating: nil, count: blueprint.registry.apps.count)
        journalStarted = !startsJournal
    }

    /// Whether the store has this room: a room's journal starts with its first entry (a room nobody used leaves
    /// nothing behind), or exists already (a restored room).
    var journalStarted: Bool

    /// What this room's history lost when a damaged journal was opened (shown on its page and in its history); it
    /// goes on from what could be read, as a fork of it would.
    var damageNotice: String?

    /// Set when the room's journal cannot go on (its snapshot did not restore): the room then refuses events.
    var localJournalFailure: String?

    /// The room's latest queued write: an event is answered once it is done (``pendingWrite``).
    var lastWrite: JournalTicket?

    /// True while an event's request applies it: that request settles the writes (``settleWrites()``) after.
    var settlesWrites = false

    /// The app at `index` of the registry, started on first use.
    func app(_ index: Int) -> AnyHostedApp {
        if let app = apps[index] { return app }
        let registration = blueprint.registry.apps[index]
        let effects = Effects(isolation: self, mode: replaying ? .replay : .live(record: outcomeRecorder(index)))
        let services = AppServices(
            isolation: self, randomSeed: seed,
            changed: { [weak self] in
                self?.assumeIsolated { room in
                    room.publishChanges(of: index)
                    room.checkpointWhenRaceEnds(index)
                }
            },
            ownBaseURL: blueprint.ownBaseURL(), values: registration.services, effects: effects, turns: turns)
        let app = registration.make(services)
        if replaying { app.holdDeliveries() }
        // Relative, so a one-pane page's rows stay on it; the compare page's rows open their app's own page.
        // Step ▶ is `?step=N` too: the page's route finds the app whose trace holds step N (a shorter row to send).
        let own = blueprint.registry.compareIndices.contains(index) ? "/rooms/\(id)/apps/\(app.about.id)" : ""
        app.teaching.trace.stepLink = own + "?at="
        app.teaching.trace.stepThroughLink = own + "?step="
        apps[index] = app
        self.effects[index] = effects
        // A compare app starts after the room was drawn: it is drawn now, before its first input, as the room's other
        // apps were (its views subscribe as they first appear, an EV screen's @Action among them).
        if blueprint.registry.compareIndices.contains(index), !restoring { drawFirst(index) }
        return app
    }

    /// The apps in use: the room page's, and those of the compare page started so far (a room that never compares
    /// never starts them).
    var appIndices: [Int] {
        let registry = blueprint.registry
        return Array(registry.pageIndices) + registry.compareIndices.filter { apps[$0] != nil }
    }

    /// Runs `body` isolated to the room and returns its result, on the calling thread (a server thread).
    ///
    /// `DispatchQueue.sync` on the room's serial queue waits for whatever the room is doing, then runs `body`
    /// on the caller's own thread while the queue is held: no thread hop, no Task, no suspended connection, and
    /// still one job at a time with everything else the room runs (actor jobs, OpenCombine's deliveries).
    /// Room jobs never wait for a server thread, so this cannot deadlock; they are short (a render is ~0.15 ms).
    nonisolated func perform<Result: Sendable>(_ body: (isolated Room) -> Result) -> Result {
        executor.queue.sync { assumeIsolated(body) }
    }

    /// Takes one token from the room's event budget, or throws 429 with `Retry-After` when it is spent.
    nonisolated func admitEvent(now: ContinuousClock.Instant = .now) throws(HTTPError) {
        guard let wait = eventBucket.withLock({ $0?.take(now: now) }) else { return }
        let budget = blueprint.limits.eventBudget
        throw HTTPError(
            .tooManyRequests, code: "too_many_events_in_room",
            message: "This room receives events faster than \(budget.describe) allows; wait \(wait.retryAfterSeconds) s (Retry-After).",
            headers: ["Retry-After": String(wait.retryAfterSeconds)])
    }

    /// The current sequence number: the `id:` of the last patch sent.
    var sequence: UInt64 { seq }

    /// Ends every stream and unmounts every app (idle close or shutdown); `forget` deletes its journal (idle close).
    func close(forget: Bool = false) {
        guard !closed else { return }
        closed = true
        hub.finishAll()
        for effects in effects { effects?.stop() }
        for app in apps { app?.unmount() }
        if forget, journalMode == .store, journalStarted { blueprint.journal?.deleteRoom(id) }
        if forget, journalMode != .memory { blueprint.presenters.forget(id) }
        // The apps and their effects hold the room (their isolation): let go of them, so the room is freed.
        apps = apps.map { _ in nil }
        effects = effects.map { _ in nil }
        views = views.map { _ in nil }
        compareShown = nil
        shownSnapshots = shownSnapshots.map { _ in nil }
        resyncCache = nil
        log = ReplayLog(maxCount: log.maxCount, maxBytes: log.maxBytes)
        memoryHistory = []
    }

    /// The client whose event the room is applying now (nil between events): effects started meanwhile are its.
    var currentClient: String? {
        didSet { for effects in effects { effects?.origin = currentClient } }
    }

    /// Steps and bytes each client address has added to the journal since this process made or restored the room;
    /// past `clientsTracked` addresses, new ones share one count.
    var journalUse: [String: (steps: Int, bytes: Int)] = [:]

    /// The step of the room's latest checkpoint (0: none since its snapshot).
    var lastCheckpoint = 0
    /// A checkpoint waits for a race of actions run side by side to end (``checkpointWhenRaceEnds(_:)``).
    var raceCheckpointWaits = false
    /// What the apps applied after the checkpoint this room woke from, in order (its ``RoomSnapshot/order``).
    var checkpointTail: DeliveryTail?
    /// The step at which the room last tried to write a checkpoint or fold: a try that failed (a trial restore that
    /// differed or took too long) is not repeated at every step after it.
    var lastTry = (checkpoint: 0, fold: 0)

    func checkOpen() throws(HTTPError) {
        if closed {
            throw HTTPError(.notFound, code: "unknown_room", message: "This room has closed; open / to get a new one.")
        }
    }
}
