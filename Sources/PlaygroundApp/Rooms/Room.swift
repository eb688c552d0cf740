import Foundation
import AppSeam
import Logging
import PlaygroundHTTP
import PlaygroundUI
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
    }

    nonisolated let id: RoomID
    /// The room's subscribers (one stream per browser tab or `curl -N`).
    nonisolated let hub = EventStreamHub()
    /// The room's event budget, checked on the server thread before the event reaches the room's queue.
    private nonisolated let eventBucket: Mutex<TokenBucket?>
    private let executor: RoomExecutor
    private let blueprint: Blueprint
    /// Each app's render context: its forms post to this room, its controls name the app.
    private let contexts: [RenderContext]
    private var seq: UInt64 = 0
    private var log: ReplayLog
    /// Each app, made on first use inside the room's isolation (its runtime needs the room as its actor).
    private var apps: [AnyHostedApp?]
    /// What the tabs show now of each app's view, by app index, as hashes (the teaching layer tracks its own changes).
    private var views: [PaneView?]
    private var resyncCache: (seq: UInt64, message: SSEMessage)?
    private var closed = false
    /// The seed every app of the room draws its randomness from (kept in the journal, so a replay draws the same).
    nonisolated let seed: UInt64
    /// Each app's door to the outside, made with the app.
    private var effects: [Effects?]
    /// Deliveries each app had applied before it was restored from a checkpoint: the journal counts them from the
    /// room's start (or its last fold), the restored app from 0.
    private var deliveryBase: [Int]
    /// "One turn later" for every app of the room; what waits runs before each step.
    private lazy var turns = Turns(isolation: self)
    /// Steps in the room's history, and the bytes of their entries.
    private(set) var steps = 0
    private var historyBytes = 0
    /// Where the history is kept: the store (a live room), memory (a room replayed to show a past step, fork or
    /// export), or nowhere (`--no-journal`).
    private let journalMode: JournalMode
    /// The history of a room that keeps it in memory.
    private var memoryHistory: [JournalEntry] = []
    /// True while the room replays its history: effects do not run, entries are not written again.
    private var replaying = false
    /// The snapshot the room's oldest steps were folded into (restored from, or taken here).
    private var base: RoomSnapshot?
    /// Why this room cannot fold (a snapshot that did not restore to the same state): it then stops at the bound.
    private var foldRefusal: String?
    /// While apps start from a snapshot: what they report as changed is drawn once they all have.
    private var restoring = false
    /// Sequence numbers up to this one were sent by an earlier process (before a restart) or by the replay: a tab
    /// that last saw one of them gets a resync, never patches it cannot have seen.
    private var resyncFloor: UInt64 = 0

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
        journalStarted = !startsJournal
    }

    /// Whether the store has this room: a room's journal starts with its first entry (a room nobody used leaves
    /// nothing behind), or exists already (a restored room).
    private var journalStarted: Bool

    /// What this room's history lost when a damaged journal was opened (shown on its page and in its history); it
    /// goes on from what could be read, as a fork of it would.
    var damageNotice: String?

    /// Set when the room's journal cannot go on (its snapshot did not restore): the room then refuses events.
    private var localJournalFailure: String?

    /// Why the room's journal takes no more writes (the store failed one, or the room could not go on): the room
    /// then refuses events, since state and journal would part.
    var journalFailure: String? {
        if let localJournalFailure { return localJournalFailure }
        guard journalMode == .store, let store = blueprint.journal else { return nil }
        return store.failure(of: id)?.description
    }

    /// The room's latest queued write: an event is answered once it is done (``pendingWrite``).
    private var lastWrite: JournalTicket?
    /// True while an event's request applies it: that request settles the writes (``settleWrites()``) after.
    private var settlesWrites = false

    /// Has the store commit what this room (and any other) queued: after an event, before its answer.
    func settleWrites() {
        guard journalMode == .store else { return }
        blueprint.journal?.settle()
    }

    /// The store and the room's latest write, while that write is not done yet.
    var pendingWrite: (store: any JournalStore, ticket: JournalTicket)? {
        guard let lastWrite, let store = blueprint.journal, !store.isDone(lastWrite) else { return nil }
        return (store, lastWrite)
    }

    /// Waits until everything the room has written so far is durable: 503 `journal_unavailable` if a write failed.
    nonisolated func written() async throws(HTTPError) {
        guard let pending = perform({ $0.pendingWrite }) else {
            if let failure = perform({ $0.journalFailure }) { throw Self.unwritten(failure) }
            return
        }
        let failure = await withCheckedContinuation { (continuation: CheckedContinuation<JournalError?, Never>) in
            pending.store.whenDone(pending.ticket) { continuation.resume(returning: $0) }
        }
        if let failure { throw Self.unwritten(failure.description) }
    }

    /// What an event whose entry could not be written is answered (503), though the app applied it.
    static func unwritten(_ reason: String) -> HTTPError {
        HTTPError(
            .serviceUnavailable, code: "journal_unavailable",
            message: "This event could not be written to the room's journal (\(reason)); nothing more is accepted.")
    }

    /// The app at `index` of the registry, started on first use.
    private func app(_ index: Int) -> AnyHostedApp {
        if let app = apps[index] { return app }
        let registration = blueprint.registry.apps[index]
        let effects = Effects(isolation: self, mode: replaying ? .replay : .live(record: outcomeRecorder(index)))
        let services = AppServices(
            isolation: self, randomSeed: seed,
            changed: { [weak self] in self?.assumeIsolated { room in room.publishChanges(of: index) } },
            ownBaseURL: blueprint.ownBaseURL(), values: registration.services, effects: effects, turns: turns)
        let app = registration.make(services)
        if replaying { app.holdDeliveries() }
        app.teaching.trace.stepLink = "/rooms/\(id)?at="
        apps[index] = app
        self.effects[index] = effects
        return app
    }

    /// Journals what an effect of app `index` brought back (called in the room job that delivers it).
    private func outcomeRecorder(_ index: Int) -> (EffectOutcome) -> Void {
        { [weak self] outcome in
            self?.assumeIsolated { room in
                room.record(
                    JournalEntry(step: 0, time: 0, kind: .outcome, app: room.blueprint.registry.apps[index].about.id, source: "outside", outcome: outcome),
                    before: room.beforeStep(), client: room.effects[index]?.origin(of: outcome.effect))
            }
        }
    }

    private var appIndices: Range<Int> { 0..<apps.count }

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

    // MARK: - Events

    /// Feeds one decoded input into its app and sends what changed; returns the patch's sequence number.
    func apply(_ input: DecodedInput, source: EventSource, client: String? = nil) throws(HTTPError) -> UInt64 {
        settlesWrites = true
        defer { settlesWrites = false }
        try checkOpen()
        try checkJournal(client: client)
        currentClient = client
        defer { currentClient = nil }
        renderAllIfNeeded()  // drawn before any input (rooms are drawn as they are made), as a replay draws it
        let before = beforeStep()
        let app = app(input.appIndex)
        app.teaching.trace.nextStep = journalMode == .off ? nil : steps + 1  // a room without history links no step
        defer { app.teaching.trace.nextStep = nil }
        do {
            try app.handle(input, from: source)
            if journalMode != .off {  // the envelope is written back only for a journal
                let fields = blueprint.registry.apps[input.appIndex].envelopeFields(of: input).map { JournalEntry.Field(name: $0.name, value: $0.value) }
                record(JournalEntry(step: 0, time: 0, kind: .input, app: input.appID, source: source.rawValue, fields: fields), before: before)
            }
        } catch {
            let status: HTTPStatus =
                switch error.kind {
                case .conflict: .conflict
                case .busy: .serviceUnavailable
                case .notFound: .notFound
                }
            throw HTTPError(status, code: error.code, message: error.message)
        }
        publishChanges(of: input.appIndex)
        return seq
    }

    /// Runs the closure of an app's control, as a press on the page does, and sends what changed; returns the
    /// patch's sequence number. A control that is gone answers 409, a value it does not take 400.
    func perform(_ post: ActionPost, appIndex: Int, client: String? = nil) throws(HTTPError) -> UInt64 {
        settlesWrites = true
        defer { settlesWrites = false }
        try checkOpen()
        try checkJournal(client: client)
        currentClient = client
        defer { currentClient = nil }
        renderAllIfNeeded()
        let before = beforeStep()
        let app = app(appIndex)
        app.teaching.trace.nextStep = journalMode == .off ? nil : steps + 1  // a room without history links no step
        defer { app.teaching.trace.nextStep = nil }
        switch app.perform(action: post.action, value: post.value) {
        case .performed:
            record(
                JournalEntry(
                    step: 0, time: 0, kind: .action, app: blueprint.registry.apps[appIndex].about.id, source: EventSource.browser.rawValue,
                    action: post.action, value: post.value),
                before: before)
            publishChanges(of: appIndex)
            return seq
        case .stale(let message):
            throw HTTPError(.conflict, code: "stale_action", message: message)
        case .invalid(let message):
            throw HTTPError(.badRequest, code: "invalid_action_value", message: message)
        }
    }

    /// Renders the app, sends the fragments that differ from what the tabs show, records the trace figures.
    func publishChanges(of index: Int, traced: Bool = true) {
        renderAndPublish(index, traced: traced)
    }

    /// ``publishChanges(of:traced:)``, returning the app's HTML as rendered (nil when the room draws nothing now);
    /// without `teaching`, what changed in the teaching layer waits for the next change.
    @discardableResult
    private func renderAndPublish(_ index: Int, traced: Bool, teaching: Bool = true) -> String? {
        guard !closed, !restoring else { return nil }
        renderAllIfNeeded()
        let app = app(index)
        let clock = ContinuousClock()
        var rendered = RenderedView(html: "", fragments: [])
        let renderTime = clock.measure { rendered = app.render(contexts[index]) }
        // Taken out of the array before it changes, so its fragment table is not copied on write.
        var view = views[index] ?? PaneView(id: Self.viewID(app))
        views[index] = nil
        var changed = view.update(rendered, seq: seq + 1)
        views[index] = view
        if traced { app.teaching.trace.complete(renderTime: renderTime, bytes: changed.reduce(0) { $0 + $1.html.utf8.count }) }
        if teaching { changed += app.teaching.patches() }
        guard !changed.isEmpty else { return rendered.html }
        seq += 1
        resyncCache = nil
        let message = SSEMessage(event: "patch", id: String(seq), data: changed.map(\.html).joined(separator: "\n"))
        log.append(seq: seq, message: message)
        hub.publish(message)
        return rendered.html
    }

    /// The app's view as the tabs show it: rendered again (the room keeps only hashes of it; a render where nothing
    /// changed is drawn from the views' memos), any change found sent to the tabs first, so a page and the tabs agree.
    private func shownHTML(of index: Int) -> String {
        let html = renderAndPublish(index, traced: false, teaching: false)
        let app = app(index)
        return PaneView.wrapped(html ?? app.render(contexts[index]).html, id: Self.viewID(app))
    }

    /// The id of the element that holds the whole app view (`ev-view`).
    static func viewID(_ app: AnyHostedApp) -> String { "\(app.about.id)-view" }

    // MARK: - Streams

    /// Opens a stream for one tab: `retry:`, then what it missed since `lastEventID` or a full resync.
    func subscribe(lastEventID: UInt64?) throws(HTTPError) -> EventStream {
        try checkOpen()
        renderAllIfNeeded()
        let limits = blueprint.limits
        let stream = EventStream(queueLimit: limits.streamQueueLimit)
        stream.send(.retry(limits.retryMilliseconds))
        if let lastEventID, lastEventID > resyncFloor || seq == 0, let missed = log.messages(after: lastEventID, latest: seq) {
            if missed.isEmpty { stream.send(.comment("up to date at \(seq)")) }
            for message in missed { stream.send(message) }
        } else {
            stream.send(resync())
        }
        hub.add(stream)
        return stream
    }

    /// One message that replaces every app with its current rendering (rendered once per sequence number).
    private func resync() -> SSEMessage {
        if let cache = resyncCache, cache.seq == seq { return cache.message }
        var parts: [String] = []
        for index in appIndices {
            parts.append(shownHTML(of: index))
            parts += app(index).teaching.fragments().map(\.html)
        }
        let message = SSEMessage(event: "patch", id: String(seq), data: parts.joined(separator: "\n"))
        resyncCache = (seq, message)
        return message
    }

    // MARK: - Page and state

    /// The page: every app (or only the one at `only`) rendered from current state, with the sequence number it shows.
    func page(host: String, assets: RoomPage.Assets, only: Int? = nil) throws(HTTPError) -> String {
        try checkOpen()
        renderAllIfNeeded()
        let indices = only.map { [$0] } ?? Array(appIndices)
        // The panes first: drawing them sends any change the tabs have not seen, and the page names the step after it.
        let panes = indices.map { index in
                let viewHTML = shownHTML(of: index)
                let app = app(index)
                let registration = blueprint.registry.apps[index]
                return RoomPage.PaneSection(
                    app: app.about.id, title: app.about.title, summary: app.about.summary,
                    viewHTML: viewHTML,
                    teachingHTML: app.teaching.fragments().map(\.html),
                    curlTwins: registration.examples.map { example in
                        CurlTwin(label: example.label, body: Self.envelopeJSON(app: app.about.id, fields: example.fields))
                    },
                    sourceFiles: blueprint.sources.files(of: app.about))
            }
        return RoomPage(
            room: id, seq: seq, host: host, assets: assets, single: only != nil,
            index: blueprint.registry.apps.map { ($0.about.id, $0.about.title) },
            panes: panes,
            timeline: journalMode != .off,
            notice: damageNotice.map { "This room's journal was damaged and it goes on from what could be read: \($0)." }
        ).html
    }

    /// `{"app":…,"event":…,…arguments}`: an input as the JSON body curl posts.
    static func envelopeJSON(app: String, fields: [(name: String, value: EventArgument)]) -> String {
        JSONValue.object([("app", .string(app))] + fields.map { ($0.name, JSONValue($0.value)) }).text
    }

    /// A JSON object with one key per app.
    func state() throws(HTTPError) -> JSONValue {
        try checkOpen()
        return .object(appIndices.map { index in
            let app = app(index)
            return (app.about.id, JSONValue(encoding: app.snapshot))
        })
    }

    /// Ends every stream and unmounts every app (idle close or shutdown); `forget` deletes its journal (idle close).
    func close(forget: Bool = false) {
        guard !closed else { return }
        closed = true
        hub.finishAll()
        for effects in effects { effects?.stop() }
        for app in apps { app?.unmount() }
        if forget, journalMode == .store, journalStarted { blueprint.journal?.deleteRoom(id) }
        // The apps and their effects hold the room (their isolation): let go of them, so the room is freed.
        apps = apps.map { _ in nil }
        effects = effects.map { _ in nil }
        views = views.map { _ in nil }
        resyncCache = nil
        log = ReplayLog(maxCount: log.maxCount, maxBytes: log.maxBytes)
        memoryHistory = []
    }

    // MARK: - Journal

    /// Appends one entry to the history and the store: durable (under the store's sync mode) before the caller
    /// answers. Entries replayed from the store are not written again.
    private func record(_ entry: JournalEntry, before: BeforeStep, client: String? = nil) {
        guard journalMode != .off, !replaying else { return }
        var entry = entry
        (entry.deliveries, entry.witness) = (before.deliveries, before.witness)
        entry.step = steps + 1
        entry.time = (Date().timeIntervalSince1970 * 1000).rounded() / 1000
        let bytes = keep(entry, writing: journalMode == .store)
        if let client = client ?? (entry.kind == .outcome ? nil : currentClient), blueprint.limits.journalSharePerClient < 100 {
            let key = journalUse[client] != nil || journalUse.count < Self.clientsTracked ? client : ""
            journalUse[key, default: (0, 0)].steps += 1
            journalUse[key, default: (0, 0)].bytes += bytes
        }
    }

    /// The client whose event the room is applying now (nil between events): effects started meanwhile are its.
    private var currentClient: String? {
        didSet { for effects in effects { effects?.origin = currentClient } }
    }
    /// Steps and bytes each client address has added to the journal since this process made or restored the room;
    /// past `clientsTracked` addresses, new ones share one count.
    private var journalUse: [String: (steps: Int, bytes: Int)] = [:]
    static let clientsTracked = 4_096

    /// Counts a step in, and keeps it where this room keeps its history.
    @discardableResult
    private func keep(_ entry: JournalEntry, writing: Bool) -> Int {
        steps += 1
        let json = entry.jsonText
        let bytes = json.utf8.count
        historyBytes += bytes
        if journalMode == .memory { memoryHistory.append(entry) }
        guard writing, journalMode == .store, localJournalFailure == nil, let store = blueprint.journal else { return bytes }
        startJournalIfNeeded(store)
        lastWrite = store.append(id, step: entry.step, entry: json, callerSettles: settlesWrites)
        return bytes
    }

    /// Where a replay shows an app's snapshot: after the first draw, after the app's deliveries reached a count, after
    /// one of its steps, and once the room has finished what ran at the end.
    enum ReplayPoint {
        case draw
        case delivered(Int)
        case step(JournalEntry)
        case finished
    }

    /// What a step records of the room just before it: each app's deliveries, and the witness when it is kept.
    struct BeforeStep {
        var deliveries: [String: Int]
        var witness: [String: String]?
    }

    /// The room now, as the next step records it (call it before the step changes anything).
    private func beforeStep() -> BeforeStep {
        turns.drain()
        guard journalMode != .off else { return BeforeStep(deliveries: [:]) }
        var deliveries: [String: Int] = [:]
        for index in appIndices {
            guard let app = apps[index] else { continue }
            let count = app.deliveries + deliveryBase[index]
            if count > 0 { deliveries[app.about.id] = count }
        }
        return BeforeStep(deliveries: deliveries, witness: blueprint.witness ? witness() : nil)
    }

    /// Each app's fingerprint: its `/state` and the view the tabs show (not the teaching layer, which shows timings),
    /// with the room's own URLs made anonymous so a fork or an import compares equal.
    private func witness() -> [String: String] {
        var prints: [String: String] = [:]
        let ownPath = "/rooms/\(id)/"
        for index in appIndices {
            let app = app(index)
            var hash = FNV1a()
            hash.add(Self.snapshotJSON(app))
            hash.add(shownHTML(of: index).replacingOccurrences(of: ownPath, with: "/rooms/-/"))
            prints[app.about.id] = hash.hex
        }
        return prints
    }

    /// The whole history, oldest first: read back from the store, or from memory; 404 when the server keeps none.
    func history() throws(HTTPError) -> [JournalEntry] {
        switch journalMode {
        case .memory: return memoryHistory
        case .off:
            throw HTTPError(
                .notFound, code: "journal_off", message: "This server keeps no journal (it runs with --no-journal): rooms have no history.")
        case .store:
            guard journalStarted, let store = blueprint.journal else { return [] }
            return try Self.entries(of: id, in: store)
        }
    }

    /// A room's entries read back from the store.
    static func entries(of id: RoomID, in store: any JournalStore) throws(HTTPError) -> [JournalEntry] {
        let unreadable = { (reason: String) in
            HTTPError(.internalServerError, code: "journal_unreadable", message: "This room's journal cannot be read (\(reason)).")
        }
        let texts: [String]
        do { texts = try store.entries(of: id) } catch { throw unreadable(error.description) }
        let decoder = JSONDecoder()
        var entries: [JournalEntry] = []
        entries.reserveCapacity(texts.count)
        for text in texts {
            guard let entry = try? decoder.decode(JournalEntry.self, from: Data(text.utf8)) else { throw unreadable("an entry is not JSON") }
            entries.append(entry)
        }
        return entries
    }

    /// Where the history is: at hand (memory, or nothing written yet), or in the store after `base`.
    enum HistorySource: Sendable {
        case ready(RoomHistory)
        case store(any JournalStore, base: RoomSnapshot?)
    }

    func historySource() throws(HTTPError) -> HistorySource {
        guard journalMode == .store, journalStarted, let store = blueprint.journal else { return .ready(try recordedHistory()) }
        return .store(store, base: base)
    }

    /// The history, read without holding the room: a whole history takes ~0.1 s to read, and the room goes on
    /// meanwhile. Only what says where it is is taken on the room's queue; if the room folded while the store was
    /// read (its base moved), it is read again.
    nonisolated func readHistory() throws(HTTPError) -> RoomHistory {
        for _ in 0..<3 {
            switch try perform({ room in Result { () throws(HTTPError) in try room.historySource() } }).get() {
            case .ready(let history):
                return history
            case .store(let store, let base):
                let entries = try Self.entries(of: id, in: store)
                if perform({ $0.base?.step }) == base?.step { return RoomHistory(base: base, entries: entries) }
            }
        }
        return try perform { room in Result { () throws(HTTPError) in try room.recordedHistory() } }.get()
    }

    /// The whole history as an export document, read as ``readHistory()`` does.
    nonisolated func readExportDocument() throws(HTTPError) -> JournalDocument {
        let history = try readHistory()
        return JournalDocument(
            format: JournalDocument.formatName, version: history.base == nil ? 2 : JournalDocument.currentVersion, room: id.description,
            seed: String(seed), apps: blueprint.registry.ids, base: history.base, entries: history.entries)
    }

    private func startJournalIfNeeded(_ store: any JournalStore) {
        guard !journalStarted else { return }
        lastWrite = store.createRoom(id, seed: seed)
        journalStarted = true
    }

    /// Refuses events once the journal cannot take them: the store failed, the room's history is full, or the client
    /// sending this one has filled its share of it.
    private func checkJournal(client: String? = nil) throws(HTTPError) {
        if let journalFailure {
            throw HTTPError(
                .serviceUnavailable, code: "journal_unavailable",
                message: "This room's journal cannot be written (\(journalFailure)); nothing more is accepted, so nothing acknowledged can be lost.")
        }
        let limits = blueprint.limits
        // Every so many steps a checkpoint, so that waking the room after a crash replays at most that many.
        if stepsSinceCheckpoint >= limits.checkpointSteps { _ = writeCheckpoint() }
        let kept = { (self.steps - (self.base?.step ?? 0), self.historyBytes) }
        // Near the bound the room folds its history into a snapshot, at the first step where no app works inside.
        if kept().0 * 10 >= limits.journalSteps * 9 || kept().1 / 10 >= limits.journalBytes / 100 * 9 { foldIfPossible() }
        if kept().0 >= limits.journalSteps || kept().1 >= limits.journalBytes {
            if journalMode == .store, foldRefusal == nil {
                throw HTTPError(
                    .serviceUnavailable, code: "journal_folding",
                    message: "This room's history is at its bound (\(limits.journalSteps) steps or \(limits.journalBytes / 1024) KB) and is folded into a snapshot as soon as the work running inside its apps (a VVSI action) has finished; send it again in a second.",
                    headers: ["Retry-After": "1"])
            }
            throw HTTPError(
                .conflict, code: "journal_full",
                message: "This room's history is full (\(limits.journalSteps) steps or \(limits.journalBytes / 1024) KB) and cannot be folded (\(foldRefusal ?? "it is not kept in a store")); fork it at an earlier step (POST /rooms/\(id)/fork) or open / for a new room.")
        }
        guard journalMode != .off, let client, limits.journalSharePerClient < 100 else { return }
        let used = journalUse[client] ?? (journalUse.count >= Self.clientsTracked ? journalUse[""] : nil) ?? (0, 0)
        let share = (steps: max(1, limits.journalSteps * limits.journalSharePerClient / 100), bytes: max(1, limits.journalBytes / 100 * limits.journalSharePerClient))
        if used.steps >= share.steps || used.bytes >= share.bytes {
            throw HTTPError(
                .conflict, code: "journal_share_used",
                message: "This client has written its share of this room's history (\(limits.journalSharePerClient) %: \(used.steps) of \(share.steps) steps, \(used.bytes / 1024) of \(share.bytes / 1024) KB); the room goes on for everyone else. Fork it (POST /rooms/\(id)/fork) to go on in a room of your own.")
        }
    }

    /// Applies `entries` in order to this fresh room, with the outside turned off: inputs go to their apps, recorded
    /// outcomes to the effects that wait for them, and before each step the apps' deliveries are applied up to the
    /// count it recorded (so they fall between the same steps). `following` is the step after the last one (a past
    /// page or a fork): deliveries run up to its count, which is the room as it was until that step. Then the room
    /// goes live. Throws 422 naming the first step that does not apply (an import that does not fit the apps).
    /// A step whose recorded witness differs from the replay's is a divergence: the replay goes on, then throws it
    /// (`divergence` is its status: 500 for the server's own history, 422 for an import).
    /// `observe` hears an app's snapshot (JSON, keys sorted) at each ``ReplayPoint`` that concerns it.
    func replay(
        _ entries: some Collection<JournalEntry>, following: JournalEntry? = nil, writing: Bool,
        divergence status: HTTPStatus = .internalServerError, observe: ((ReplayPoint, Int, String) -> Void)? = nil
    ) async throws(HTTPError) {
        var failure: HTTPError?
        var diverged: HTTPError?
        replaying = true
        renderAllIfNeeded()
        if let observe { for index in appIndices { observe(.draw, index, Self.snapshotJSON(app(index))) } }
        for entry in entries {
            do throws(HTTPError) {
                try await catchUp(to: entry, status: status, diverged: &diverged, observe: observe)
                try applyRecorded(entry, writing: writing)
            } catch {
                failure = error
                break
            }
            for _ in 0..<4 { await Task.yield() }
            if let observe, let index = blueprint.registry.index(of: entry.app) { observe(.step(entry), index, Self.snapshotJSON(app(index))) }
        }
        if failure == nil, let following {
            do throws(HTTPError) { try await catchUp(to: following, status: status, diverged: &diverged) } catch { failure = error }
        }
        replaying = false
        // A past page stays where the step after it found the room; a room that goes on (or shows the latest step)
        // lets its apps finish what runs.
        if journalMode != .memory || following == nil {
            for app in apps { app?.releaseDeliveries() }
        }
        if following == nil {
            await settle()
            if let observe { for index in appIndices { observe(.finished, index, Self.snapshotJSON(app(index))) } }
        }
        // A room drawn only to show the past stays replayed; a restored, forked or imported one goes live (a fork or an
        // import that failed is discarded, so its effects never start).
        if journalMode != .memory, (failure ?? diverged) == nil || !writing {
            for (index, effects) in effects.enumerated() { effects?.goLive(record: outcomeRecorder(index)) }
        }
        resyncFloor = seq
        if let failure = failure ?? diverged { throw failure }
    }

    /// Brings the replayed room to where it was just before `entry`: each app's deliveries up to the recorded count
    /// (an entry without counts, version 1, waits until the apps are idle), then the witness, if recorded, compared.
    private func catchUp(
        to entry: JournalEntry, status: HTTPStatus, diverged: inout HTTPError?, observe: ((ReplayPoint, Int, String) -> Void)? = nil
    ) async throws(HTTPError) {
        if let deliveries = entry.deliveries {
            for index in appIndices {
                let app = app(index)
                let target = deliveries[app.about.id] ?? 0
                let applied = { app.deliveries + self.deliveryBase[index] }
                guard applied() != target else { continue }
                guard target >= deliveryBase[index], await app.deliver(upTo: target - deliveryBase[index]) else {
                    throw HTTPError(
                        .unprocessableContent, code: "invalid_step",
                        message: "Before step \(entry.step), \(quoted(app.about.id)) had applied \(target) deliveries; the replay reaches \(applied()).")
                }
                observe?(.delivered(target), index, Self.snapshotJSON(app))
            }
        } else {
            for app in apps {
                app?.releaseDeliveries()
                await app?.settle()
                app?.holdDeliveries()
            }
        }
        for _ in 0..<4 { await Task.yield() }
        turns.drain()
        guard let recorded = entry.witness, diverged == nil else { return }
        let now = witness()
        if let app = blueprint.registry.ids.first(where: { recorded[$0] != nil && recorded[$0] != now[$0] }) {
            diverged = HTTPError(
                status, code: "replay_diverged",
                message: "Replaying step \(entry.step) met \(quoted(app)) in another state than the recorded one (its state or view before that step differs).")
        }
    }

    /// One recorded step, applied as it was live.
    private func applyRecorded(_ entry: JournalEntry, writing: Bool) throws(HTTPError) {
        let step = "step \(entry.step) (\(entry.kind.rawValue) \(quoted(entry.event)) of \(quoted(entry.app)))"
        guard let index = blueprint.registry.index(of: entry.app) else {
            throw HTTPError(.unprocessableContent, code: "unknown_app", message: "\(step): there is no such app; apps: \(blueprint.registry.ids.joined(separator: ", ")).")
        }
        let app = app(index)
        app.teaching.trace.nextStep = journalMode == .off ? nil : steps + 1  // a room without history links no step
        defer { app.teaching.trace.nextStep = nil }
        switch entry.kind {
        case .input:
            var arguments: [String: EventArgument] = [:]
            for field in entry.fields ?? [] where field.name != "event" { arguments[field.name] = field.value }
            let input: DecodedInput
            do {
                input = try blueprint.registry.decode(app: entry.app, event: entry.event, arguments: arguments)
            } catch {
                let reason = switch error {
                case .unknownApp: "unknown app"
                case .invalidInput(let refusal): refusal.message
                }
                throw HTTPError(.unprocessableContent, code: "invalid_step", message: "\(step) is not an input the app accepts: \(reason)")
            }
            do {
                try app.handle(input, from: EventSource(rawValue: entry.source) ?? .http)
            } catch {
                throw HTTPError(.unprocessableContent, code: "invalid_step", message: "\(step) was refused by the app: \(error.message)")
            }
        case .action:
            guard case .performed = app.perform(action: entry.action ?? "", value: entry.value) else {
                throw HTTPError(.unprocessableContent, code: "invalid_step", message: "\(step): no control of the app takes that press at this point.")
            }
        case .outcome:
            guard let outcome = entry.outcome, effects[index]?.complete(outcome) == true else {
                throw HTTPError(
                    .unprocessableContent, code: "invalid_step", message: "\(step): no effect of the app waits for this outcome at this point.")
            }
        }
        // Nothing records itself while replaying: the room keeps the step as it was recorded.
        var kept = entry
        kept.step = steps + 1
        keep(kept, writing: writing)
        publishChanges(of: index)
    }

    /// Waits until every app has finished what the last step started inside it, and the room's own queued jobs ran.
    func settle() async {
        for app in apps { await app?.settle() }
        for _ in 0..<4 { await Task.yield() }
    }

    /// An app's snapshot as JSON with sorted keys (what a generated test compares).
    static func snapshotJSON(_ app: AnyHostedApp) -> String {
        (try? journalEncoder.encode(EncodableBox(app.snapshot))).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }

    static let journalEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    // MARK: - Folding

    /// The earliest step kept and the latest, without reading the history (404 `journal_off` when none is kept).
    func historyBounds() throws(HTTPError) -> (first: Int, last: Int) {
        if journalMode == .off { _ = try history() }
        return (base?.step ?? 0, steps)
    }

    /// The history as the journal keeps it: the snapshot, if the room folded, and the steps after it.
    func recordedHistory() throws(HTTPError) -> RoomHistory {
        RoomHistory(base: base, entries: try history())
    }

    /// Starts this fresh room's apps from `snapshot`, with the outside off as in a replay (``replay(_:following:writing:divergence:observe:)``
    /// of the steps after it follows, and takes the room live). 422 `invalid_snapshot` when an app is missing or
    /// refuses its checkpoint.
    func restore(from snapshot: RoomSnapshot) throws(HTTPError) {
        try startApps(from: snapshot, firstStep: snapshot.step)
        base = snapshot
    }

    /// Starts this fresh room's apps from its checkpoint (taken as it hibernated), over `base`, the snapshot its
    /// history starts from: the steps stay, so the history is still the base and every step after it.
    func restore(checkpoint: RoomSnapshot, base: RoomSnapshot?) throws(HTTPError) {
        try startApps(from: checkpoint, firstStep: base?.step ?? 0)
        self.base = base
        for index in appIndices { deliveryBase[index] = checkpoint.deliveries?[blueprint.registry.apps[index].about.id] ?? 0 }
        historyBytes = checkpoint.historyBytes ?? 0
        lastCheckpoint = checkpoint.step
    }

    private func startApps(from snapshot: RoomSnapshot, firstStep: Int) throws(HTTPError) {
        let invalid = { (reason: String) in
            HTTPError(.unprocessableContent, code: "invalid_snapshot", message: "The snapshot of steps 1…\(snapshot.step) cannot be restored: \(reason).")
        }
        if let unknown = snapshot.apps.keys.sorted().first(where: { blueprint.registry.index(of: $0) == nil }) {
            throw invalid("it names the app \(quoted(unknown)); this playground has \(blueprint.registry.ids.joined(separator: ", "))")
        }
        guard snapshot.step >= 1, snapshot.step < 1 << 31 else { throw invalid("its step \(snapshot.step) is not 1…\(1 << 31 - 1)") }
        let wasReplaying = replaying
        (replaying, restoring) = (true, true)
        defer { (replaying, restoring) = (wasReplaying, false) }
        for index in appIndices {
            guard apps[index] == nil else {
                throw HTTPError(.internalServerError, code: "room_started", message: "A snapshot is restored only into a room whose apps have not started.")
            }
            let app = app(index)
            guard let part = snapshot.apps[app.about.id] else { throw invalid("it has no checkpoint of \(quoted(app.about.id))") }
            do { try app.restore(part.state) } catch { throw invalid(error.description) }
            app.teaching.restore(part.teaching, firstStep: firstStep)
        }
        turns.drain()
        restoring = false
        renderAllIfNeeded()
        steps = snapshot.step
    }

    /// ``restore(from:)``, and the snapshot written as this new room's journal (a fork or an import of a folded room).
    func restoreAndKeep(_ snapshot: RoomSnapshot) throws(HTTPError) {
        try restore(from: snapshot)
        guard journalMode == .store, let store = blueprint.journal else { return }
        startJournalIfNeeded(store)
        lastWrite = store.fold(id, through: snapshot.step, snapshot: snapshot.jsonText)
    }

    /// Folds the whole history into a snapshot of the room now, if no app works inside (a VVSI action): the store
    /// swaps steps 1…now for it in one transaction, and the room goes on from the snapshot restored into fresh apps —
    /// as a restart will find it: a request that was waiting for its answer is sent again — and patches the tabs with
    /// what that redrew.
    /// A snapshot is kept only if a room nobody sees restores it to the same `/state`; else the room never folds.
    private func foldIfPossible() {
        guard journalMode == .store, !replaying, foldRefusal == nil, journalFailure == nil, journalStarted, let store = blueprint.journal,
            steps > (base?.step ?? 0)
        else { return }
        turns.drain()
        var parts: [String: RoomSnapshot.App] = [:]
        for index in appIndices {
            let app = app(index)
            guard let state = app.checkpoint() else { return }
            parts[app.about.id] = RoomSnapshot.App(state: state, teaching: app.teaching.checkpoint())
        }
        let snapshot = RoomSnapshot(step: steps, time: (Date().timeIntervalSince1970 * 1000).rounded() / 1000, apps: parts)
        guard let live = try? state() else { return }
        let trial = Room(id: id, blueprint: blueprint, seed: seed, persists: false)
        let restored = trial.perform { room in Result { () throws(HTTPError) -> JSONValue in try room.restore(from: snapshot); return try room.state() } }
        trial.perform { $0.close() }
        switch restored {
        case .success(let state) where state == live: break
        case .success: foldRefusal = "its snapshot restored to another state"
        case .failure(let error): foldRefusal = error.message
        }
        if let foldRefusal {
            Self.foldLogger.error("room \(id) cannot fold its history", metadata: ["reason": "\(foldRefusal)"])
            return
        }
        lastWrite = store.fold(id, through: snapshot.step, snapshot: snapshot.jsonText)
        for index in appIndices {
            effects[index]?.stop()
            apps[index]?.unmount()
            (apps[index], effects[index], deliveryBase[index]) = (nil, nil, 0)
        }
        do {
            try restore(from: snapshot)
        } catch {
            localJournalFailure = "its snapshot did not restore (\(error.message))"
            return
        }
        for app in apps { app?.releaseDeliveries() }
        for (index, effects) in effects.enumerated() { effects?.goLive(record: outcomeRecorder(index)) }
        historyBytes = 0
        journalUse.removeAll()
        for index in appIndices { publishChanges(of: index, traced: false) }
    }

    private static let foldLogger = Logger(label: "playground.journal")

    // MARK: - Hibernation

    /// The step of the room's latest checkpoint (0: none since its snapshot).
    private var lastCheckpoint = 0

    /// Ends the room to hibernate it: its effects stop (an answer still awaited is asked for again when it wakes, as
    /// after a restart), and a checkpoint of it now is written if steps came since the last one, so that waking it
    /// replays only the steps after. The checkpoint is kept only if a room nobody sees restores it to the same
    /// `/state`; else the room wakes from its last good checkpoint (or its snapshot) and replays more.
    /// Returns whether a checkpoint was written.
    @discardableResult
    func hibernate() -> Bool {
        guard !closed else { return false }
        defer { close() }  // on the room's executor: no effect delivers between the checkpoint and the close
        return writeCheckpoint()
    }

    /// Starts this fresh room's sequence numbers after `floor`: a room woken from its journal numbers its patches
    /// above any its earlier life sent, so a tab that reconnects with one of those gets a resync, never patches it
    /// did not miss.
    func startSequence(after floor: UInt64) {
        guard seq < floor else { return }
        (seq, resyncFloor) = (floor, floor)
    }

    /// Steps since the room's latest checkpoint or snapshot: what waking it would replay.
    var stepsSinceCheckpoint: Int { steps - max(lastCheckpoint, base?.step ?? 0) }

    /// Writes a checkpoint of the room now, if steps came since the last and it restores to the same `/state`.
    private func writeCheckpoint() -> Bool {
        guard !closed, journalMode == .store, !replaying, journalStarted, journalFailure == nil, let store = blueprint.journal,
            stepsSinceCheckpoint > 0
        else { return false }
        turns.drain()
        var parts: [String: RoomSnapshot.App] = [:]
        var deliveries: [String: Int] = [:]
        for index in appIndices {
            let app = app(index)
            guard let state = app.checkpoint() else { return false }
            parts[app.about.id] = RoomSnapshot.App(state: state, teaching: app.teaching.checkpoint())
            deliveries[app.about.id] = app.deliveries + deliveryBase[index]
        }
        let checkpoint = RoomSnapshot(
            step: steps, time: (Date().timeIntervalSince1970 * 1000).rounded() / 1000, apps: parts, deliveries: deliveries,
            historyBytes: historyBytes)
        guard let live = try? state() else { return false }
        let trial = Room(id: id, blueprint: blueprint, seed: seed, persists: false)
        let restored = trial.perform { room in
            Result { () throws(HTTPError) -> JSONValue in try room.restore(checkpoint: checkpoint, base: nil); return try room.state() }
        }
        trial.perform { $0.close() }
        guard case .success(let state) = restored, state == live else {
            Self.foldLogger.warning("room \(id) hibernates without a checkpoint: it did not restore to the same state")
            return false
        }
        store.checkpoint(id, at: steps, snapshot: checkpoint.jsonText)
        lastCheckpoint = steps
        return true
    }

    // MARK: - Internal

    private func checkOpen() throws(HTTPError) {
        if closed {
            throw HTTPError(.notFound, code: "unknown_room", message: "This room has closed; open / to get a new one.")
        }
    }

    /// Draws every app, unless the room is drawn already.
    func drawIfNeeded() {
        renderAllIfNeeded()
    }

    /// Renders every app the first time the room is looked at.
    private func renderAllIfNeeded() {
        guard views.allSatisfy({ $0 == nil }) else { return }
        for index in appIndices {
            let app = app(index)
            var view = PaneView(id: Self.viewID(app))
            _ = view.update(app.render(contexts[index]), seq: seq)  // nothing is sent: nothing the tabs keep
            views[index] = view
            _ = app.teaching.patches()  // the page and a resync carry all of it
        }
    }
}

private struct EncodableBox: Encodable {
    let value: any Encodable
    init(_ value: any Encodable) { self.value = value }
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}

/// An input a pane's page can fire, as a curl command's JSON body.
struct CurlTwin: Sendable {
    /// What the page calls it ("Change colors").
    let label: String
    /// The JSON body, e.g. `{"app":"ev","event":"changeBothSidesColors"}`.
    let body: String
}
