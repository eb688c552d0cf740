import AppSeam
import Foundation
import ListViewVVSI
import MovieSearchMVI
import PlaygroundTesting
import RandomColorEV
import Testing

@testable import PlaygroundApp

/// The pitfall switches over HTTP (issue #30): with the switch on the article's bug shows, off it does not, and a
/// room imported from the export (its journal replayed) shows the same numbers.
@Suite("Pitfall switches over HTTP")
struct PitfallLiveTests {
    static func setPitfall(_ app: String, _ on: Bool) -> String { #"{"app":"\#(app)","event":"setPitfall","on":\#(on)}"# }

    @Test(arguments: [true, false])
    func evLeaksASubscriptionPerReCreatedViewOnlyWithTheSwitchOn(on: Bool) async throws {
        let live = try await LivePlayground(apps: RoomsLiveTests.eventDriven)
        defer { live.playground.shutdown() }
        let room = try await live.newRoom()
        #expect(try await live.state(room, app: "ev")["liveActionSubscriptions"] as? Int == 2)
        #expect(try await live.post(room, Self.setPitfall("ev", on)).status == 202)
        for _ in 1...5 { #expect(try await live.post(room, RoomsLiveTests.changeColors).status == 202) }
        let state = try await live.state(room, app: "ev")
        // Left and Right are re-created by each event: two subscriptions leaked per event with the article's code.
        #expect(state["liveActionSubscriptions"] as? Int == (on ? 2 + 5 * 2 : 2), "\(state)")
        #expect((state["pitfall"] as? [String: Any])?["on"] as? Bool == on)
        try await expectReplayShowsTheSame(live, room, app: "ev", keys: ["liveActionSubscriptions", "leftColor", "rightColor", "pitfall"])
    }

    @Test(arguments: [true, false])
    func vvsiConcurrentAddsPassTheCapOnlyWithTheSwitchOn(on: Bool) async throws {
        let live = try await LivePlayground(apps: RoomsLiveTests.eventDriven)
        defer { live.playground.shutdown() }
        // With the switch on, adds race only when some arrive while others' tasks have not yet read the count; a room
        // that served all 50 one after the other gets a fresh room (the race is the precondition, not the outcome).
        var (room, state, items) = ("", NSDictionary(), [String]())
        for attempt in 1...3 {
            let fresh = try await live.newRoom()
            room = fresh
            #expect(try await live.post(room, Self.setPitfall("vvsi", on)).status == 202)
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<50 { group.addTask { try await live.post(fresh, VVSILiveTests.add).status } }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.allSatisfy { $0 == 202 })
            #expect(await live.waitForApp(room, "vvsi") { $0["actionRunning"] as? Bool == false && $0["pendingActions"] as? Int == 0 })
            // The article's adds run in detached tasks the host does not count: the state is read once it holds still.
            state = try await live.state(room, app: "vvsi")
            for _ in 0..<30 {
                try await Task.sleep(for: .milliseconds(300))
                let again = try await live.state(room, app: "vvsi")
                if again == state { break }
                state = again
            }
            items = try #require(state["items"] as? [String])
            if !on || items.count > 5 || attempt == 3 { break }
        }
        if on {
            #expect(items.count > 5, "the article's trigger lets concurrent adds race past the cap: \(items.count)")
            #expect(state["overCap"] as? Int == items.count - 5)
        } else {
            #expect(items.count == 5 && state["overCap"] as? Int == 0, "\(items.count)")
        }
        // Actions run side by side replay in the order their deliveries were applied (docs/journal.md): the import
        // ends the race as the room did, its end after the last step included (the export's tail).
        try await expectReplayShowsTheSame(live, room, app: "vvsi", keys: ["items", "overCap", "pitfall", "alert"])
    }

    @Test(arguments: [true, false])
    func mviShowsTheSlowStaleAnswerOnlyWithTheSwitchOn(on: Bool) async throws {
        let live = try await LivePlayground(apps: RoomsLiveTests.eventDriven)
        defer { live.playground.shutdown() }
        // Asked first: a search for "a" is a heavy one, which must not slow the room's own requests below.
        let answered = try await live.request("GET", "/3/search/movie?query=a").text
        let aTotal = try #require((try JSONSerialization.jsonObject(with: Data(answered.utf8)) as? [String: Any])?["total_results"] as? Int)
        #expect(aTotal != 5, "the two searches must be told apart by their totals")
        // The fast search must answer before the slow one's 3 s are up; a machine so loaded that it did not gets a
        // fresh room (that order is the precondition, not the outcome: with the switch on, an "a" answered first
        // shows, then "star wars" ends on top).
        var (room, state) = ("", NSDictionary())
        for attempt in 1...3 {
            room = try await live.newRoom()
            #expect(try await live.post(room, Self.setPitfall("mvi", on)).status == 202)
            // A slow search for "a" (latency injected for it), then a fast one for "star wars" while "a" still waits.
            for event in [
                #"{"app":"mvi","event":"setFaults","latencyMs":3000,"failureRate":0}"#, #"{"app":"mvi","event":"search","query":"a"}"#,
                #"{"app":"mvi","event":"setFaults","latencyMs":0,"failureRate":0}"#, #"{"app":"mvi","event":"search","query":"star wars"}"#,
            ] {
                #expect(try await live.post(room, event).status == 202, "\(event)")
            }
            // Both answers are in once nothing is in flight and, with the switch on, the stale one was shown.
            #expect(await live.waitForApp(room, "mvi") { $0["inFlight"] as? Bool == false && $0["staleAnswersShown"] as? Int == (on ? 1 : 0) })
            state = try await live.state(room, app: "mvi")
            if !on || state["totalResults"] as? Int != 5 || attempt == 3 { break }
        }
        #expect(state["query"] as? String == "star wars")
        #expect(state["totalResults"] as? Int == (on ? aTotal : 5), "\(state)")
        try await expectReplayShowsTheSame(
            live, room, app: "mvi", keys: ["query", "totalResults", "resultCount", "staleAnswersShown", "pitfall", "state"])
    }

    @Test func badSetPitfallIsRefusedAndChangesNothing() async throws {
        let live = try await LivePlayground(apps: RoomsLiveTests.eventDriven)
        defer { live.playground.shutdown() }
        let room = try await live.newRoom()
        let before = try await live.state(room)
        for (bad, says) in [
            (#"{"app":"mvi","event":"setPitfall","on":"yes"}"#, "true or false"),
            (#"{"app":"mvi","event":"setPitfall","on":1}"#, "true or false"),
            (#"{"app":"vvsi","event":"setPitfall"}"#, "on"),
            (#"{"app":"vvsi","event":"setPitfall","on":null}"#, "true or false"),
            (#"{"app":"ev","event":"setPitfall","on":"true"}"#, "true or false"),
            (#"{"app":"ev","event":"setPitfall","on":true,"extra":1}"#, "extra"),
            (#"{"app":"mvi","event":"setPitfall","on":true,"extra":1}"#, "extra"),
            (#"{"app":"ev","event":"setPitfall","on":true,"pitfall":"nope"}"#, "leaked-subscription"),
            (#"{"app":"vvsi","event":"setPitfall","on":true,"pitfall":"nope"}"#, "unserialised-actions"),
            (#"{"app":"nope","event":"setPitfall","on":true}"#, "no app"),
        ] {
            let response = try await live.post(room, bad)
            #expect(response.status == 400, "\(bad): \(response.status) \(response.text)")
            #expect(response.text.contains(says), "\(bad): \(response.text)")
        }
        #expect(try await live.state(room) == before, "a refused setPitfall changed the state")
        // The pitfall's name may be given; a form post is read as JSON's is.
        #expect(try await live.post(room, #"{"app":"mvi","event":"setPitfall","on":true,"pitfall":"stale-answer-wins"}"#).status == 202)
        let form = try await live.request(
            "POST", room + "/events", headers: ["Content-Type": "application/x-www-form-urlencoded"], body: "app=vvsi&event=setPitfall&on=true")
        #expect(form.status == 202, "\(form.text)")
        #expect((try await live.state(room, app: "vvsi")["pitfall"] as? [String: Any])?["on"] as? Bool == true)
        #expect((try await live.state(room, app: "mvi")["pitfall"] as? [String: Any])?["on"] as? Bool == true)
    }

    @Test func thePaneShowsTheSwitchAndWhenOnTheNoteAndTheFixsLines() async throws {
        let live = try await LivePlayground(apps: RoomsLiveTests.eventDriven)
        defer { live.playground.shutdown() }
        let room = try await live.newRoom()
        let off = try await live.request("GET", room, headers: ["Accept": "text/html"]).text
        for app in ["ev", "vvsi", "mvi"] {
            #expect(off.contains(#"<div id="\#(app)-pitfall""#), "\(app) shows no switch")
        }
        #expect(off.contains(#"role="switch" aria-checked="false">Run the article&#39;s code as published</button>"#))
        #expect(try await live.post(room, Self.setPitfall("vvsi", true)).status == 202)
        let on = try await live.request("GET", room, headers: ["Accept": "text/html"]).text
        #expect(on.contains(#"aria-checked="true">Run the article&#39;s code as published"#))
        let fix = ListViewEvent.pitfalls[0]
        #expect(on.contains(#"href="\#(fix.sourcePath)""#), "the note links the fix's lines")
        let source = try await live.request("GET", String(fix.sourcePath.prefix { $0 != "#" }))
        #expect(source.status == 200)
    }

    /// The pane's toggle is a press like any other control's: it runs setPitfall's path, and a replay presses it again.
    @Test func theTogglesPressIsJournaledAndReplayedAndExported() async throws {
        let live = try await LivePlayground(apps: RoomsLiveTests.eventDriven)
        defer { live.playground.shutdown() }
        let room = try await live.newRoom()
        let page = try await live.request("GET", room, headers: ["Accept": "text/html"]).text
        let pane = try #require(page.firstRange(of: #"<div id="ev-pitfall""#).map { String(page[$0.lowerBound...].prefix(1_500)) })
        let control = try #require(pane.firstMatch(of: /name="control" value="([^"]*)"><input type="hidden" name="value" value="true">/)?.1)
        let pressed = try await live.request(
            "POST", room + "/actions", headers: ["Content-Type": "application/json"], body: #"{"app":"ev","control":"\#(control)","value":"true"}"#)
        #expect(pressed.status == 202, "\(pressed.text)")
        #expect(try await live.post(room, RoomsLiveTests.changeColors).status == 202)
        #expect(try await live.state(room, app: "ev")["liveActionSubscriptions"] as? Int == 4)
        try await expectReplayShowsTheSame(live, room, app: "ev", keys: ["liveActionSubscriptions", "pitfall"])
        #expect(try await live.post(room, Self.setPitfall("vvsi", true)).status == 202)
        let swift = try await live.request("GET", room + "/export.swift?name=Pitfalls").text
        #expect(swift.contains(#"try await app.input("setPitfall", ["on": .boolean(true)], from: .http)"#), "\(swift.prefix(2_000))")
    }

    /// Exports the room's journal, imports it as a new room (every step replayed) and expects the same `keys` of
    /// `app`'s state there.
    func expectReplayShowsTheSame(_ live: LivePlayground, _ room: String, app: String, keys: [String]) async throws {
        let exported = try await live.request("GET", room + "/export")
        #expect(exported.status == 200)
        let imported = try await live.request("POST", "/rooms/import", headers: ["Content-Type": "application/json"], body: exported.text)
        #expect(imported.status == 303, "\(imported.text)")
        let copy = try #require(imported.header("Location"))
        let original = try await live.state(room, app: app)
        let replayed = try await live.state(copy, app: app)
        for key in keys {
            #expect(
                (replayed[key] as? NSObject) == (original[key] as? NSObject),
                "\(app).\(key): replayed \(String(describing: replayed[key])), live \(String(describing: original[key]))")
        }
    }
}

/// Each pitfall's fix, as the pane links it, is the code that fixes it: its file is a source the pane shows and its
/// lines hold the fix.
@Suite struct PitfallDeclarationTests {
    @Test(arguments: [
        (RandomColorEV.EventEnum.pitfalls[0], "box.connect(to: slot.environment.actionSource)"),
        (ListViewEvent.pitfalls[0], "guard running != nil else {"),
        (MovieSearchEvent.pitfalls[0], "guard owner.inFlight?.serial == ticket.serial, owner.generation == ticket.generation else {"),
    ])
    func theFixsLinesHoldTheFix(pitfall: Pitfall, fix: String) throws {
        let path = LivePlayground.checkout.appendingPathComponent("Sources/\(pitfall.fixFile)").path
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count >= pitfall.fixLines.upperBound)
        let shown = lines[(pitfall.fixLines.lowerBound - 1)..<min(pitfall.fixLines.upperBound, lines.count)].joined(separator: "\n")
        #expect(shown.contains(fix), "\(pitfall.fixFile) \(pitfall.fixLines): \(shown)")
    }

    @Test func anUnknownOrMissingNameIsRefused() throws {
        let two = [ListViewEvent.pitfalls[0], MovieSearchEvent.pitfalls[0]]
        #expect(throws: AppInputError.self) { try Pitfall.named(nil, in: two, app: "x") }
        #expect(throws: AppInputError.self) { try Pitfall.named("nope", in: two, app: "x") }
        #expect(try Pitfall.named("stale-answer-wins", in: two, app: "x") == two[1])
        #expect(try Pitfall.named(nil, in: [two[0]], app: "x") == two[0])
    }
}

/// A room folds and hibernates through its apps' checkpoints: with a switch on (and its bug shown) a restored app
/// shows the same `/state` and views, writes the same checkpoint, and goes on running the article's code.
@Suite struct PitfallCheckpointTests {
    @Test func evKeepsItsSwitchAndItsLeaks() async throws {
        let original = AppHarness<RandomColorEVPlayground>(seed: 11)
        await original.draw()
        try await original.input("setPitfall", ["on": .boolean(true)])
        for _ in 0..<2 { try await original.input("changeBothSidesColors") }
        let copy = try await CheckpointTests.restored(from: original, seed: 11)
        try await original.input("changeBothSidesColors")
        try await copy.input("changeBothSidesColors")
        #expect(await copy.snapshotJSON == original.snapshotJSON)
        #expect(await copy.run { $0.app.snapshot.liveActionSubscriptions } == 8)
    }

    @Test func vvsiKeepsItsSwitch() async throws {
        let original = AppHarness<ListViewPlayground>(seed: 5)
        await original.draw()
        try await original.input("setPitfall", ["on": .boolean(true)])
        for _ in 0..<3 { try await original.input("add") }
        #expect(await original.waitUntil { !$0.app.snapshot.actionRunning })
        let copy = try await CheckpointTests.restored(from: original, seed: 5)
        #expect(await copy.run { $0.app.snapshot.pitfall.on })
    }

    @Test func mviKeepsItsSwitchAndTheStaleAnswersItShowed() async throws {
        let live = try await LivePlayground(apps: RoomsLiveTests.eventDriven)
        defer { live.playground.shutdown() }
        let base = "http://127.0.0.1:\(live.port)"
        let original = AppHarness<MovieSearchPlayground>(seed: 3, ownBaseURL: base)
        try await original.input("setPitfall", ["on": .boolean(true)])
        try await original.input("search", ["query": .string("alien")])
        #expect(await original.waitUntil { !$0.app.snapshot.inFlight })
        let copy = try await CheckpointTests.restored(from: original, seed: 3, ownBaseURL: base)
        #expect(await copy.run { $0.app.viewModel.intents.appliesEveryAnswer })
    }
}
