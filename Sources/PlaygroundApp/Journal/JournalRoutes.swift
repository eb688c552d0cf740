import AppSeam
import Foundation
import PlaygroundHTTP
import PlaygroundJournal

/// The journal's HTTP surface: history, a past step's page, fork, export and import.
struct JournalRoutes: Sendable {
    let rooms: RoomRegistry
    let blueprint: Room.Blueprint
    let assets: RoomPage.Assets
    /// Replays run off the server threads, at most one fewer at once than the server has threads (one at least), so
    /// they never take every core.
    let gate: ReplayGate
    /// Steps one client address may have replayed (past pages, forks, imports, Swift exports), so one client
    /// cannot keep the replay slot to itself.
    let replayLimiter: ClientEventLimiter
    /// Reading a room's whole history (`/history`, `/export`: ~0.02 ms a step) runs off the server threads too, with
    /// a gate of its own (64 may wait their turn) and a budget per client address ten times the replay budget, in
    /// steps.
    let readGate: ReplayGate
    let readLimiter: ClientEventLimiter
    /// KiB of documents one client address may have checked for import (parsing 4 MiB of JSON takes ~0.3 s): paid
    /// before the check, which runs off the server threads in a replay's turn.
    let importLimiter: ClientEventLimiter

    init(
        rooms: RoomRegistry, blueprint: Room.Blueprint, assets: RoomPage.Assets, threads: Int, replayBudget: EventBudget,
        importBudget: EventBudget
    ) {
        (self.rooms, self.blueprint, self.assets) = (rooms, blueprint, assets)
        gate = ReplayGate(limit: max(1, threads - 1))
        replayLimiter = ClientEventLimiter(
            budget: replayBudget, refusal: ("too_many_replays_from_client", "replays history steps", "steps"))
        readGate = ReplayGate(limit: max(1, threads - 1), line: 64, busy: ("history_busy", "reads of a whole history"))
        readLimiter = ClientEventLimiter(
            budget: EventBudget(perSecond: replayBudget.perSecond * 10, burst: replayBudget.burst * 10),
            refusal: ("too_many_history_reads_from_client", "reads history steps", "steps"))
        importLimiter = ClientEventLimiter(
            budget: importBudget, refusal: ("too_many_imports_from_client", "sends documents to import", "KiB"))
    }
    /// The default import budget: 1 MiB of documents a second, two of the largest at once.
    static let importBudget = EventBudget(perSecond: 1_024, burst: 2 * importBodyBytes / 1_024)
    /// The body cap of `POST /rooms/import`.
    static let importBodyBytes = 4 << 20

    func register(in router: inout Router) {
        router.add(.get, "/rooms/:room/history") { request, parameters in
            PlaygroundResponder.answering { () throws(HTTPError) -> HTTPResult in
                try readWhole(request, parameters) { room throws(HTTPError) in
                    let history = try room.readHistory()
                    let damage = room.perform { $0.damageNotice }
                    return .json(.ok, Self.historyJSON(room: room.id, history, damage: damage).text).adding("Cache-Control", "no-store")
                }
            }
        }
        router.add(.get, "/rooms/:room/export") { request, parameters in
            PlaygroundResponder.answering { () throws(HTTPError) -> HTTPResult in
                try readWhole(request, parameters) { room throws(HTTPError) in
                    let document = try room.readExportDocument()
                    let encoder = JSONEncoder()
                    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
                    let body = (try? encoder.encode(document)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
                    return .json(.ok, body).adding("Content-Disposition", "attachment; filename=\"room-\(room.id).json\"")
                        .adding("Cache-Control", "no-store")
                }
            }
        }
        router.add(.get, "/rooms/:room/export.swift") { request, parameters in
            PlaygroundResponder.answering { () throws(HTTPError) -> HTTPResult in try swiftTest(request, parameters) }
        }
        router.add(.post, "/rooms/:room/fork") { request, parameters in
            PlaygroundResponder.answering { () throws(HTTPError) -> HTTPResult in try fork(request, parameters) }
        }
        router.add(.post, "/rooms/import") { request, _ in
            PlaygroundResponder.answering { () throws(HTTPError) -> HTTPResult in try importRoom(request) }
        }
    }

    /// A read of the room's whole history (`/history`, `/export`): its steps from the client's read budget, then
    /// `read` off the server threads.
    private func readWhole(
        _ request: HTTPRequest, _ parameters: RouteParameters, _ read: @escaping @Sendable (Room) throws(HTTPError) -> HTTPResponse
    ) throws(HTTPError) -> HTTPResult {
        let room = try rooms.room(parameters["room"] ?? "")
        let (first, last) = try Self.bounds(of: room)
        try readLimiter.admit(request.clientAddress, cost: Double(last - first + 1))
        return try readGate.answerLater { () async throws(HTTPError) -> HTTPResponse in try read(room) }
    }

    // MARK: - Past steps

    /// `?at=N`: the whole page as it was after step N, drawn by replaying steps 1…N (from the snapshot, if the room
    /// folded) into a room nobody else sees. With `app`, one pane's page, whose timeline moves through that app's
    /// steps only (`back`: the app before its latest step).
    func pastPage(_ room: Room, at text: String, host: String, client: String?, app: (index: Int, id: String)? = nil) throws(HTTPError) -> HTTPResult {
        let (first, last) = try Self.bounds(of: room)
        let asked = try Self.step(text, first: first, last: last)
        try replayLimiter.admit(client, cost: Double(asked - first + 1))
        let (blueprint, assets) = (blueprint, assets)
        return try gate.answerLater { () async throws(HTTPError) -> HTTPResponse in
            let (history, seed) = try Self.historyAndSeed(of: room)
            let appSteps = app.map { app in history.entries.indices.filter { history.entries[$0].app == app.id }.map { history.firstStep + $0 + 1 } }
            var step = try Self.step(text, of: history)  // again: the room may have folded meanwhile
            if text == "back", let appSteps { step = appSteps.dropLast().last ?? history.firstStep }
            let (kept, following) = Self.steps(of: history, through: step)
            let past = Room(id: room.id, blueprint: blueprint, seed: seed, persists: false)
            defer { past.perform { $0.close() } }
            if let base = history.base { try await past.restore(from: base) }
            try await past.replay(kept, following: following, tail: Self.tail(of: room, after: step), writing: false)
            let html = try past.perform { room in Result { () throws(HTTPError) in try room.page(host: host, assets: assets, only: app?.index) } }.get()
            let timeline = app.map { (id: $0.id, steps: appSteps ?? []) }
            let page = Self.pastView(html, room: room.id, step: step, first: history.firstStep, of: history.lastStep, app: timeline)
            let presenter = past.perform { room in PresenterView.past(room.presenterShown, registry: room.blueprint.registry) }
            return .html(.ok, PresenterView.addingPast(presenter, to: page)).withPageHeaders()
        }
    }

    /// The steps after the snapshot up to `step`, and the one after them (nil at the latest).
    static func steps(of history: RoomHistory, through step: Int) -> (ArraySlice<JournalEntry>, JournalEntry?) {
        let count = step - history.firstStep
        return (history.entries.prefix(count), count < history.entries.count ? history.entries[count] : nil)
    }

    /// The live page turned into a read-only view of the past: no stream, every control disabled, a banner with
    /// the timeline (first / back / forward / live). With `app`, one pane's page: back and forward go to that app's
    /// previous and next steps, and every link stays on the pane's page.
    static func pastView(_ html: String, room: RoomID, step: Int, first: Int = 0, of count: Int, app: (id: String, steps: [Int])? = nil) -> String {
        let live = app.map { "/rooms/\(room)/apps/\($0.id)" } ?? "/rooms/\(room)"
        var page = html
        if let start = page.range(of: "<body data-room=\""), let end = page[start.upperBound...].range(of: "\"") {
            page.replaceSubrange(start.lowerBound..<end.upperBound, with: "<body data-past=\"\(step)\"")
        }
        let back = app.map { $0.steps.last { $0 < step } ?? (step > first ? first : step) } ?? step - 1
        let forward = app.map { $0.steps.first { $0 > step } ?? count + 1 } ?? step + 1
        let link = { (label: String, target: Int, rel: String) -> String in
            target == step || target < first || target > count
                ? "<span class=\"timeline-off\">\(label)</span>"
                : "<a href=\"\(live)?at=\(target)\" rel=\"\(rel)\">\(label)</a>"
        }
        let whose = app.map { " of the room (this pane's steps: \($0.steps.filter { $0 <= step }.count) of \($0.steps.count))" } ?? ""
        let banner = """
            <nav class="time-travel" aria-label="Time travel"><p><strong>Viewing the past: Step \(step) of \(count)\(whose) — not live</strong>. \
            Nothing here changes the room; its controls are disabled. <a href="\(live)" class="timeline-live">Back to live</a></p>\
            <p class="timeline">\(link("⏮ First", first, "first")) \(link("◀ Back", back, "prev")) \
            \(link("Forward ▶", forward, "next")) <a href="\(live)">Live ⏭</a> · \
            <a href="/rooms/\(room)/history">history (JSON)</a></p>\
            <form method="post" action="/rooms/\(room)/fork"><input type="hidden" name="at" value="\(step)">\
            <button type="submit">Fork a new room from step \(step)</button></form></nav>
            """
        if let header = page.range(of: "</header>") { page.insert(contentsOf: "\n" + banner, at: header.upperBound) }
        page = page.replacingOccurrences(of: "href=\"\(live)?at=back\"", with: "href=\"\(live)?at=\(max(first, back))\"")
        let next = forward <= count ? " <a href=\"\(live)?at=\(forward)\">Forward ▶</a>" : ""
        page = page.replacingOccurrences(of: "<!--forward-->", with: next + " <a href=\"\(live)\">Live ⏭</a>")
        page = page.replacingOccurrences(of: "<main>", with: "<main class=\"past\"><fieldset class=\"past\" disabled>")
        page = page.replacingOccurrences(of: "</main>", with: "</fieldset></main>")
        return page
    }

    static func bounds(of room: Room) throws(HTTPError) -> (first: Int, last: Int) {
        try room.perform { room in Result { () throws(HTTPError) in try room.historyBounds() } }.get()
    }

    static func historyAndSeed(of room: Room) throws(HTTPError) -> (RoomHistory, UInt64) {
        (try room.readHistory(), room.seed)
    }

    /// A step number first…latest (`first`: the earliest kept, `back`: the step before the latest), or 400 naming what
    /// is accepted; 410 for a step folded into the room's snapshot.
    static func step(_ text: String, of history: RoomHistory) throws(HTTPError) -> Int {
        try step(text, first: history.firstStep, last: history.lastStep)
    }

    static func step(_ text: String, first: Int, last count: Int) throws(HTTPError) -> Int {
        if text == "back" { return max(first, count - 1) }
        if text == "first" { return first }
        if text == "latest" { return count }  // a watcher's Fork: wherever the presenter is by then
        guard let step = Int(text), (0...count).contains(step) else {
            throw HTTPError(
                .badRequest, code: "invalid_step", message: "The step \(quoted(text)) is not in this room's history; accepted: \(first)…\(count), first, back or latest.")
        }
        guard step >= first else {
            throw HTTPError(
                .gone, code: "step_folded",
                message: "Steps 1…\(first) of this room were folded into a snapshot (a room keeps a bounded history); the earliest step to see or fork is \(first), the latest \(count).")
        }
        return step
    }

    // MARK: - A session as a Swift test

    /// `GET /rooms/{id}/export.swift?name=Suite`: the room's history replayed in a room of its own, every app's
    /// snapshot taken after each step, written as a Swift Testing file.
    func swiftTest(_ request: HTTPRequest, _ parameters: RouteParameters) throws(HTTPError) -> HTTPResult {
        let room = try rooms.room(parameters["room"] ?? "")
        let suite = request.queryValue("name") ?? "Recorded"
        guard SwiftTestExport.isValidSuiteName(suite) else {
            throw HTTPError(
                .badRequest, code: "invalid_name",
                message: "The suite name \(quoted(suite)) must be ASCII letters and digits, starting with a letter, at most 40.")
        }
        let folded: @Sendable (Int) -> HTTPError = { step in
            HTTPError(
                .conflict, code: "history_folded",
                message: "A generated test drives the apps from a fresh start, and this room's steps 1…\(step) were folded into a snapshot; fork an earlier room, or export it as JSON (GET /rooms/\(room.id)/export).")
        }
        let (first, last) = try Self.bounds(of: room)
        guard first == 0 else { throw folded(first) }
        try replayLimiter.admit(request.clientAddress, cost: Double(last))
        let blueprint = blueprint
        return try gate.answerLater { () async throws(HTTPError) -> HTTPResponse in
            let (recorded, seed) = try Self.historyAndSeed(of: room)
            if let base = recorded.base { throw folded(base.step) }
            let history = recorded.entries
            let past = Room(id: room.id, blueprint: blueprint, seed: seed, persists: false)
            defer { past.perform { $0.close() } }
            let collected = PointBox(count: blueprint.registry.apps.count)
            try await past.replay(history, tail: Self.tail(of: room, after: history.count), writing: false) { moment, index, snapshot in
                collected.points[index].append(SwiftTestExport.Point(moment: moment, snapshot: snapshot))
            }
            let source = SwiftTestExport(suite: suite, room: room.id, seed: seed, registry: blueprint.registry, points: collected.points).source
            var response = HTTPResponse(status: .ok, body: Array(source.utf8))
            response.headers["Content-Type"] = "text/x-swift; charset=utf-8"
            response.headers["Content-Disposition"] = "attachment; filename=\"\(suite)Tests.swift\""
            return response.adding("Cache-Control", "no-store")
        }
    }

    // MARK: - Fork

    /// `POST /rooms/{id}/fork` with `at` (query, form or JSON): a new room holding steps 1…at, then 303 to it.
    func fork(_ request: HTTPRequest, _ parameters: RouteParameters) throws(HTTPError) -> HTTPResult {
        let source = try rooms.room(parameters["room"] ?? "")
        var query = request.queryValue("at")
        if query == nil { query = try Self.bodyField("at", of: request) }
        let (first, last) = try Self.bounds(of: source)
        guard let text = query else {
            throw HTTPError(
                .badRequest, code: "missing_step", message: "Say where to fork: at=N (\(first)…\(last)) in the query, a form or JSON.")
        }
        let asked = try Self.step(text, first: first, last: last)
        try replayLimiter.admit(request.clientAddress, cost: Double(asked - first + 1))
        return try gate.answerLater { [self] () async throws(HTTPError) -> HTTPResponse in
            let (history, seed) = try Self.historyAndSeed(of: source)
            let step = try Self.step(text, of: history)  // again: the room may have folded meanwhile
            let (kept, following) = Self.steps(of: history, through: step)
            let room = try await start(from: history.base, kept, following: following, tail: Self.tail(of: source, after: step), seed: seed)
            let origin = source.id
            room.perform { $0.forkedFrom = (origin, step) }
            return blueprint.presenters.owned(room.id, .redirect(to: "/rooms/\(room.id)"), request: request)
        }
    }

    /// A new room that restores `base` (if any) and replays `entries` into its own journal; discarded again when they
    /// do not apply.
    private func start(
        from base: RoomSnapshot?, _ entries: some Collection<JournalEntry> & Sendable, following: JournalEntry? = nil, tail: JournalEntry? = nil,
        seed: UInt64,
        divergence: HTTPStatus = .internalServerError
    ) async throws(HTTPError) -> Room {
        let room = try rooms.create(seed: seed, draw: false)
        do throws(HTTPError) {
            if let base { try await room.restoreAndKeep(base) }
            try await room.replay(entries, following: following, tail: tail, writing: true, divergence: divergence)
            try await room.written()  // the new room is in the journal before anyone is sent to it
        } catch {
            rooms.discard(room)
            throw error
        }
        return room
    }

    /// `at` from a form or JSON body.
    private static func bodyField(_ name: String, of request: HTTPRequest) throws(HTTPError) -> String? {
        guard !request.body.isEmpty else { return nil }
        if let object = try? JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any] {
            if let number = object[name] as? Int { return String(number) }
            return object[name].map { "\($0)" }
        }
        for pair in request.bodyText.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.first == Substring(name) { return parts.count > 1 ? String(parts[1]).removingPercentEncoding : "" }
        }
        return nil
    }

    // MARK: - Import

    /// `POST /rooms/import` with an exported document: checked whole, replayed into a new room, then 303 to it. The
    /// check and the replay run in the replay gate's turn, off the server threads; the client pays for the check
    /// (by the body's KiB) before, and for the replay (by its steps) once the document is known.
    func importRoom(_ request: HTTPRequest) throws(HTTPError) -> HTTPResult {
        let (body, client) = (request.body, request.clientAddress)
        try importLimiter.admit(client, cost: Double(body.count) / 1_024)
        return try gate.answerLater { [self] () async throws(HTTPError) -> HTTPResponse in
            let document = try Self.validate(body, registry: blueprint.registry, maxSteps: blueprint.limits.journalSteps)
            try replayLimiter.admit(client, cost: Double(document.entries.count))
            let room = try await start(
                from: document.base, document.entries, tail: document.tail?.asFollowingStep, seed: UInt64(document.seed) ?? 0,
                divergence: .unprocessableContent)
            return blueprint.presenters.owned(room.id, .redirect(to: "/rooms/\(room.id)"), request: request)
        }
    }

    /// Everything that can be checked before a replay: the JSON, the format and version, the seed, the apps, and
    /// steps numbered 1…n in order. The replay then checks that every step applies.
    static func validate(_ body: [UInt8], registry: AppRegistry, maxSteps: Int) throws(HTTPError) -> JournalDocument {
        guard !body.isEmpty else {
            throw HTTPError(.badRequest, code: "empty_document", message: "Send an exported room (GET /rooms/{id}/export) as the JSON body.")
        }
        if let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] {
            if let format = object["format"] as? String, format != JournalDocument.formatName {
                throw HTTPError(
                    .badRequest, code: "wrong_format", message: "The document's format is \(quoted(format)); accepted: \"\(JournalDocument.formatName)\".")
            }
            if object["base"] is NSNull {
                throw HTTPError(
                    .badRequest, code: "invalid_document", message: "The document's base is null; a base is a snapshot (an object), or left out.")
            }
            if let version = object["version"] as? Int, !JournalDocument.readableVersions.contains(version) {
                throw HTTPError(
                    .badRequest, code: "unsupported_version",
                    message: "The document is version \(version); accepted: \(JournalDocument.readableVersions.map(String.init).joined(separator: ", ")).")
            }
        }
        let document: JournalDocument
        do {
            document = try JSONDecoder().decode(JournalDocument.self, from: Data(body))
        } catch {
            throw HTTPError(.badRequest, code: "invalid_document", message: "The document is not an exported room: \(Self.describe(error))")
        }
        guard document.format == JournalDocument.formatName else {
            throw HTTPError(.badRequest, code: "wrong_format", message: "The document's format must be \"\(JournalDocument.formatName)\".")
        }
        guard UInt64(document.seed) != nil else {
            throw HTTPError(.badRequest, code: "invalid_seed", message: "The seed \(quoted(document.seed)) is not a number 0…\(UInt64.max).")
        }
        let sources = ["browser", "http", "compare", "outside", "presenter"]
        if let (index, entry) = document.entries.enumerated().first(where: { !sources.contains($0.element.source) }) {
            throw HTTPError(
                .badRequest, code: "invalid_document",
                message: "Entry \(index + 1) has the source \(quoted(entry.source)); accepted: \(sources.joined(separator: ", ")).")
        }
        // A count below zero is no document the export writes (400, as its schema says), whatever it names.
        if let entry = document.entries.first(where: { ($0.deliveries ?? [:]).values.contains { $0 < 0 } }) {
            throw HTTPError(
                .badRequest, code: "invalid_document", message: "Step \(entry.step) has a delivery count below 0; a count is 0 or more.")
        }
        if let unknown = document.apps.first(where: { registry.index(of: $0) == nil }) ?? document.entries.first(where: { $0.kind != .presenter && registry.index(of: $0.app) == nil })?.app {
            throw HTTPError(
                .unprocessableContent, code: "unknown_app",
                message: "The document names the app \(quoted(unknown)); this playground has \(registry.ids.joined(separator: ", ")).")
        }
        guard document.entries.count <= maxSteps else {
            throw HTTPError(
                .unprocessableContent, code: "too_many_steps", message: "The document has \(document.entries.count) steps; a room holds at most \(maxSteps).")
        }
        if let base = document.base {
            guard document.version >= 3 else {
                throw HTTPError(.badRequest, code: "invalid_document", message: "A version \(document.version) document has no base; a snapshot comes with version 3.")
            }
            guard (1..<(1 << 31)).contains(base.step) else {
                throw HTTPError(
                    .unprocessableContent, code: "invalid_snapshot", message: "The base snapshot's step is \(base.step); it must be 1…\(1 << 31 - 1).")
            }
            if let unknown = base.apps.keys.sorted().first(where: { registry.index(of: $0) == nil }) {
                throw HTTPError(
                    .unprocessableContent, code: "unknown_app",
                    message: "The base snapshot names the app \(quoted(unknown)); this playground has \(registry.ids.joined(separator: ", ")).")
            }
            if let missing = registry.pageIndices.map({ registry.apps[$0].about.id }).first(where: { base.apps[$0] == nil }) {
                throw HTTPError(
                    .unprocessableContent, code: "invalid_snapshot", message: "The base snapshot has no checkpoint of \(quoted(missing)); it needs one per app.")
            }
        }
        let first = document.base?.step ?? 0
        for (index, entry) in document.entries.enumerated() where entry.step != first + index + 1 {
            throw HTTPError(
                .unprocessableContent, code: "steps_out_of_order",
                message: "Entry \(index + 1) is numbered step \(entry.step); steps must run \(first + 1), \(first + 2), \(first + 3), … in order (is the document truncated or reordered?).")
        }
        var delivered: [String: Int] = [:]
        for entry in document.entries {
            let named = Array((entry.deliveries ?? [:]).keys) + Array((entry.witness ?? [:]).keys)
            if let unknown = named.first(where: { registry.index(of: $0) == nil }) {
                throw HTTPError(
                    .unprocessableContent, code: "unknown_app",
                    message: "Step \(entry.step) names the app \(quoted(unknown)); this playground has \(registry.ids.joined(separator: ", ")).")
            }
            for (app, count) in entry.deliveries ?? [:] {
                guard count >= (delivered[app] ?? 0) else {
                    throw HTTPError(
                        .unprocessableContent, code: "deliveries_out_of_order",
                        message: "Step \(entry.step) says \(quoted(app)) had applied \(count) deliveries, fewer than an earlier step; the counts only grow.")
                }
                delivered[app] = count
            }
            if let print = entry.witness?.values.first(where: { $0.utf8.count != 16 || !$0.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) }) {
                throw HTTPError(
                    .badRequest, code: "invalid_document",
                    message: "Step \(entry.step) has the witness \(quoted(String(print.prefix(40)))); a witness is 16 lowercase hex digits.")
            }
        }
        try validateDeliveryOrders(of: document, registry: registry)
        return document
    }

    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "it is not JSON." }
        switch error {
        case .dataCorrupted(let context): return "it is not JSON (\(context.debugDescription.prefix(120)))."
        case .keyNotFound(let key, let context): return "\(path(context.codingPath + [key])) is missing."
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(path(context.codingPath)) has the wrong type (\(context.debugDescription.prefix(120)))."
        @unknown default: return "it could not be read."
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().trimmingPrefix(".").description
    }

    /// The points a replay collects, filled on the replaying room's executor only.
    private final class PointBox: @unchecked Sendable {
        var points: [[SwiftTestExport.Point]]
        init(count: Int) { points = Array(repeating: [], count: count) }
    }

    // MARK: - History

    /// `damage`: what the room lost when a damaged journal was opened (a `damage` member only then).
    static func historyJSON(room: RoomID, _ history: RoomHistory, damage: String? = nil) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("room", .string(room.description)),
            ("steps", .int(history.lastStep)),
            ("base", .int(history.firstStep)),
        ]
        if let damage { members.append(("damage", .string(damage))) }
        members.append(
            (
                "entries",
                .array(
                    history.entries.map { entry in
                        .object([
                            ("step", .int(entry.step)), ("time", .double(entry.time)), ("source", .string(entry.source)),
                            ("app", .string(entry.app)), ("kind", .string(entry.kind.rawValue)), ("event", .string(entry.event)),
                            ("summary", .string(entry.summary)), ("stages", .array((entry.stages ?? []).map(JSONValue.string))),
                        ])
                    })
            ))
        return .object(members)
    }
}
