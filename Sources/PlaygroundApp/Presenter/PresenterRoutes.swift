import AppSeam
import PlaygroundHTTP
import PlaygroundJournal
import PlaygroundUI

/// Presenter mode's HTTP surface: lock, unlock and spotlight; a one-time co-presenter link; the token for curl.
struct PresenterRoutes: Sendable {
    let rooms: RoomRegistry
    let gate: PresenterGate

    func register(in router: inout Router) {
        router.add(.post, "/rooms/:room/presenter") { request, parameters in
            answering(request, parameters) { room throws(HTTPError) in try act(request, room) }
        }
        router.add(.post, "/rooms/:room/presenter/invite") { request, parameters in
            answering(request, parameters) { room throws(HTTPError) in try invite(request, room) }
        }
        router.add(.get, "/rooms/:room/presenter/token") { request, parameters in
            answering(request, parameters) { room throws(HTTPError) in
                let token = try gate.requirePresenter(request, room: room.id, stateChanging: false)
                let body = JSONValue.object([("token", .string(token.text)), ("header", .string("Authorization: Bearer \(token.text)"))])
                return .response(.json(.ok, body.text).adding("Cache-Control", "no-store"))
            }
        }
        router.add(.get, "/rooms/:room/presenter/join") { request, parameters in
            answering(request, parameters) { room throws(HTTPError) in
                .response(.html(.ok, Self.joinPage(room.id)).withPageHeaders())
            }
        }
        router.add(.post, "/rooms/:room/presenter/join") { request, parameters in
            answering(request, parameters) { room throws(HTTPError) in try join(request, room) }
        }
    }

    /// 404 for an unknown room first, then `work`; an error as JSON, or as a page for a browser's form post.
    private func answering(_ request: HTTPRequest, _ parameters: RouteParameters, _ work: (Room) throws(HTTPError) -> HTTPResult) -> HTTPResult {
        do throws(HTTPError) {
            let room = try rooms.room(parameters["room"] ?? "", touch: .use)
            do throws(HTTPError) {
                return try work(room)
            } catch {
                return .response(PresenterGate.refusal(error, request, room: room.id))
            }
        } catch {
            return .response(error.response)
        }
    }

    // MARK: - Lock, unlock, spotlight

    private func act(_ request: HTTPRequest, _ room: Room) throws(HTTPError) -> HTTPResult {
        _ = try gate.requirePresenter(request, room: room.id)
        let action = try Self.action(request, registry: rooms.apps)
        let client = request.clientAddress
        let wantsPage = EventSource.prefersHTML(request)
        let back = PlaygroundResponder.returnPath(request, room: room.id, apps: rooms.apps)
        return room.perform { room in
            do throws(HTTPError) {
                let state = try room.presenterStep(action, client: client)
                room.settleWrites()
                let accepted: HTTPResponse =
                    wantsPage
                    ? .redirect(to: back)
                    : .json(
                        .accepted,
                        JSONValue.object([
                            ("step", .int(room.steps)), ("locked", .bool(state.locked)),
                            ("spotlight", state.spotlight.map(JSONValue.string) ?? .null),
                        ]).text)
                guard let pending = room.pendingWrite else {
                    if let failure = room.journalFailure { throw Room.unwritten(failure) }
                    return .response(accepted)
                }
                let answer = DeferredAnswer()
                pending.store.whenDone(pending.ticket) { failure in
                    answer.send(failure.map { Room.unwritten($0.description).response } ?? accepted)
                }
                return .later(answer)
            } catch {
                room.settleWrites()
                return .response(error.response)
            }
        }
    }

    static let fieldsAccepted = #"{"action":"lock"} or {"action":"unlock"} or {"action":"spotlight","pane":"<app id>"} (JSON or a form)"#

    /// The body's action: `lock`, `unlock`, or `spotlight` with `pane` (an app id; absent, empty or `none`: none).
    static func action(_ request: HTTPRequest, registry: AppRegistry) throws(HTTPError) -> Room.PresenterAction {
        guard !request.body.isEmpty else {
            throw HTTPError(.badRequest, code: "empty_body", message: "The body is empty; send \(fieldsAccepted).")
        }
        var fields = try EventEnvelope.fields(request)
        if let unknown = fields.keys.sorted().first(where: { $0 != "action" && $0 != "pane" }) {
            throw HTTPError(
                .badRequest, code: "unknown_field", message: "The field \(quoted(String(unknown.prefix(40)))) is not accepted; send \(fieldsAccepted).")
        }
        guard let action = fields.removeValue(forKey: "action")?.text else {
            throw HTTPError(.badRequest, code: "missing_action", message: "Say what to do with an \"action\" string: \(fieldsAccepted).")
        }
        let pane = fields["pane"].map { $0.text }
        switch action {
        case "lock", "unlock":
            guard pane == nil else {
                throw HTTPError(.badRequest, code: "unexpected_pane", message: "Only spotlight takes a pane; send \(fieldsAccepted).")
            }
            return action == "lock" ? .lock : .unlock
        case "spotlight":
            guard let pane else { return .spotlight(nil) }
            guard let name = pane else {
                throw HTTPError(.badRequest, code: "unknown_pane", message: "The pane must be a string: an app id (\(registry.ids.joined(separator: ", "))) or none.")
            }
            if name.isEmpty || name == "none" { return .spotlight(nil) }
            guard registry.index(of: name) != nil else {
                throw HTTPError(
                    .badRequest, code: "unknown_pane",
                    message: "There is no pane \(quoted(String(name.prefix(40)))); accepted: \(registry.ids.joined(separator: ", ")) or none.")
            }
            return .spotlight(name)
        default:
            throw HTTPError(
                .badRequest, code: "invalid_action",
                message: "The action \(quoted(String(action.prefix(40)))) is not one of lock, unlock, spotlight; send \(fieldsAccepted).")
        }
    }

    // MARK: - Co-presenters

    /// A one-time secret, good for 15 minutes, in a link whose fragment (never sent to a server, so never in a log or a
    /// `Referer`) the join page posts.
    private func invite(_ request: HTTPRequest, _ room: Room) throws(HTTPError) -> HTTPResult {
        _ = try gate.requirePresenter(request, room: room.id)
        let secret = PresenterToken.mint()
        let digest = secret.digest
        let now = ContinuousClock.now
        try gate.ledger.change(room.id) { state throws(HTTPError) in
            state.invites.removeAll { $0.expires <= now }
            if state.invites.count >= PresenterLedger.maxInvites { state.invites.removeFirst() }
            state.invites.append((digest, now + PresenterLedger.inviteLifetime))
        }
        let scheme = PresenterGate.isTLS(request) ? "https" : "http"
        let link = "\(scheme)://\(PlaygroundResponder.displayHost(request))/rooms/\(room.id)/presenter/join#\(secret.text)"
        let seconds = Int(PresenterLedger.inviteLifetime.components.seconds)
        if EventSource.prefersHTML(request) {
            let html = """
                <!doctype html>
                <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">\
                <title>Co-presenter link · Architecture Playground</title><link rel="icon" href="data:,"></head>
                <body><main><h1>Co-presenter link</h1><p>Open it on the other device within \(seconds / 60) minutes; it works once.</p>\
                <p><code>\(HTML.text(link))</code></p><p><a href="/rooms/\(room.id)">Back to the room</a></p></main></body></html>
                """
            return .response(.html(.created, html).withPageHeaders())
        }
        let body = JSONValue.object([("link", .string(link)), ("expiresInSeconds", .int(seconds))])
        return .response(.json(.created, body.text).adding("Cache-Control", "no-store"))
    }

    /// Spends an invitation: a new presenter token for this device, in its cookie (and, for curl, in the answer).
    private func join(_ request: HTTPRequest, _ room: Room) throws(HTTPError) -> HTTPResult {
        if request.headers["origin"] != nil { try PresenterGate.requireSameOrigin(request) }
        guard !request.body.isEmpty else {
            throw HTTPError(.badRequest, code: "empty_body", message: "Send the invitation's secret: secret=<the part after # of the link> (a form or JSON).")
        }
        let fields = try EventEnvelope.fields(request)
        guard fields.count == 1, let secret = fields["secret"]?.text else {
            throw HTTPError(.badRequest, code: "missing_secret", message: "Send only the invitation's secret: secret=<the part after # of the link> (a form or JSON).")
        }
        let digest = PresenterToken(presented: Substring(secret))?.digest
        let token = PresenterToken.mint()
        let now = ContinuousClock.now
        let joined = try gate.ledger.change(room.id) { state throws(HTTPError) -> Bool in
            state.invites.removeAll { $0.expires <= now }
            guard let digest, let index = state.invites.firstIndex(where: { $0.digest.matches(digest) }) else { return false }
            guard state.owners.count < PresenterLedger.maxPresenters else {
                throw HTTPError(
                    .conflict, code: "too_many_presenters", message: "This room has \(PresenterLedger.maxPresenters) presenters already; fork it to present your own.")
            }
            state.invites.remove(at: index)
            state.owners.append(token.digest)
            return true
        }
        guard joined else {
            try gate.failures.admit(request.clientAddress)
            throw HTTPError(
                .forbidden, code: "invalid_invite",
                message: "This invitation is unknown, spent or expired (it works once, for 15 minutes); ask a presenter of the room for a new one.")
        }
        let cookie = PresenterGate.setCookie(token, room: room.id, request: request)
        if EventSource.prefersHTML(request) {
            return .response(.redirect(to: "/rooms/\(room.id)").adding("Set-Cookie", cookie).adding("Cache-Control", "no-store"))
        }
        let body = JSONValue.object([("room", .string(room.id.description)), ("token", .string(token.text))])
        return .response(.json(.ok, body.text).adding("Set-Cookie", cookie).adding("Cache-Control", "no-store"))
    }

    static func joinPage(_ room: RoomID) -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">\
        <title>Present room \(room) · Architecture Playground</title><link rel="icon" href="data:,">\
        <link rel="stylesheet" href="/public/presenter.css"><script src="/public/presenter.js" defer></script></head>
        <body class="presenter-join"><main><h1>Present room <code>\(room)</code></h1>\
        <p>A presenter of this room invited this device to present it too. The invitation works once.</p>\
        <form method="post" action="/rooms/\(room)/presenter/join"><p><label for="presenter-secret">Invitation code (the part of the link after #)</label> \
        <input id="presenter-secret" name="secret" autocomplete="off" required></p>\
        <p><button type="submit">Present this room</button></p></form></main></body></html>
        """
    }
}
