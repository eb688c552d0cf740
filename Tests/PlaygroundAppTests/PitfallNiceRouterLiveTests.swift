import AppSeam
import Foundation
import PostsNice
import ProductsRouter
import PlaygroundTesting
import StandardApps
import Testing

@testable import PlaygroundApp

/// NiceArchitecture's and the Router's pitfall switches over HTTP and the page: on, the article's bug shows (and is
/// counted in `/state`'s `pitfalls`); off, it does not; an imported copy of the journal shows the same.
extension PitfallLiveTests {
    static func pitfalls(_ state: NSDictionary) -> [String: (on: Bool, bites: Int)] {
        Dictionary(
            uniqueKeysWithValues: ((state["pitfalls"] as? [[String: Any]]) ?? []).map {
                ($0["name"] as? String ?? "", (on: $0["on"] as? Bool ?? false, bites: $0["bites"] as? Int ?? -1))
            })
    }

    @Test(arguments: [true, false])
    func niceLosesTheFavouritesOnReloadOnlyWithTheSwitchOn(on: Bool) async throws {
        let live = try await LivePlayground { $0.apps = StandardApps.registry(postsAPI: .init(loadDelay: .zero)) }
        defer { live.playground.shutdown() }
        let room = try await live.newRoom()
        _ = try await live.request("GET", room)  // drawn: the list binds and loads
        #expect(await live.waitForApp(room, "nice") { $0["contentLoadState"] as? String == "hasData" })
        let switched = try await live.post(room, #"{"app":"nice","event":"setPitfall","on":\#(on),"pitfall":"favourites-kept-in-rows"}"#)
        #expect(switched.status == 202, "\(switched.text)")
        for event in [#"{"app":"nice","event":"toggleFavourite","postId":3}"#, #"{"app":"nice","event":"reload"}"#] {
            #expect(try await live.post(room, event).status == 202, "\(event)")
        }
        #expect(await live.waitForApp(room, "nice") { $0["contentLoadState"] as? String == "hasData" })
        let state = try await live.state(room, app: "nice")
        #expect(state["favourites"] as? [Int] == (on ? [] : [3]), "\(state)")
        let shown = Self.pitfalls(state)["favourites-kept-in-rows"]
        #expect(shown?.on == on && shown?.bites == (on ? 1 : 0), "\(state)")
        #expect(Self.pitfalls(state)["list-cache-never-hits"]?.on == false, "one switch names one pitfall")
        try await expectReplayShowsTheSame(live, room, app: "nice", keys: ["favourites", "pitfalls", "contentLoadState"])
    }

    @Test(arguments: [true, false])
    func theRouterKeepsTheFirstScreenForASecondRouteOnlyWithTheSwitchOn(on: Bool) async throws {
        let live = try await LivePlayground(apps: ["router"])
        defer { live.playground.shutdown() }
        let room = try await live.newRoom()
        _ = try await live.request("GET", room)
        #expect(await live.waitForApp(room, "router") { $0["contentState"] as? String == "content" })
        #expect(try await live.post(room, #"{"app":"router","event":"setPitfall","on":\#(on),"pitfall":"screen-keyed-by-position"}"#).status == 202)
        // The list's first row's Sheet, then (the sheet over it) the list's second row's Sheet: a route replacing the sheet.
        for row in 0..<2 {
            let page = try await live.request("GET", room).text
            let sheets = Self.controls(labelled: "Sheet", in: page)
            let control = try #require(sheets.dropFirst(row).first, "row \(row)'s Sheet")
            let pressed = try await live.request(
                "POST", room + "/actions", headers: ["Content-Type": "application/json"], body: #"{"app":"router","control":"\#(control)"}"#)
            #expect(pressed.status == 202, "\(pressed.text)")
        }
        let state = try await live.state(room, app: "router")
        let presented = try #require(state["presented"] as? [[String: Any]])
        let products = try #require(state["products"] as? [Int])
        #expect(presented.map { $0["id"] as? Int } == [products[1]], "the route is recorded either way: \(state)")
        #expect(Self.pitfalls(state)["screen-keyed-by-position"]?.bites == (on ? 1 : 0), "\(state)")
        try await expectReplayShowsTheSame(live, room, app: "router", keys: ["presented", "pitfalls"])
    }

    @Test func niceAndRouterRefuseABadSetPitfall() async throws {
        let live = try await LivePlayground { $0.apps = StandardApps.registry(postsAPI: .init(loadDelay: .zero)) }
        defer { live.playground.shutdown() }
        let room = try await live.newRoom()
        _ = try await live.request("GET", room)  // drawn: both lists load by themselves first
        #expect(await live.waitForApp(room, "nice") { $0["contentLoadState"] as? String == "hasData" })
        #expect(await live.waitForApp(room, "router") { $0["contentState"] as? String == "content" })
        let before = try await live.state(room)
        for (bad, says) in [
            (#"{"app":"nice","event":"setPitfall","on":true}"#, "several pitfalls"),
            (#"{"app":"nice","event":"setPitfall","on":true,"pitfall":"nope"}"#, "favourites-kept-in-rows"),
            (#"{"app":"router","event":"setPitfall","on":"yes","pitfall":"screen-keyed-by-position"}"#, "on"),
            (#"{"app":"router","event":"setPitfall","on":true,"pitfall":"screen-keyed-by-position","extra":1}"#, "extra"),
        ] {
            let response = try await live.post(room, bad)
            #expect(response.status == 400, "\(bad): \(response.status) \(response.text)")
            #expect(response.text.contains(says), "\(bad): \(response.text)")
        }
        #expect(try await live.state(room) == before, "a refused setPitfall changed the state")
    }

    /// The ids of the forms whose button reads `label`.
    static func controls(labelled label: String, in html: String) -> [String] {
        html.split(separator: "<form").dropFirst().compactMap { form in
            let body = String(form.split(separator: "</form>").first ?? "")
            guard let id = body.firstMatch(of: /name="control" value="([^"]*)"/)?.1 else { return nil }
            return String(body.drop { $0 != ">" }.dropFirst()).replacing(/<[^>]*>/, with: "") == label ? String(id) : nil
        }
    }
}

/// A Nice or Router room folds and hibernates through its checkpoint: the switches and their bites come back.
@Suite struct PitfallNiceRouterCheckpointTests {
    @Test func niceKeepsItsSwitchesAndTheirBites() async throws {
        let live = try await LivePlayground()
        defer { live.playground.shutdown() }
        var values = AppServiceValues()
        values[PostsPlayground.PostsAPI.self] = PostsPlayground.PostsAPI(loadDelay: .zero)
        let base = "http://127.0.0.1:\(live.port)"
        let original = AppHarness<PostsPlayground>(seed: 3, values: values, ownBaseURL: base)
        await original.draw()
        #expect(await original.waitUntil { $0.app.snapshot.contentLoadState == "hasData" })
        try await original.input("setPitfall", ["on": .boolean(true), "pitfall": .string("favourites-kept-in-rows")])
        try await original.input("toggleFavourite", ["postId": .integer(3)])
        try await original.input("reload")
        #expect(await original.waitUntil { $0.app.snapshot.contentLoadState == "hasData" })
        #expect(await original.run { $0.app.snapshot.pitfalls.first { $0.name == "favourites-kept-in-rows" }?.bites } == 1)
        let copy = try await CheckpointTests.restored(from: original, seed: 3, ownBaseURL: base, values: values)
        #expect(await copy.run { $0.app.room.pitfalls.isOn(.favouritesKeptInRows) })
    }

    @Test func theRouterKeepsItsSwitchesAndTheirBites() async throws {
        let live = try await LivePlayground()
        defer { live.playground.shutdown() }
        let base = "http://127.0.0.1:\(live.port)"
        let original = AppHarness<ProductsPlayground>(seed: 1, ownBaseURL: base)
        await original.draw()
        #expect(await original.waitUntil { $0.app.snapshot.contentState == "content" })
        try await original.input("setPitfall", ["on": .boolean(true), "pitfall": .string("screen-keyed-by-position")])
        for row in 0..<2 {
            let control = try #require(PitfallLiveTests.controls(labelled: "Sheet", in: await original.render().html).dropFirst(row).first)
            try await original.press(action: control)
        }
        #expect(await original.run { $0.app.pitfalls.bites(of: .screenKeyedByPosition) } == 1)
        #expect(await original.checkpoint() == nil, "a sheet showing another route's screen is not rebuilt from a checkpoint")
        try await original.input("dismiss")
        let copy = try await CheckpointTests.restored(from: original, seed: 1, ownBaseURL: base)
        #expect(await copy.run { $0.app.pitfalls.isOn(.screenKeyedByPosition) && $0.app.pitfalls.bites(of: .screenKeyedByPosition) == 1 })
    }
}
