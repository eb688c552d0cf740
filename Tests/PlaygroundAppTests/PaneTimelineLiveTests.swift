import PlaygroundTesting
import Testing

@testable import PlaygroundApp

/// A pane's own timeline: on `/rooms/{id}/apps/{app}`, `?at=N` shows that app as it was, Back and Forward move
/// through its steps only and stay on the pane's page; the past says it is not live; a fork says where it came from.
@Suite("A timeline per pane")
struct PaneTimelineLiveTests {
    @Test func backAndForwardMoveThroughThePanesOwnSteps() async throws {
        let live = try await LivePlayground(apps: RoomsLiveTests.eventDriven)
        defer { live.playground.shutdown() }
        let room = try await live.newRoom()
        var steps: [String: [Int]] = [:]
        for app in ["ev", "vvsi", "ev", "vvsi"] {
            let body = app == "ev" ? RoomsLiveTests.changeColors : #"{"app":"vvsi","event":"add"}"#
            #expect(try await live.post(room, body).status == 202)
            let history = try await live.request("GET", room + "/history").text
            steps[app, default: []].append(history.matches(of: /"step":(\d+)/).compactMap { Int($0.1) }.max() ?? 0)
        }
        let ev = try #require(steps["ev"]), vvsi = try #require(steps["vvsi"])
        let page = try await live.request("GET", "\(room)/apps/ev?at=\(ev[1])", headers: ["Accept": "text/html"])
        #expect(page.status == 200)
        let text = page.text
        #expect(text.contains("Viewing the past: Step \(ev[1]) of") && text.contains("— not live"), "\(text.prefix(2_000))")
        #expect(text.contains(#"href="\#(room)/apps/ev?at=\#(ev[0])" rel="prev""#), "Back skips the other app's step \(vvsi[0])")
        #expect(!text.contains(#"rel="next""#) || text.contains(#"href="\#(room)/apps/ev?at=\#(ev.last!)" rel="next""#))
        #expect(!text.contains(#"<section class="pane" id="vvsi""#), "one pane only")
        #expect(text.contains(#"<fieldset class="past" disabled>"#), "the past's controls are disabled")
        #expect(text.contains(#"href="?at="#), "trace rows link relative to the page they are on")

        let back = try await live.request("GET", "\(room)/apps/ev?at=back", headers: ["Accept": "text/html"]).text
        #expect(back.contains("Step \(ev[0]) of"), "back: the app before its latest step")
        let bad = try await live.request("GET", "\(room)/apps/ev?at=nope")
        #expect(bad.status == 400 && bad.text.contains("invalid_step"))
    }

    @Test func aForkSaysWhereItCameFrom() async throws {
        let live = try await LivePlayground(apps: RoomsLiveTests.eventDriven)
        defer { live.playground.shutdown() }
        let room = try await live.newRoom()
        #expect(try await live.post(room, RoomsLiveTests.changeColors).status == 202)
        let fork = try await live.request("POST", "\(room)/fork?at=1")
        let location = try #require(fork.header("Location"), "\(fork.status) \(fork.text)")
        let page = try await live.request("GET", location, headers: ["Accept": "text/html"]).text
        let id = room.split(separator: "/").last.map(String.init) ?? ""
        #expect(page.contains(#"Forked from room <a href="/rooms/\#(id)?at=1">\#(id)</a> at step 1"#), "\(page.prefix(1_500))")
    }
}
