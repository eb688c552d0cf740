import PlaygroundTesting
import StandardApps
import Testing

@testable import PlaygroundApp

/// Every kind of bad input gets a clear JSON error naming what is accepted, and changes nothing.
@Suite("Bad input over HTTP")
struct BadInputLiveTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let method: String
        let path: String
        let headers: [String: String]
        let body: String?
        let status: Int
        let code: String
        let mentions: String
        var testDescription: String { "\(method) \(path) \((body ?? "").prefix(70)) → \(status) \(code)" }
    }

    static let json = ["Content-Type": "application/json"]
    static let cases: [Case] = [
        Case(
            method: "POST", path: "events", headers: json, body: #"{"app":"nope","event":"x"}"#, status: 400, code: "unknown_app",
            mentions: "accepted: ev, vvsi, mvi"),
        Case(
            method: "POST", path: "events", headers: json, body: #"{"app":"ev","event":"explode"}"#, status: 400, code: "unknown_event",
            mentions: "accepted: changeBothSidesColors"),
        Case(
            method: "POST", path: "events", headers: json, body: #"{"app":"ev","event":"changeBothSidesColors","x":1}"#, status: 400,
            code: "unexpected_argument", mentions: "takes no arguments"),
        Case(
            method: "POST", path: "events", headers: json, body: #"{"app":"ev","#, status: 400, code: "malformed_json",
            mentions: "send e.g."),
        Case(
            method: "POST", path: "events", headers: json, body: #"{"app":"<script>alert(1)</script>","event":"x"}"#, status: 400,
            code: "unknown_app", mentions: "accepted"),
        Case(
            method: "POST", path: "events", headers: ["Content-Type": "application/x-www-form-urlencoded"], body: "app=ev&event=%ZZ",
            status: 400, code: "malformed_form", mentions: "percent-encoded"),
        Case(
            method: "POST", path: "events", headers: ["Content-Type": "text/plain"], body: "hi", status: 415,
            code: "unsupported_content_type", mentions: "application/json"),
        Case(
            method: "POST", path: "events", headers: json, body: String(repeating: "x", count: 20_000), status: 413, code: "",
            mentions: "16384"),
        Case(method: "PUT", path: "events", headers: json, body: "{}", status: 405, code: "", mentions: "POST"),
        Case(method: "DELETE", path: "", headers: [:], body: nil, status: 405, code: "", mentions: "GET"),
        Case(
            method: "POST", path: "events", headers: json, body: #"{"app":"mvi","event":"search","query":""}"#, status: 400, code: "",
            mentions: "query"),
        Case(
            method: "POST", path: "events", headers: json, body: #"{"app":"mvi","event":"search","query":"a\u0007b"}"#, status: 400,
            code: "", mentions: "control"),
        Case(
            method: "POST", path: "events", headers: json, body: #"{"app":"mvi","event":"setFaults","latencyMs":-1,"failureRate":2}"#,
            status: 400, code: "invalid_argument", mentions: "0"),
        Case(
            method: "POST", path: "events", headers: json, body: #"{"app":"mvi","event":"page","page":2}"#, status: 409,
            code: "no_search_yet", mentions: "search"),
    ]

    @Test(arguments: cases)
    func rejectedWithStateUnchanged(_ bad: Case) async throws {
        let live = try await LivePlayground(apps: RoomsLiveTests.eventDriven)
        defer { live.playground.shutdown() }
        let room = try await live.newRoom()
        let before = try await live.state(room)
        let response = try await live.request(
            bad.method, bad.path.isEmpty ? room : "\(room)/\(bad.path)", headers: bad.headers, body: bad.body)
        #expect(response.status == bad.status, "\(response.text)")
        #expect(response.header("Content-Type")?.hasPrefix("application/json") == true)
        #expect(response.text.hasPrefix(#"{"error":{"code":""#))
        if !bad.code.isEmpty { #expect(response.text.contains(#""code":"\#(bad.code)""#)) }
        #expect(response.text.contains(bad.mentions), "the message says what is accepted: \(response.text)")
        #expect(!response.text.contains("<script>"), "client text is never echoed as markup")
        let after = try await live.state(room)
        #expect(after == before, "state unchanged")
    }

    @Test func unknownAndMalformedRoomsAre404() async throws {
        let live = try await LivePlayground()
        defer { live.playground.shutdown() }
        for path in [
            "/rooms/0123456789abcdef01234567", "/rooms/nope/state", "/rooms/%3Cscript%3E/stream", "/rooms/0123456789abcdef01234567/events",
        ] {
            let response = try await live.request(
                path.hasSuffix("events") ? "POST" : "GET", path, headers: Self.json, body: path.hasSuffix("events") ? "{}" : nil)
            #expect(response.status == 404, "\(path): \(response.text)")
            #expect(response.text.contains("unknown_room"))
            #expect(!response.text.contains("<script>"))
        }
        let browser = try await live.request("GET", "/rooms/0123456789abcdef01234567", headers: ["Accept": "text/html"])
        #expect(browser.status == 404)
        #expect(browser.header("Content-Type")?.hasPrefix("text/html") == true)
        #expect(browser.text.contains(#"<a href="/">Open a new room</a>"#))
        let nowhere = try await live.request("GET", "/nowhere")
        #expect(nowhere.status == 404)
    }

    @Test func staticFilesNeverEscapePublic() async throws {
        let live = try await LivePlayground()
        defer { live.playground.shutdown() }
        let script = try await live.request("GET", "/public/playground.js")
        #expect(script.status == 200)
        #expect(
            script.header("Content-Type")?.hasPrefix("text/javascript") == true
                || script.header("Content-Type")?.hasPrefix("application/javascript") == true)
        #expect(script.header("ETag") != nil)
        for path in [
            "/public/../Package.swift", "/public/%2e%2e/Package.swift", "/public/..%2fPackage.swift", "/public//etc/passwd",
            "/public/%2fetc%2fpasswd", "/public/..\\Package.swift", "/public/%252e%252e/Package.swift", "/public/.gitignore",
        ] {
            let response = try await live.request("GET", path)
            #expect([400, 404].contains(response.status), "\(path) → \(response.status)")
            #expect(!response.text.contains("swift-tools-version") && !response.text.contains("root:"), "\(path) leaked a file")
        }
    }

    /// A percent-encoded NUL is not decoded (it would cut the C string short, past every check on what follows),
    /// and paths split at every `/` byte, even before a combining mark.
    @Test func encodedNULsAndCombiningMarksCannotSlipPastTheChecks() async throws {
        let live = try await LivePlayground()
        defer { live.playground.shutdown() }
        for (path, status, code) in [
            ("/healthz%00abc", 404, "not_found"), ("/public/playground.css%00x", 400, "bad_static_path"),
            ("/3/search/movie?query=a%00%01", 400, "invalid_search"), ("/rooms/%CC%81/state", 404, "unknown_room"),
            ("/rooms/%CC%81/stream", 404, "unknown_room"), ("/public/%CC%81", 404, "not_found"),
        ] {
            let response = try await live.request("GET", path)
            #expect(response.status == status && response.text.contains(#""code":"\#(code)""#), "\(path) → \(response.status) \(response.text)")
        }
        #expect(try await live.request("GET", "/3/search/movie?query=star+wars").status == 200, "+ and %20 still decode")
    }

    /// A number is written one way, in a form as in JSON: digits, a fraction after ".", a leading "-". Swift's
    /// `Int("+3")` and `Double("0x1p-1")` read more, so a form's `postId=%2B3` or `failureRate=0x1p-1` was taken and
    /// changed the state; a JSON `1e2` or `100.0` was an integer. Each is the 400 any other non-digit gets.
    @Test func numbersAreReadOneWayInFormsAndJSON() async throws {
        let live = try await LivePlayground { $0.apps = StandardApps.registry(postsAPI: .init(loadDelay: .zero)) }
        defer { live.playground.shutdown() }
        let room = try await live.newRoom()
        let stream = try await live.subscribe(room)  // a drawn page loads the posts and the products
        #expect(await stream.waitFor("Ada Whitfield"), "\(stream.streamBody.suffix(300))")
        #expect(await stream.waitFor(">Delete</span>"), "\(stream.streamBody.suffix(300))")
        let product = try #require((try await live.state(room, app: "router")["products"] as? [Int])?.first)
        let before = try await live.state(room)
        let form = ["Content-Type": "application/x-www-form-urlencoded"]
        for (headers, body) in [
            (form, "app=nice&event=openPost&postId=%2B3"), (form, "app=nice&event=toggleFavourite&postId=+3"),
            (form, "app=nice&event=openPost&postId=03"), (form, "app=nice&event=openPost&postId=3.0"),
            (form, "app=nice&event=openPost&postId=-3"),
            (form, "app=nice&event=setFaults&latencyMs=%2B100&failureRate=0"),
            (form, "app=nice&event=setFaults&latencyMs=1e2&failureRate=0"),
            (form, "app=nice&event=setFaults&latencyMs=0&failureRate=0x1p-1"),
            (form, "app=nice&event=setFaults&latencyMs=0&failureRate=%2B.5"),
            (form, "app=nice&event=setFaults&latencyMs=0&failureRate=.5"),
            (form, "app=nice&event=setFaults&latencyMs=0&failureRate=5e-1"),
            (form, "app=mvi&event=setFaults&latencyMs=%2B100&failureRate=0"),
            (form, "app=mvi&event=setFaults&latencyMs=0&failureRate=0x1p-1"), (form, "app=mvi&event=page&page=%2B2"),
            (form, "app=vvsi&event=random&count=%2B3&length=2"),
            (form, "app=router&event=openProduct&id=%2B\(product)&presentation=sheet"),
            (form, "app=router&event=deleteProduct&id=-\(product)"),
            (Self.json, #"{"app":"nice","event":"setFaults","latencyMs":1e2,"failureRate":0}"#),
            (Self.json, #"{"app":"nice","event":"setFaults","latencyMs":100.0,"failureRate":0}"#),
            (Self.json, #"{"app":"nice","event":"setFaults","latencyMs":0,"failureRate":5E-1}"#),
            (Self.json, #"{"app":"nice","event":"openPost","postId":3.0}"#),
            (Self.json, #"{"app":"nice","event":"openPost","postId":-1}"#),
        ] {
            let response = try await live.request("POST", "\(room)/events", headers: headers, body: body)
            #expect(response.status == 400, "\(body) → \(response.status) \(response.text)")
            #expect(response.text.hasPrefix(#"{"error":{"code":"invalid_argument","message":"#), "\(body) → \(response.text)")
        }
        #expect(try await live.state(room) == before, "state unchanged")
        for (headers, body) in [
            (form, "app=nice&event=setFaults&latencyMs=100&failureRate=0.5"), (form, "app=nice&event=setFaults&latencyMs=0&failureRate=1"),
            (Self.json, #"{"app":"nice","event":"setFaults","latencyMs":0,"failureRate":0.25}"#),
            (form, "app=router&event=openProduct&id=\(product)&presentation=sheet"),
        ] {
            let response = try await live.request("POST", "\(room)/events", headers: headers, body: body)
            #expect(response.status == 202, "the numbers the README documents are taken: \(body) → \(response.text)")
        }
    }

    /// libmicrohttpd hands header values over as C strings: a raw NUL would cut "application/json\0text/plain" to
    /// "application/json" and the body would be read as JSON. Such a request is refused whole, as a path's `%00` is.
    @Test func aNULInAHeaderValueIsRefused() async throws {
        let live = try await LivePlayground(apps: RoomsLiveTests.eventDriven)
        defer { live.playground.shutdown() }
        let room = try await live.newRoom()
        let before = try await live.state(room)
        let body = #"{"app":"ev","event":"changeBothSidesColors"}"#
        func post(_ headers: [String]) async throws -> TestResponse {
            let socket = try TestSocket(port: live.port)
            let head = ["POST \(room)/events HTTP/1.1", "Host: t", "Connection: close"] + headers + ["Content-Length: \(body.utf8.count)"]
            try socket.send(Array((head.joined(separator: "\r\n") + "\r\n\r\n" + body).utf8))
            return try await socket.readResponse()
        }
        for headers in [
            ["Content-Type: application/json\u{0}text/plain"],  // the type is not JSON
            ["Content-Type: application/json\u{0}\u{0}text/plain"],
            ["Content-Type: application/json", "Accept: application/json\u{0}text/html"],  // the last header too
            ["Accept: */*\u{0}", "Content-Type: application/json"],  // a NUL just before the line's end
            ["X-Note: a", " folded onto a second line", "Content-Type: application/json"],  // obs-fold: RFC 9112 allows 400
        ] {
            #expect(Array(headers.joined().utf8).contains(0) || headers.contains { $0.hasPrefix(" ") })
            let refused = try await post(headers)
            #expect(refused.status == 400, "\(headers): \(refused.status) \(refused.text)")
            #expect(refused.header("Content-Type")?.hasPrefix("application/json") == true)
            #expect(refused.text.hasPrefix(#"{"error":{"code":"invalid_header","message":"A request header holds a NUL byte"#), "\(refused.text)")
        }
        #expect(try await live.state(room) == before, "state unchanged")
        let accepted = try await post(["Accept: */*", "Content-Type: application/json"])
        #expect(accepted.status == 202, "the same request without the NUL is taken: \(accepted.text)")
    }

    @Test func roomBudgetIs503OnlyWhenEveryRoomHasAStream() async throws {
        let live = try await LivePlayground(apps: RoomsLiveTests.eventDriven) { $0.maxRooms = 2 }
        defer { live.playground.shutdown() }
        let first = try await live.subscribe(try await live.newRoom())
        let second = try await live.subscribe(try await live.newRoom())
        #expect(await first.waitFor("id: 0"))
        #expect(await second.waitFor("id: 0"))
        let third = try await live.request("GET", "/")
        #expect(third.status == 503)
        #expect(third.text.contains("room_budget_exhausted"))
        #expect(third.header("Retry-After") == "30")
    }

    @Test func streamBudgetIs503() async throws {
        let live = try await LivePlayground(apps: RoomsLiveTests.eventDriven) { $0.http.maxStreams = 2 }
        defer { live.playground.shutdown() }
        let room = try await live.newRoom()
        let first = try await live.subscribe(room)
        let second = try await live.subscribe(room)
        #expect(await first.waitFor("id: 0"))
        #expect(await second.waitFor("id: 0"))
        let third = try await live.request("GET", room + "/stream")
        #expect(third.status == 503)
        let accepted = try await live.post(room, RoomsLiveTests.changeColors)
        #expect(accepted.status == 202)
        #expect(await first.waitFor("id: 1\n"), "the streams within budget keep working")
    }
}
