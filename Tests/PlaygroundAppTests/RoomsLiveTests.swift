import Foundation
import PlaygroundTesting
import Testing

@testable import PlaygroundApp

/// The playground's HTTP surface over real sockets: rooms, events, the stream, replay and resync.
@Suite("Rooms over HTTP")
struct RoomsLiveTests {
    /// The apps that change only when an event comes, so sequence numbers count the test's own events.
    static let eventDriven = ["ev", "vvsi", "mvi"]
    static let changeColors = #"{"app":"ev","event":"changeBothSidesColors"}"#

    @Test func rootRedirectsToANewRoomAndThePageShowsEveryPane() async throws {
        let live = try await LivePlayground(apps: RoomsLiveTests.eventDriven)
        defer { live.playground.shutdown() }
        let room = try await live.newRoom()
        #expect(room.wholeMatch(of: /\/rooms\/[0-9a-f]{24}/) != nil)
        let another = try await live.newRoom()
        #expect(another != room, "every visit to / opens a fresh room")
        let page = try await live.request("GET", room, headers: ["Accept": "text/html"])
        #expect(page.status == 200)
        #expect(page.header("Content-Type")?.hasPrefix("text/html") == true)
        #expect(page.header("Content-Security-Policy")?.contains("script-src") == false, "default-src 'self' covers scripts")
        for id in ["ev-left", "ev-center", "ev-right", "ev-flow", "ev-trace", "mvi-search", "data-seq=\"0\""] {
            #expect(page.text.contains(id), "page lacks \(id)")
        }
        #expect(page.text.contains(#" class="button-form" method="post" action="\#(room)/actions">"#), "buttons are plain forms")
        #expect(!page.text.contains(#"method="post" action="\#(room)/events">"#), "every control posts its closure, none an event")
    }

    @Test func twoSubscribersGetTheSamePatch() async throws {
        let live = try await LivePlayground(apps: RoomsLiveTests.eventDriven)
        defer { live.playground.shutdown() }
        let room = try await live.newRoom()
        let first = try await live.subscribe(room)
        let second = try await live.subscribe(room)
        #expect(first.streamHead?.header("Content-Type") == "text/event-stream; charset=utf-8")
        #expect(first.streamHead?.header("Cache-Control") == "no-cache")
        #expect(await first.waitFor("id: 0\n"), "a new stream starts with a resync at the current sequence")
        let accepted = try await live.post(room, Self.changeColors)
        #expect(accepted.status == 202)
        #expect(accepted.text == #"{"seq":1}"#)
        for socket in [first, second] {
            #expect(await socket.waitFor("id: 1\n"))
            #expect(socket.streamBody.hasPrefix("retry: 2000\n\n"))
        }
        let patch = { (socket: TestSocket) in String(socket.streamBody.split(separator: "\n\n").first { $0.contains("id: 1\n") } ?? "") }
        #expect(patch(first) == patch(second), "every subscriber gets the same bytes")
        #expect(patch(first).contains("event: patch"))
        #expect(patch(first).contains(#"data: <div id="ev-left""#))
        #expect(!patch(first).contains(#"id="ev-center""#), "the unchanged Center is not sent again")
        let state = try await live.state(room)
        #expect(state.contains(##""leftColor":"#"##) && !state.contains(#""leftColor":null"#))
    }

    @Test func formPostsAnswer303ForBrowsersAnd202ForClients() async throws {
        let live = try await LivePlayground(apps: RoomsLiveTests.eventDriven)
        defer { live.playground.shutdown() }
        let room = try await live.newRoom()
        let form = ["Content-Type": "application/x-www-form-urlencoded"]
        let browser = try await live.request(
            "POST", room + "/events", headers: form.merging(["Accept": "text/html,application/xhtml+xml"]) { $1 },
            body: "app=ev&event=changeBothSidesColors")
        #expect(browser.status == 303)
        #expect(browser.header("Location") == room)
        let curl = try await live.request(
            "POST", room + "/events", headers: form.merging(["Accept": "*/*"]) { $1 }, body: "app=ev&event=changeBothSidesColors")
        #expect(curl.status == 202)
        #expect(curl.text == #"{"seq":2}"#)
    }

    @Test func reconnectReplaysWhatWasMissedOrResyncs() async throws {
        let live = try await LivePlayground(apps: RoomsLiveTests.eventDriven) { $0.replayCount = 4 }
        defer { live.playground.shutdown() }
        let room = try await live.newRoom()
        for _ in 1...3 { _ = try await live.post(room, Self.changeColors) }
        let replay = try await live.subscribe(room, headers: ["Last-Event-ID": "1"])
        #expect(await replay.waitFor("id: 3\n"))
        #expect(replay.eventIDs == ["2", "3"], "exactly the missed messages, in order")
        let upToDate = try await live.subscribe(room, query: "?since=3")
        #expect(await upToDate.waitFor(": up to date at 3"))
        #expect(upToDate.eventIDs.isEmpty)
        for _ in 4...9 { _ = try await live.post(room, Self.changeColors) }
        let tooOld = try await live.subscribe(room, headers: ["Last-Event-ID": "2"])
        #expect(await tooOld.waitFor("id: 9\n"))
        #expect(tooOld.eventIDs == ["9"], "past the replay log: one resync at the current sequence")
        #expect(tooOld.streamBody.contains(#"<div id="ev-view""#) && tooOld.streamBody.contains(#"id="mvi-search""#))
        let garbage = try await live.subscribe(room, headers: ["Last-Event-ID": "12abc"], query: "?since=abc")
        #expect(await garbage.waitFor("id: 9\n"))
        let future = try await live.subscribe(room, headers: ["Last-Event-ID": "999"])
        #expect(await future.waitFor("id: 9\n"), "an id from the future (a restarted server) resyncs")
    }

    @Test func plainRequestsKeepTheConnectionAlive() async throws {
        let live = try await LivePlayground(apps: RoomsLiveTests.eventDriven)
        defer { live.playground.shutdown() }
        let socket = try TestSocket(port: live.port)
        try socket.send("GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
        let first = try await socket.readResponse()
        try socket.send("GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
        let second = try await socket.readResponse()
        #expect(first.status == 200 && second.status == 200)
        #expect(first.header("Connection")?.lowercased() != "close")
        #expect(second.text.contains(#""status":"ok""#))
    }

    @Test func healthReportsRoomsAndStreams() async throws {
        let live = try await LivePlayground(apps: RoomsLiveTests.eventDriven)
        defer { live.playground.shutdown() }
        let room = try await live.newRoom()
        let stream = try await live.subscribe(room)
        #expect(await stream.waitFor("id: 0"))
        let health = try await live.request("GET", "/healthz").text
        #expect(health.contains(#""rooms":1"#))
        #expect(health.contains(#""openStreams":1"#))
        #expect(health.contains(#""droppedSlowStreams":0"#))
    }

    @Test func shutdownEndsOpenStreams() async throws {
        // A grace period far longer than any loaded run's shutdown: waiting it out cannot pass for ending them.
        let live = try await LivePlayground(apps: RoomsLiveTests.eventDriven) { $0.http.shutdownGraceSeconds = 300 }
        let room = try await live.newRoom()
        var sockets: [TestSocket] = []
        for _ in 0..<20 { sockets.append(try await live.subscribe(room)) }
        for socket in sockets { #expect(await socket.waitFor("id: 0")) }
        let started = ContinuousClock.now
        live.playground.shutdown()
        #expect(ContinuousClock.now - started < .seconds(30), "the grace period it must not wait out is 300 s")
        for socket in sockets { #expect(await socket.waitForEOF()) }
        live.playground.shutdown()
    }
}

/// A press of a control on the page (`POST /rooms/{id}/actions`): its closure runs in the room.
@Suite("Controls over HTTP")
struct ControlsLiveTests {
    @Test func aPressRunsTheControlsClosureAndAStaleOneChangesNothing() async throws {
        let live = try await LivePlayground(apps: RoomsLiveTests.eventDriven)
        defer { live.playground.shutdown() }
        let room = try await live.newRoom()
        let page = try await live.request("GET", room, headers: ["Accept": "text/html"])
        let control = try #require(page.text.firstMatch(of: /name="app" value="ev"><input type="hidden" name="control" value="([^"]*)"/)?.1)
        let tab = try await live.subscribe(room)
        #expect(await tab.waitFor("id: 0\n"))

        let pressed = try await live.request(
            "POST", room + "/actions", headers: ["Content-Type": "application/json"],
            body: #"{"app":"ev","control":"\#(control)"}"#)
        #expect(pressed.status == 202, "\(pressed.text)")
        #expect(await tab.waitFor("id: 1\n"))
        #expect(try await live.state(room).contains(##""leftColor":"#"##))
        #expect(await tab.waitFor(".changeBothSidesColors"), "the trace shows what the closure sent into eventSubject")

        let before = try await live.state(room, app: "ev")
        for (body, status, code) in [
            (#"{"app":"ev","control":"/T/9/9"}"#, 409, "stale_action"),
            (#"{"app":"ev"}"#, 400, "missing_control"),
            (#"{"app":"nope","control":"/T"}"#, 400, "unknown_app"),
            (#"{"app":"ev","control":"/T","x":1}"#, 400, "unexpected_argument"),
        ] {
            let refused = try await live.request("POST", room + "/actions", headers: ["Content-Type": "application/json"], body: body)
            #expect(refused.status == status && refused.text.contains(#""code":"\#(code)""#), "\(body) → \(refused.status) \(refused.text)")
        }
        #expect(try await live.state(room, app: "ev") == before, "refused presses change nothing")

        let form = try await live.request(
            "POST", room + "/actions", headers: ["Content-Type": "application/x-www-form-urlencoded", "Accept": "text/html"],
            body: "app=ev&control=" + (String(control).addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
        #expect(form.status == 303 && form.header("Location") == room, "a form post without JavaScript comes back to the room")
    }
}
