import AppSeam
import PlaygroundHTTP
import PlaygroundJournal
import PlaygroundUI

/// Who may drive a room: anyone while it is unlocked; its presenters (a valid `presenter` cookie with a same-origin
/// request, or `Authorization: Bearer`) while it is locked. Wrong credentials cost the client from a budget of its own.
struct PresenterGate: Sendable {
    let ledger: PresenterLedger
    /// Failed presenter checks per client address: 10 at once, then one a second (429 past it), so a token cannot be
    /// guessed by trying (it has 256 bits; this keeps the logs and the CPU quiet too).
    let failures = ClientEventLimiter(
        budget: EventBudget(perSecond: 1, burst: 10), refusal: ("too_many_presenter_failures", "fails presenter checks", "failures"))

    static let cookieName = "presenter"

    /// What a request presents for a room.
    enum Presented {
        /// No credential at all.
        case nothing
        /// A valid one: by cookie (an ambient credential: the request must be same-origin) or by Bearer.
        case presenter(PresenterToken, byCookie: Bool)
        /// A credential that is not one of the room's presenters' (forged, stale, another room's).
        case wrong
    }

    func presented(_ request: HTTPRequest, _ state: PresenterState) -> Presented {
        if let authorization = request.headers["authorization"], authorization.utf8.count > 7,
            authorization.prefix(7).lowercased() == "bearer "
        {
            guard let token = PresenterToken(presented: authorization.dropFirst(7)), state.presents(token.digest) else { return .wrong }
            return .presenter(token, byCookie: false)
        }
        let cookies = Self.cookies(request)
        guard !cookies.isEmpty else { return .nothing }
        for value in cookies {
            if let token = PresenterToken(presented: value), state.presents(token.digest) { return .presenter(token, byCookie: true) }
        }
        return .wrong
    }

    /// Whether this request comes from one of the room's presenters (a page drawn for them); never counts a failure.
    func isPresenter(_ request: HTTPRequest, room: RoomID) -> Bool {
        if case .presenter = presented(request, ledger.state(of: room)) { return true }
        return false
    }

    /// The gate in front of every input of a room (events, presses, compare events, and so faults and dismissals,
    /// which are presses): passes in an unlocked room; in a locked one only a presenter passes.
    func admitInput(_ request: HTTPRequest, room: RoomID) throws(HTTPError) {
        let state = ledger.state(of: room)
        guard state.locked else { return }
        switch presented(request, state) {
        case .presenter(_, let byCookie):
            if byCookie { try Self.requireSameOrigin(request) }
        case .wrong:
            try failures.admit(request.clientAddress)
            throw Self.locked(room)
        case .nothing:
            throw Self.locked(room)
        }
    }

    /// A presenter's own route (lock, invite, token): the token presented, or 403 `not_presenter`.
    func requirePresenter(_ request: HTTPRequest, room: RoomID, stateChanging: Bool = true) throws(HTTPError) -> PresenterToken {
        switch presented(request, ledger.state(of: room)) {
        case .presenter(let token, let byCookie):
            if byCookie, stateChanging { try Self.requireSameOrigin(request) }
            return token
        case .wrong:
            try failures.admit(request.clientAddress)
            throw Self.notPresenter(room)
        case .nothing:
            throw Self.notPresenter(room)
        }
    }

    static func locked(_ room: RoomID) -> HTTPError {
        HTTPError(
            .forbidden, code: "room_locked",
            message: "This room is locked: the presenter is driving, and only its presenters (its owner's cookie or Authorization: Bearer <token>) may send inputs; watching, history and export stay open. Fork to try it yourself: POST /rooms/\(room)/fork with at=latest.")
    }

    static func notPresenter(_ room: RoomID) -> HTTPError {
        HTTPError(
            .forbidden, code: "not_presenter",
            message: "Only this room's presenters may do this: the room's creator (its cookie) or a co-presenter, or Authorization: Bearer <token>. Fork it (POST /rooms/\(room)/fork with at=latest) to present a room of your own.")
    }

    static let crossOrigin = HTTPError(
        .forbidden, code: "cross_origin",
        message: "A request that presents with the presenter cookie must come from the playground's own pages (a same-origin Origin or Sec-Fetch-Site: same-origin); from a terminal use Authorization: Bearer <token>.")

    /// CSRF: a cookie is sent by the browser whatever page asks, so a request that uses it must say it is same-origin.
    static func requireSameOrigin(_ request: HTTPRequest) throws(HTTPError) {
        guard isSameOrigin(request) else { throw crossOrigin }
    }

    static func isSameOrigin(_ request: HTTPRequest) -> Bool {
        guard let origin = request.headers["origin"] else { return request.headers["sec-fetch-site"] == "same-origin" }
        guard let host = request.headers["host"], !host.isEmpty else { return false }
        let scheme = isTLS(request) ? "https" : "http"
        if origin == "\(scheme)://\(host)" { return true }
        // Behind the trusted proxy (`proxy_set_header Host $host`) the Host carries no port: the names must agree.
        guard viaTrustedProxy(request), origin.hasPrefix(scheme + "://") else { return false }
        return hostName(String(origin.dropFirst(scheme.count + 3))) == hostName(host)
    }

    /// Whether a trusted proxy named the client (the server resolved another address than the peer's).
    static func viaTrustedProxy(_ request: HTTPRequest) -> Bool {
        request.clientAddress != nil && request.clientAddress != request.remoteAddress
    }

    /// TLS ends at the proxy: only a trusted proxy's `X-Forwarded-Proto` is believed.
    static func isTLS(_ request: HTTPRequest) -> Bool {
        viaTrustedProxy(request) && request.headers["x-forwarded-proto"]?.lowercased() == "https"
    }

    /// `host` of `host:port` or `[v6]:port`.
    static func hostName(_ authority: String) -> String {
        if authority.hasPrefix("["), let end = authority.firstIndex(of: "]") { return String(authority[...end]).lowercased() }
        return String(authority.prefix { $0 != ":" }).lowercased()
    }

    /// Every `presenter=` value of the Cookie header(s).
    static func cookies(_ request: HTTPRequest) -> [Substring] {
        guard let header = request.headers["cookie"] else { return [] }
        var values: [Substring] = []
        for pair in header.split(separator: ";") {
            let trimmed = pair.drop { $0 == " " }
            guard trimmed.hasPrefix(cookieName + "=") else { continue }
            values.append(trimmed.dropFirst(cookieName.count + 1).prefix { $0 != " " })
        }
        return values
    }

    /// The cookie that makes its holder a presenter of `room`: only sent to the room's paths, never to scripts or
    /// other sites.
    static func setCookie(_ token: PresenterToken, room: RoomID, request: HTTPRequest) -> String {
        "\(cookieName)=\(token.text); Path=/rooms/\(room); Max-Age=2592000; HttpOnly; SameSite=Strict" + (isTLS(request) ? "; Secure" : "")
    }

    /// A refused form post without JavaScript: a page saying why, with the Fork offer; JSON otherwise.
    static func refusal(_ error: HTTPError, _ request: HTTPRequest, room: RoomID) -> HTTPResponse {
        guard EventSource.prefersHTML(request) else { return error.response }
        let fork = """
            <form method="post" action="/rooms/\(room)/fork"><input type="hidden" name="at" value="latest">\
            <button type="submit">Fork to try it yourself</button></form>
            """
        let html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">\
            <title>Room locked · Architecture Playground</title><link rel="icon" href="data:,"></head>
            <body><main><h1>\(error.code == "room_locked" ? "The presenter is driving" : "Not done")</h1><p>\(HTML.text(error.message))</p>\
            \(error.code == "room_locked" || error.code == "not_presenter" ? fork : "")<p><a href="/rooms/\(room)">Back to the room</a></p></main></body></html>
            """
        var response = HTTPResponse.html(error.status, html).withPageHeaders()
        for field in error.headers { response.headers[field.name] = field.value }  // Retry-After of a 429
        return response
    }
}

extension PresenterGate {
    /// `isPresenter(_:room:)` for a path's room parameter (false for one that names no room).
    func isPresenter(_ request: HTTPRequest, room: String?) -> Bool {
        guard let id = room.flatMap(RoomID.init(validating:)) else { return false }
        return isPresenter(request, room: id)
    }

    /// An input route behind the gate: `route` runs only for a request the gate admits.
    func guarding(_ request: HTTPRequest, _ parameters: RouteParameters, _ instruments: AppInstruments, _ route: () -> HTTPResult) -> HTTPResult {
        guard let id = parameters["room"].flatMap(RoomID.init(validating:)) else { return route() }
        do throws(HTTPError) {
            try admitInput(request, room: id)
        } catch {
            instruments.eventRejected(code: error.code)
            return .response(Self.refusal(error, request, room: id))
        }
        return route()
    }
}

extension PresenterLedger {
    /// `response` (the redirect to a room just made) with the owner cookie of a new token for its maker.
    func owned(_ room: RoomID, _ response: HTTPResponse, request: HTTPRequest) -> HTTPResponse {
        response.adding("Set-Cookie", PresenterGate.setCookie(own(room), room: room, request: request)).adding("Cache-Control", "no-store")
    }
}

extension Room {
    /// A live page of this room with presenter mode added, for a presenter or a watcher (call it in the room, so the
    /// lock it shows is the one of the page's sequence number).
    func presenting(_ html: String, presenter: Bool, compare: Bool = false) -> String {
        PresenterView.decorate(html, room: id, state: presenterShown, presenter: presenter, registry: blueprint.registry, compare: compare)
    }
}
