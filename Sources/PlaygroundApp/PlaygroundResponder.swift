import AppSeam
import PlaygroundHTTP
import PlaygroundJournal
import Prometheus
import Synchronization

/// The playground's HTTP surface (DESIGN.md "HTTP surface"): routes requests to rooms, static files and health.
///
/// Everything that needs no room state (lookup, parsing, validation) is answered at once on the
/// server's thread; work on a room runs on the room's executor (a short synchronous job).
final class PlaygroundResponder: HTTPResponder {
    let rooms: RoomRegistry
    let files: StaticFiles
    private let health: Health
    private let router: Router
    private let instruments: AppInstruments

    init(
        rooms: RoomRegistry, blueprint: Room.Blueprint, files: StaticFiles, backEnds: [BackEndRoute], clientLimiter: ClientEventLimiter,
        metrics: PrometheusCollectorRegistry, instruments: AppInstruments, journalDamage: JournalDamageLedger? = nil, threads: Int = 2,
        replayBudget: EventBudget, importBudget: EventBudget
    ) {
        self.rooms = rooms
        self.files = files
        self.instruments = instruments
        let health = Health(rooms: rooms, journalDamage: journalDamage)
        let assets = Self.assets(files)
        self.health = health
        var router = Router()
        let sources = blueprint.sources
        let journal = JournalRoutes(
            rooms: rooms, blueprint: blueprint, assets: assets, threads: threads, replayBudget: replayBudget,
            importBudget: importBudget)
        let presenters = PresenterGate(ledger: blueprint.presenters)
        router.add(.get, "/") { request, _ in Self.newRoom(rooms, request) }
        router.add(.get, "/healthz") { _, _ in health.response() }
        router.add(.get, "/metrics") { _, _ in
            var response = HTTPResponse(status: .ok, body: metrics.emitToBuffer())
            response.headers["Content-Type"] = "text/plain; version=0.0.4; charset=utf-8"
            return .response(response.adding("Cache-Control", "no-store"))
        }
        for route in backEnds {
            router.add(.get, route.path) { request, parameters in .response(route.answer(request, parameters)) }
        }
        router.add(.get, "/rooms/:room") { request, parameters in
            // A browser that follows an old link gets a page that says what happened, not JSON.
            if EventSource.prefersHTML(request), (try? rooms.room(parameters["room"] ?? "")) == nil {
                return .response(.html(.notFound, RoomPage.closedRoomHTML).withPageHeaders())
            }
            if let step = request.queryValue("at") {
                return Self.answering { () throws(HTTPError) -> HTTPResult in
                    try journal.pastPage(
                        try rooms.room(parameters["room"] ?? ""), at: step, host: PlaygroundResponder.displayHost(request),
                        client: request.clientAddress)
                }
            }
            if let step = request.queryValue("step") { return Self.stepThrough(rooms, parameters, request, step: step, assets: assets) }
            let presenter = presenters.isPresenter(request, room: parameters["room"])
            return Self.withRoom(rooms, parameters) { room in
                let host = PlaygroundResponder.displayHost(request)
                return .response(.html(.ok, room.presenting(try room.page(host: host, assets: assets), presenter: presenter)).withPageHeaders())
            }
        }
        router.add(.get, "/rooms/:room/apps/:app") { request, parameters in
            Self.withApp(rooms, parameters) { index in
                if let step = request.queryValue("at") {
                    return Self.answering { () throws(HTTPError) -> HTTPResult in
                        try journal.pastPage(
                            try rooms.room(parameters["room"] ?? ""), at: step, host: PlaygroundResponder.displayHost(request),
                            client: request.clientAddress, app: (index, rooms.apps.apps[index].about.id))
                    }
                }
                if let step = request.queryValue("step") { return Self.stepThrough(rooms, parameters, request, step: step, assets: assets) }
                let presenter = presenters.isPresenter(request, room: parameters["room"])
                return Self.withRoom(rooms, parameters) { room in
                    let host = PlaygroundResponder.displayHost(request)
                    let page = try room.page(host: host, assets: assets, only: index)
                    return .response(.html(.ok, room.presenting(page, presenter: presenter)).withPageHeaders())
                }
            }
        }
        router.add(.get, "/rooms/:room/apps/:app/steps/:step") { request, parameters in
            Self.withApp(rooms, parameters) { index in
                Self.answering { () throws(HTTPError) -> HTTPResult in
                    let (step, stage) = try Self.stepThrough(parameters["step"] ?? "", stage: request.queryValue("stage"))
                    let html = EventSource.prefersHTML(request)
                    return Self.withRoom(rooms, parameters) { room in
                        let (entry, strip) = try room.traceRow(app: index, step: step)
                        let page = StepPage(room: room.id, app: room.blueprint.registry.apps[index].about, entry: entry, strip: strip, sources: room.blueprint.sources)
                        return .response(html ? .html(.ok, page.html(stage: stage, assets: assets)).withPageHeaders() : .json(.ok, page.json().text))
                    }
                }
            }
        }
        router.add(.get, "/sources/:module/:file") { request, parameters in
            Self.answering { () throws(HTTPError) -> HTTPResult in
                let id = "\(parameters["module"] ?? "")/\(parameters["file"] ?? "")"
                guard let file = sources.file(id) else {
                    throw HTTPError(
                        .notFound, code: "unknown_source",
                        message: "No sample or runtime file \(quoted(String(id.prefix(120)))); a file is named as a stage names it: Module/File.swift.")
                }
                let page = SourcePage(file: file, marked: try SourcePage.lines(request.queryValue("lines"), in: file))
                return .response(.html(.ok, page.html(assets: assets)).withPageHeaders())
            }
        }
        router.add(.get, "/rooms/:room/stream") { request, parameters in
            let lastEventID = (request.headers["last-event-id"] ?? request.queryValue("since")).flatMap { UInt64($0) }
            return Self.withRoom(rooms, parameters, touch: .use) { room in .eventStream(try room.subscribe(lastEventID: lastEventID)) }
        }
        router.add(.get, "/rooms/:room/state") { _, parameters in
            Self.withRoom(rooms, parameters) { room in .response(.json(.ok, try room.state().text)) }
        }
        router.add(.post, "/rooms/:room/actions") { request, parameters in
            presenters.guarding(request, parameters, instruments) { Self.postAction(rooms, clientLimiter, instruments, request, parameters) }
        }
        router.add(.post, "/rooms/:room/events") { request, parameters in
            presenters.guarding(request, parameters, instruments) { Self.postEvent(rooms, clientLimiter, instruments, request, parameters) }
        }
        router.add(.get, "/rooms/:room/compare") { request, parameters in
            if EventSource.prefersHTML(request), (try? rooms.room(parameters["room"] ?? "")) == nil {
                return .response(.html(.notFound, RoomPage.closedRoomHTML).withPageHeaders())
            }
            let presenter = presenters.isPresenter(request, room: parameters["room"])
            return Self.withRoom(rooms, parameters) { room in
                let page = try room.comparePage(host: PlaygroundResponder.displayHost(request), assets: assets)
                return .response(.html(.ok, room.presenting(page, presenter: presenter, compare: true)).withPageHeaders())
            }
        }
        router.add(.post, "/rooms/:room/compare/events") { request, parameters in
            presenters.guarding(request, parameters, instruments) { Self.postSharedEvent(rooms, clientLimiter, instruments, request, parameters) }
        }
        journal.register(in: &router)
        PresenterRoutes(rooms: rooms, gate: presenters).register(in: &router)
        OpenAPIRoute.register(in: &router, apps: rooms.apps)
        self.router = router
    }

    /// The result of `work`, or its error as the response.
    static func answering(_ work: () throws(HTTPError) -> HTTPResult) -> HTTPResult {
        do { return try work() } catch { return .response(error.response) }
    }

    /// The page's static file URLs, versioned so browsers may cache them for good.
    private static func assets(_ files: StaticFiles) -> RoomPage.Assets {
        var assets = RoomPage.Assets()
        if let version = files.versionTag(of: "playground.css") { assets.stylesheet += "?v=" + version }
        if let version = files.versionTag(of: "playground.js") { assets.script += "?v=" + version }
        return assets
    }

    /// Lets `/healthz` read the server's stream figures once the server exists.
    func attach(_ server: HTTPServer) {
        health.server.withLock { $0 = server }
    }

    func respond(to request: HTTPRequest) -> HTTPResult {
        let method = HTTPMethod.counted.contains(request.method) ? request.method : .other("OTHER")
        let instruments = instruments
        // A room's path: a hibernated room's request is routed once it is awake; its label now.
        let answered = wakingFirst(request).map { (route: router.pattern(matching: request), result: $0) } ?? answer(request)
        let route = answered.route ?? "unmatched"
        return Self.observing(answered.result) { status in
            instruments.request(route: route, method: method, status: status)
        }
    }

    private static func isPublic(_ request: HTTPRequest) -> Bool { request.path.utf8.starts(with: "/public/".utf8) }

    /// A request for a hibernated room: answered once the room is woken (off the server threads; the connection
    /// waits suspended), exactly as it would have been answered by a resident room — a page, an event, a stream.
    private func wakingFirst(_ request: HTTPRequest) -> HTTPResult? {
        guard rooms.anyNotResident, let id = Self.roomID(in: request.path), rooms.needsWaking(id) else { return nil }
        let answer = DeferredAnswer()
        let rooms = rooms
        Task { [self] in
            do throws(HTTPError) {
                _ = try await rooms.wake(id)
                answer.send(result: self.answer(request).result)
            } catch {
                answer.send(error.response)
            }
        }
        return .later(answer)
    }

    /// The room a path names (`/rooms/{id}` and below), if it names one.
    static func roomID(in path: String) -> RoomID? {
        let parts = path.utf8.split(separator: UInt8(ascii: "/"), maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 3, parts[0].isEmpty, parts[1].elementsEqual("rooms".utf8) else { return nil }
        return RoomID(validating: String(decoding: parts[2].prefix { $0 != UInt8(ascii: "/") }, as: UTF8.self))
    }

    /// The answer to `request` and the route it took (its metrics label; nil: none matched), routed once.
    private func answer(_ request: HTTPRequest) -> (route: String?, result: HTTPResult) {
        if Self.isPublic(request) {
            guard request.method == .get || request.method == .head else {
                return (
                    "/public/*",
                    .response(
                        HTTPError(
                            .methodNotAllowed, code: "method_not_allowed",
                            message: "Static files accept GET and HEAD."
                        ).response.adding("Allow", "GET, HEAD"))
                )
            }
            return ("/public/*", .response(files.response(for: String(Substring(request.path.utf8.dropFirst("/public/".utf8.count))), request: request)))
        }
        let (pattern, result) = router.resolve(request)
        return (pattern, result)
    }

    /// `result`, calling `record` with its status.
    private static func observing(_ result: HTTPResult, _ record: @escaping @Sendable (HTTPStatus) -> Void) -> HTTPResult {
        switch result {
        case .response(let response):
            record(response.status)
        case .eventStream:
            record(.ok)
        case .later(let answer):
            answer.observe { record($0.status) }
        }
        return result
    }

    // MARK: - Routes

    private static func newRoom(_ rooms: RoomRegistry, _ request: HTTPRequest) -> HTTPResult {
        do {
            let room = try rooms.create()
            return .response(room.blueprint.presenters.owned(room.id, .redirect(to: "/rooms/\(room.id)"), request: request))
        } catch {
            return .response(error.response)
        }
    }

    /// Checks, in order: the room exists, the event is valid, the client's then the room's event budget; only
    /// then does the event reach the room's queue. A refused event costs no token of the room's budget.
    private static func postEvent(
        _ rooms: RoomRegistry, _ clientLimiter: ClientEventLimiter, _ instruments: AppInstruments,
        _ request: HTTPRequest, _ parameters: RouteParameters
    ) -> HTTPResult {
        let room: Room
        let input: DecodedInput
        do throws(HTTPError) {
            room = try rooms.room(parameters["room"] ?? "", touch: .use)
            input = try rooms.apps.decode(try EventEnvelope(request))
            try clientLimiter.admit(request.clientAddress)
            try room.admitEvent()
        } catch {
            instruments.eventRejected(code: error.code)
            return .response(error.response)
        }
        let source = EventSource(request)
        let client = request.clientAddress
        return answer(request, in: room, app: input.appID, rooms, instruments) { room throws(HTTPError) in
            try room.apply(input, source: source, client: client)
        }
    }

    /// One input for every compare app (`POST /rooms/{id}/compare/events`): decoded and checked once, for all, before
    /// any app sees it; then one step per app, in the registry's order. 202 `{"seq":N,"apps":{"films-ev":N1,…}}`.
    private static func postSharedEvent(
        _ rooms: RoomRegistry, _ clientLimiter: ClientEventLimiter, _ instruments: AppInstruments,
        _ request: HTTPRequest, _ parameters: RouteParameters
    ) -> HTTPResult {
        let room: Room
        var inputs: [DecodedInput] = []
        do throws(HTTPError) {
            room = try rooms.room(parameters["room"] ?? "", touch: .use)
            let registry = rooms.apps
            guard let first = registry.compareIndices.first else {
                throw HTTPError(.notFound, code: "nothing_to_compare", message: "This playground registers no apps to compare.")
            }
            let envelope = try EventEnvelope(request, sharedBy: registry.apps[first].about.id)
            // A pitfall is one implementation's: its switch goes to that app alone (each pane has its own).
            guard envelope.event != "setPitfall" else {
                throw HTTPError(
                    .badRequest, code: "unknown_event",
                    message: #"A pitfall switch belongs to one implementation: POST {"app":"films-mvi","event":"setPitfall","on":true} to /rooms/{id}/events."#)
            }
            for index in registry.compareIndices {
                var addressed = envelope
                addressed.app = registry.apps[index].about.id
                inputs.append(try registry.decode(addressed))
            }
            try clientLimiter.admit(request.clientAddress)
            try room.admitEvent()
        } catch {
            instruments.eventRejected(code: error.code)
            return .response(error.response)
        }
        let client = request.clientAddress
        let decoded = inputs
        return answer(request, in: room, apps: decoded.map(\.appID), returnPath: "/rooms/\(room.id)/compare", rooms, instruments) {
            room throws(HTTPError) in
            let applied = try room.applyShared(decoded, client: client)
            return .object([("seq", .int(Int(room.sequence))), ("apps", .object(applied.map { ($0.app, .int(Int($0.seq))) }))])
        }
    }

    /// Runs `work` (an event or a press) on the room, then answers 202 `{"seq":N}`, or 303 back to the page for a
    /// browser's form post, or the error; counts it either way.
    private static func answer(
        _ request: HTTPRequest, in room: Room, app: String, _ rooms: RoomRegistry, _ instruments: AppInstruments,
        _ work: @Sendable (isolated Room) throws(HTTPError) -> UInt64
    ) -> HTTPResult {
        answer(request, in: room, apps: [app], returnPath: Self.returnPath(request, room: room.id, apps: rooms.apps), rooms, instruments) {
            room throws(HTTPError) in .object([("seq", .int(Int(try work(room))))])
        }
    }

    /// ``answer(_:in:app:_:_:_:)`` for inputs to `apps`, whose `work` says what the 202 holds.
    private static func answer(
        _ request: HTTPRequest, in room: Room, apps: [String], returnPath: String, _ rooms: RoomRegistry, _ instruments: AppInstruments,
        _ work: @Sendable (isolated Room) throws(HTTPError) -> JSONValue
    ) -> HTTPResult {
        let wantsPage = EventSource.prefersHTML(request)
        return room.perform { room in
            do throws(HTTPError) {
                let start = ContinuousClock.now
                let body = try work(room)
                room.settleWrites()
                let publishTime = ContinuousClock.now - start
                let accepted: HTTPResponse = wantsPage ? .redirect(to: returnPath) : .json(.accepted, body.text)
                // Answered once the event's entry is written: the room goes on meanwhile, and so does this thread.
                guard let pending = room.pendingWrite else {
                    if let failure = room.journalFailure { throw Room.unwritten(failure) }
                    for app in apps { instruments.eventAccepted(app: app, publishTime: publishTime) }
                    return .response(accepted)
                }
                let answer = DeferredAnswer()
                pending.store.whenDone(pending.ticket) { failure in
                    if let failure {
                        let error = Room.unwritten(failure.description)
                        instruments.eventRejected(code: error.code)
                        answer.send(error.response)
                    } else {
                        for app in apps { instruments.eventAccepted(app: app, publishTime: publishTime) }
                        answer.send(accepted)
                    }
                }
                return .later(answer)
            } catch {
                room.settleWrites()  // what the event wrote before it was refused
                instruments.eventRejected(code: error.code)
                return .response(error.response)
            }
        }
    }

    /// A control's press from the page: the same checks and budgets as an event, then its closure in the room.
    private static func postAction(
        _ rooms: RoomRegistry, _ clientLimiter: ClientEventLimiter, _ instruments: AppInstruments,
        _ request: HTTPRequest, _ parameters: RouteParameters
    ) -> HTTPResult {
        let room: Room
        let post: ActionPost
        let appIndex: Int
        do throws(HTTPError) {
            room = try rooms.room(parameters["room"] ?? "", touch: .use)
            post = try ActionPost(request)
            guard let index = rooms.apps.index(of: post.app) else {
                throw HTTPError(
                    .badRequest, code: "unknown_app",
                    message: "There is no app \(quoted(post.app)); accepted: \(rooms.apps.ids.joined(separator: ", ")).")
            }
            appIndex = index
            try clientLimiter.admit(request.clientAddress)
            try room.admitEvent()
        } catch {
            instruments.eventRejected(code: error.code)
            return .response(error.response)
        }
        let client = request.clientAddress
        return answer(request, in: room, app: post.app, rooms, instruments) { room throws(HTTPError) in
            try room.perform(post, appIndex: appIndex, client: client)
        }
    }

    /// Where a form post without JavaScript goes back to: the one-app page it came from (its `Referer`), else the room.
    static func returnPath(_ request: HTTPRequest, room: RoomID, apps: AppRegistry) -> String {
        let roomPath = "/rooms/\(room)"
        if let referer = request.headers["referer"], referer.contains(roomPath + "/compare") { return roomPath + "/compare" }
        guard let referer = request.headers["referer"], let range = referer.range(of: roomPath + "/apps/") else { return roomPath }
        let app = referer[range.upperBound...].prefix { $0 != "?" && $0 != "#" }
        return apps.index(of: String(app)) != nil ? roomPath + "/apps/" + app : roomPath
    }

    /// Looks the room up now (404 at once), then runs `work` on the room's own queue and answers with its result.
    /// `work` with the index of the app the path names, or 404 `unknown_app` listing the apps.
    private static func withApp(_ rooms: RoomRegistry, _ parameters: RouteParameters, _ work: (Int) -> HTTPResult) -> HTTPResult {
        guard let index = rooms.apps.index(of: parameters["app"] ?? "") else {
            return .error(
                HTTPError(
                    .notFound, code: "unknown_app",
                    message: "There is no app \(quoted(parameters["app"] ?? "")); apps: \(rooms.apps.ids.joined(separator: ", ")).")
            )
        }
        return work(index)
    }

    /// A trace row's Step ▶ (`?step=N[&stage=k]` on a room's or an app's page): the walk of the row of the app whose
    /// trace holds step N, as `/rooms/ID/apps/APP/steps/N` answers it.
    static func stepThrough(
        _ rooms: RoomRegistry, _ parameters: RouteParameters, _ request: HTTPRequest, step: String, assets: RoomPage.Assets
    ) -> HTTPResult {
        answering { () throws(HTTPError) -> HTTPResult in
            let (step, stage) = try stepThrough(step, stage: request.queryValue("stage"))
            let html = EventSource.prefersHTML(request)
            return withRoom(rooms, parameters) { room in
                let (index, entry, strip) = try room.traceRow(step: step)
                var page = StepPage(room: room.id, app: room.blueprint.registry.apps[index].about, entry: entry, strip: strip, sources: room.blueprint.sources)
                page.stageLink = "?step=\(step)&stage="
                return .response(html ? .html(.ok, page.html(stage: stage, assets: assets)).withPageHeaders() : .json(.ok, page.json().text))
            }
        }
    }

    /// A step-through's step (the room's step number a trace row shows) and stage (`?stage=k`, 1-based; 1 when absent).
    static func stepThrough(_ step: String, stage: String?) throws(HTTPError) -> (step: Int, stage: Int) {
        guard step.utf8.count <= 12, let number = Int(step), number >= 1 else {
            throw HTTPError(.badRequest, code: "invalid_step", message: "The step must be a room step number (1 or more), as a trace row shows it; got \(quoted(String(step.prefix(40)))).")
        }
        guard let stage else { return (number, 1) }
        guard stage.utf8.count <= 4, let index = Int(stage), (1...Trace.maxStages).contains(index) else {
            throw HTTPError(.badRequest, code: "invalid_stage", message: "stage must be a whole number from 1 to \(Trace.maxStages); got \(quoted(String(stage.prefix(40)))).")
        }
        return (number, index)
    }

    private static func withRoom(
        _ rooms: RoomRegistry, _ parameters: RouteParameters, touch: RoomRegistry.Touch = .look,
        _ work: @escaping @Sendable (isolated Room) throws -> HTTPResult
    ) -> HTTPResult {
        let room: Room
        do {
            room = try rooms.room(parameters["room"] ?? "", touch: touch)
        } catch {
            return .response(error.response)
        }
        return room.perform { room in
            do {
                return try work(room)
            } catch {
                return .response(HTTPError.from(error).response)
            }
        }
    }

    /// The host name curl twins show: the request's Host header when it is a plain host[:port], else localhost.
    static func displayHost(_ request: HTTPRequest) -> String {
        guard let host = request.headers["host"], !host.isEmpty, host.utf8.count <= 255,
            host.utf8.allSatisfy({ byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                    || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")
            })
        else { return "127.0.0.1:8080" }
        return host
    }
}
