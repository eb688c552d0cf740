import ListViewVVSI
import MovieSearchMVI
import PlaygroundHTTP
import PlaygroundUI
import Synchronization

/// A room: the playground's "app process". It holds one instance of every sample app, and
/// everything the seeds do on the main thread runs here, on the room's own serial executor.
///
/// Each change is rendered once, diffed against what the tabs already show, framed once as an
/// SSE `patch` message and handed to every subscriber as the same bytes.
actor Room {
    /// Sizes a room works within.
    struct Limits: Sendable {
        var streamQueueLimit = 64
        var replayCount = 32
        var replayBytes = 64 * 1024
        var retryMilliseconds = 2_000
        /// Events the whole room accepts (every client together), so one room cannot take a whole core.
        var eventBudget = EventBudget.unlimited
    }

    nonisolated let id: RoomID
    /// The room's subscribers (one stream per browser tab or `curl -N`).
    nonisolated let hub = EventStreamHub()
    /// The room's event budget, checked on the server thread before the event reaches the room's queue.
    private nonisolated let eventBucket: Mutex<TokenBucket?>
    private let executor: RoomExecutor
    private let limits: Limits
    private let context: RenderContext
    private var seq: UInt64 = 0
    private var log: ReplayLog
    /// What the tabs show now of each pane's view (the teaching layer tracks its own changes).
    private var views: [String: PaneView] = [:]
    private var resyncCache: (seq: UInt64, message: SSEMessage)?
    private var closed = false

    let ev: EVPane
    /// Made on first use, inside the room's isolation (its runtime needs the room as its actor).
    private lazy var vvsi: VVSIPane = makeVVSIPane()
    private lazy var mvi: MVIPane = makeMVIPane()
    private let movieRepository: any MovieRepository
    private let samples: SampleSettings
    private let sources: SampleSources

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    init(id: RoomID, limits: Limits, samples: SampleSettings, sources: SampleSources, movieRepository: any MovieRepository) {
        self.id = id
        self.limits = limits
        self.executor = RoomExecutor(label: "playground.room.\(id)")
        self.log = ReplayLog(maxCount: max(1, min(limits.replayCount, limits.streamQueueLimit - 2)), maxBytes: limits.replayBytes)
        self.context = RenderContext(formAction: "/rooms/\(id)/events")
        self.samples = samples
        self.sources = sources
        self.movieRepository = movieRepository
        self.eventBucket = Mutex(limits.eventBudget.isLimited ? limits.eventBudget.makeBucket(now: .now) : nil)
        self.ev = EVPane(randomSeed: samples.randomSeed.map { $0 ^ id.hashSeed }, sourceFiles: sources.files(of: "RandomColorEV"))
    }

    /// Every pane, in page order.
    private var panes: [any Pane] { [ev, vvsi, mvi] }

    private func makeVVSIPane() -> VVSIPane {
        let pane = VVSIPane(
            isolation: self, randomSeed: samples.randomSeed.map { $0 ^ id.hashSeed }, sourceFiles: sources.files(of: "ListView"))
        pane.onChange = { [weak self] in
            self?.assumeIsolated { room in room.publishChanges(of: room.vvsi) }
        }
        return pane
    }

    private func makeMVIPane() -> MVIPane {
        let pane = MVIPane(
            isolation: self, repository: movieRepository, randomSeed: samples.randomSeed.map { $0 ^ id.hashSeed },
            sourceFiles: sources.files(of: "MovieSearch"))
        pane.onChange = { [weak self] in
            self?.assumeIsolated { room in room.publishChanges(of: room.mvi) }
        }
        return pane
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
        throw HTTPError(
            .tooManyRequests, code: "too_many_events_in_room",
            message: "This room receives events faster than \(limits.eventBudget.describe) allows; wait \(wait.retryAfterSeconds) s (Retry-After).",
            headers: ["Retry-After": String(wait.retryAfterSeconds)])
    }

    /// The current sequence number: the `id:` of the last patch sent.
    var sequence: UInt64 { seq }

    // MARK: - Events

    /// Feeds one decoded event into its app and sends what changed; returns the patch's sequence number.
    func apply(_ event: AppEvent, source: EventSource) throws(HTTPError) -> UInt64 {
        try checkOpen()
        switch event {
        case .ev(let event):
            ev.handle(event, source: source)
            publishChanges(of: ev)
        case .vvsi(let event):
            try vvsi.handle(event, source: source)
            publishChanges(of: vvsi)
        case .mvi(let event):
            try mvi.handle(event, source: source)
            publishChanges(of: mvi)
        }
        return seq
    }

    /// Renders `pane`, sends the fragments that differ from what the tabs show, records the trace figures.
    func publishChanges(of pane: any Pane) {
        guard !closed else { return }
        renderAllIfNeeded()
        let clock = ContinuousClock()
        var rendered = RenderedView(html: "", fragments: [])
        let renderTime = clock.measure { rendered = pane.renderView(context) }
        var changed = views[pane.app, default: PaneView(id: pane.viewID)].update(rendered)
        pane.teaching.trace.complete(renderTime: renderTime, bytes: changed.reduce(0) { $0 + $1.html.utf8.count })
        changed += pane.teaching.patches()
        guard !changed.isEmpty else { return }
        seq += 1
        let message = SSEMessage(event: "patch", id: String(seq), data: changed.map(\.html).joined(separator: "\n"))
        log.append(seq: seq, message: message)
        hub.publish(message)
    }

    // MARK: - Streams

    /// Opens a stream for one tab: `retry:`, then what it missed since `lastEventID` or a full resync.
    func subscribe(lastEventID: UInt64?) throws(HTTPError) -> EventStream {
        try checkOpen()
        renderAllIfNeeded()
        let stream = EventStream(queueLimit: limits.streamQueueLimit)
        stream.send(.retry(limits.retryMilliseconds))
        if let lastEventID, let missed = log.messages(after: lastEventID, latest: seq) {
            if missed.isEmpty { stream.send(.comment("up to date at \(seq)")) }
            for message in missed { stream.send(message) }
        } else {
            stream.send(resync())
        }
        hub.add(stream)
        return stream
    }

    /// One message that replaces every pane with its current rendering (rendered once per sequence number).
    private func resync() -> SSEMessage {
        if let cache = resyncCache, cache.seq == seq { return cache.message }
        var parts: [String] = []
        for pane in panes {
            parts.append(views[pane.app]?.wrappedHTML ?? "")
            parts += pane.teaching.fragments().map(\.html)
        }
        let message = SSEMessage(event: "patch", id: String(seq), data: parts.joined(separator: "\n"))
        resyncCache = (seq, message)
        return message
    }

    // MARK: - Page and state

    /// The whole page, every pane rendered from current state, with the sequence number it shows.
    func page(host: String, assets: RoomPage.Assets) throws(HTTPError) -> String {
        try checkOpen()
        renderAllIfNeeded()
        return RoomPage(
            room: id, seq: seq, host: host, assets: assets,
            panes: panes.map { pane in
                RoomPage.PaneSection(
                    app: pane.app, title: pane.title, summary: pane.summary,
                    viewHTML: views[pane.app]?.wrappedHTML ?? "",
                    teachingHTML: pane.teaching.fragments().map(\.html),
                    curlTwins: pane.curlTwins, sourceFiles: pane.sourceFiles)
            }
        ).html
    }

    /// A JSON object with one key per app.
    func state() throws(HTTPError) -> JSONValue {
        try checkOpen()
        return .object(panes.map { ($0.app, $0.snapshot) })
    }

    /// Ends every stream and unmounts every app (idle close or shutdown).
    func close() {
        guard !closed else { return }
        closed = true
        hub.finishAll()
        for pane in panes { pane.unmount() }
    }

    // MARK: - Internal

    private func checkOpen() throws(HTTPError) {
        if closed {
            throw HTTPError(.notFound, code: "unknown_room", message: "This room has closed; open / to get a new one.")
        }
    }

    /// Renders every pane the first time the room is looked at.
    private func renderAllIfNeeded() {
        guard views.isEmpty else { return }
        for pane in panes {
            _ = views[pane.app, default: PaneView(id: pane.viewID)].update(pane.renderView(context))
            _ = pane.teaching.patches()  // the page and a resync carry all of it
        }
    }
}
