import AppSeam
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
        var replayBytes = 64 * 1024
        var retryMilliseconds = 2_000
        /// Events the whole room accepts (every client together), so one room cannot take a whole core.
        var eventBudget = EventBudget.unlimited
    }

    /// What every room is made from: the apps, their sample sources, the room settings.
    struct Blueprint: Sendable {
        let registry: AppRegistry
        let sources: SampleSources
        let limits: Limits
        let randomSeed: UInt64?
        /// The playground's own base URL, fixed once the server is bound.
        let ownBaseURL: @Sendable () -> String
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
    /// What the tabs show now of each app's view, by app index (the teaching layer tracks its own changes).
    private var views: [PaneView?]
    private var resyncCache: (seq: UInt64, message: SSEMessage)?
    private var closed = false

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    init(id: RoomID, blueprint: Blueprint) {
        self.id = id
        self.blueprint = blueprint
        let limits = blueprint.limits
        self.executor = RoomExecutor(label: "playground.room.\(id)")
        self.log = ReplayLog(maxCount: max(1, min(limits.replayCount, limits.streamQueueLimit - 2)), maxBytes: limits.replayBytes)
        self.contexts = blueprint.registry.apps.map { app in
            RenderContext(
                formAction: "/rooms/\(id)/events", actionURL: "/rooms/\(id)/actions", actionFields: [FormField("app", app.about.id)])
        }
        self.eventBucket = Mutex(limits.eventBudget.isLimited ? limits.eventBudget.makeBucket(now: .now) : nil)
        self.apps = Array(repeating: nil, count: blueprint.registry.apps.count)
        self.views = Array(repeating: nil, count: blueprint.registry.apps.count)
    }

    /// The app at `index` of the registry, started on first use.
    private func app(_ index: Int) -> AnyHostedApp {
        if let app = apps[index] { return app }
        let registration = blueprint.registry.apps[index]
        let services = AppServices(
            isolation: self, randomSeed: blueprint.randomSeed.map { $0 ^ id.hashSeed },
            changed: { [weak self] in self?.assumeIsolated { room in room.publishChanges(of: index) } },
            ownBaseURL: blueprint.ownBaseURL(), values: registration.services)
        let app = registration.make(services)
        apps[index] = app
        return app
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
    func apply(_ input: DecodedInput, source: EventSource) throws(HTTPError) -> UInt64 {
        try checkOpen()
        do {
            try app(input.appIndex).handle(input, from: source)
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
    func perform(_ post: ActionPost, appIndex: Int) throws(HTTPError) -> UInt64 {
        try checkOpen()
        renderAllIfNeeded()
        switch app(appIndex).perform(action: post.action, value: post.value) {
        case .performed:
            publishChanges(of: appIndex)
            return seq
        case .stale(let message):
            throw HTTPError(.conflict, code: "stale_action", message: message)
        case .invalid(let message):
            throw HTTPError(.badRequest, code: "invalid_action_value", message: message)
        }
    }

    /// Renders the app, sends the fragments that differ from what the tabs show, records the trace figures.
    func publishChanges(of index: Int) {
        guard !closed else { return }
        renderAllIfNeeded()
        let app = app(index)
        let clock = ContinuousClock()
        var rendered = RenderedView(html: "", fragments: [])
        let renderTime = clock.measure { rendered = app.render(contexts[index]) }
        // Taken out of the array before it changes, so its fragment table is not copied on write.
        var view = views[index] ?? PaneView(id: Self.viewID(app))
        views[index] = nil
        var changed = view.update(rendered)
        views[index] = view
        app.teaching.trace.complete(renderTime: renderTime, bytes: changed.reduce(0) { $0 + $1.html.utf8.count })
        changed += app.teaching.patches()
        guard !changed.isEmpty else { return }
        seq += 1
        let message = SSEMessage(event: "patch", id: String(seq), data: changed.map(\.html).joined(separator: "\n"))
        log.append(seq: seq, message: message)
        hub.publish(message)
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
        if let lastEventID, let missed = log.messages(after: lastEventID, latest: seq) {
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
            parts.append(views[index]?.wrappedHTML ?? "")
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
        return RoomPage(
            room: id, seq: seq, host: host, assets: assets, single: only != nil,
            index: blueprint.registry.apps.map { ($0.about.id, $0.about.title) },
            panes: indices.map { index in
                let app = app(index)
                let registration = blueprint.registry.apps[index]
                return RoomPage.PaneSection(
                    app: app.about.id, title: app.about.title, summary: app.about.summary,
                    viewHTML: views[index]?.wrappedHTML ?? "",
                    teachingHTML: app.teaching.fragments().map(\.html),
                    curlTwins: registration.examples.map { example in
                        CurlTwin(label: example.label, body: Self.envelopeJSON(app: app.about.id, fields: example.fields))
                    },
                    sourceFiles: blueprint.sources.files(of: app.about))
            }
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

    /// Ends every stream and unmounts every app (idle close or shutdown).
    func close() {
        guard !closed else { return }
        closed = true
        hub.finishAll()
        for app in apps { app?.unmount() }
    }

    // MARK: - Internal

    private func checkOpen() throws(HTTPError) {
        if closed {
            throw HTTPError(.notFound, code: "unknown_room", message: "This room has closed; open / to get a new one.")
        }
    }

    /// Renders every app the first time the room is looked at.
    private func renderAllIfNeeded() {
        guard views.allSatisfy({ $0 == nil }) else { return }
        for index in appIndices {
            let app = app(index)
            var view = PaneView(id: Self.viewID(app))
            _ = view.update(app.render(contexts[index]))
            views[index] = view
            _ = app.teaching.patches()  // the page and a resync carry all of it
        }
    }
}

/// An input a pane's page can fire, as a curl command's JSON body.
struct CurlTwin: Sendable {
    /// What the page calls it ("Change colors").
    let label: String
    /// The JSON body, e.g. `{"app":"ev","event":"changeBothSidesColors"}`.
    let body: String
}
