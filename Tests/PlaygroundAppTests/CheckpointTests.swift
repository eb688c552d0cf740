import AppSeam
import Foundation
import ListViewVVSI
import MovieSearchMVI
import PlaygroundTesting
import PlaygroundUI
import PostsNice
import ProductsRouter
import RandomColorEV
import Testing

/// Each app's checkpoint, as a room folds its history: a fresh app restored from it shows the same `/state` and
/// views, and goes on exactly as the original (the same random draws, the same answers to the same inputs).
@Suite("Checkpoints of the five apps")
struct CheckpointTests {
    /// Checkpoints `original`, restores a fresh (replaying) harness of the same seed from it, and expects the same
    /// snapshot and view; returns the restored harness.
    static func restored<App: HostedApp>(
        from original: AppHarness<App>, seed: UInt64, ownBaseURL: String = "http://127.0.0.1:9", values: AppServiceValues = AppServiceValues(),
        clock: any Clock<Duration> = ContinuousClock(), waiting: Int = 0, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> AppHarness<App> {
        let saved = try #require(await original.checkpoint(), sourceLocation: sourceLocation)
        let copy = AppHarness<App>(seed: seed, values: values, ownBaseURL: ownBaseURL, clock: clock, replaying: true)
        try await copy.restore(saved)
        #expect(await copy.pendingEffects == waiting, "a restored app waits for what the original waited for", sourceLocation: sourceLocation)
        #expect(await copy.snapshotJSON == original.snapshotJSON, sourceLocation: sourceLocation)
        #expect(await copy.render().html == original.render().html, sourceLocation: sourceLocation)
        #expect(await copy.checkpoint() == saved, "a restored app writes the same checkpoint", sourceLocation: sourceLocation)
        return copy
    }

    @Test func evKeepsItsPageColoursAndRandomSequence() async throws {
        let original = AppHarness<RandomColorEVPlayground>(seed: 11)
        await original.draw()
        for _ in 0..<3 { try await original.input("changeBothSidesColors") }
        // The shape journals written before hold: each side's colour as its four components.
        let saved = try #require(await original.checkpoint())
        #expect(saved.contains(/"left":\{"blue":[0-9.e-]+,"green":[0-9.e-]+,"opacity":1,"red":[0-9.e-]+\}/), "\(saved)")
        let copy = try await Self.restored(from: original, seed: 99)
        try await original.input("changeBothSidesColors")
        try await copy.input("changeBothSidesColors")
        #expect(await copy.snapshotJSON == original.snapshotJSON, "the next colours are the same draws")
    }

    @Test func vvsiKeepsItsItemsAlertAndBothRandomSequences() async throws {
        let original = AppHarness<ListViewPlayground>(seed: 5)
        await original.draw()
        _ = try await original.press("Random")
        for _ in 0..<6 { try await original.input("add") }
        #expect(await original.snapshotJSON.contains("Max items count is 5"))
        // The shape journals written before hold: the state's fields, the alert and the positions side by side.
        let saved = try #require(await original.checkpoint())
        #expect(saved.wholeMatch(of: /\{"alert":"Max items count is 5","items":\[[^\]]*\],"pitfalls":\[\],"random":\d+,"taskRandom":\d+\}/) != nil, "\(saved)")
        let copy = try await Self.restored(from: original, seed: 6)
        _ = try await original.press("Random")
        _ = try await copy.press("Random")
        #expect(await original.waitUntil { !$0.app.snapshot.actionRunning })
        #expect(await copy.waitUntil { !$0.app.snapshot.actionRunning })
        #expect(await copy.snapshotJSON == original.snapshotJSON, "Random draws the same count, length and strings")
        try await copy.input("dismissAlert")
        #expect(await !copy.snapshotJSON.contains("Max items"))
    }

    @Test func aRunningVVSIActionHasNoCheckpoint() async throws {
        let clock = TestClock()
        let harness = AppHarness<ListViewPlayground>(seed: 5, clock: clock)
        await harness.draw()
        let started = try await harness.run { harness throws -> Bool in
            _ = try harness.send(.app(.add))
            return harness.app.checkpoint() == nil
        }
        #expect(started, "an action still running cannot be written down")
    }

    @Test func mviKeepsItsResultsPagingGenerationFaultsAndField() async throws {
        let live = try await LivePlayground()
        defer { live.playground.shutdown() }
        let base = "http://127.0.0.1:\(live.port)"
        let original = AppHarness<MovieSearchPlayground>(seed: 3, ownBaseURL: base)
        _ = try await original.press("search movies", value: "star wars")
        #expect(await original.waitUntil { $0.snapshotJSON.contains(#""state":"SuccessfullyFetched""#) })
        try await original.input("page", ["page": .integer(2)])
        #expect(await original.waitUntil { $0.snapshotJSON.contains(#""page":2,"#) && !$0.app.snapshot.inFlight })
        try await original.input("setFaults", ["latencyMs": .integer(20), "failureRate": .number(0)])
        let copy = try await Self.restored(from: original, seed: 3, ownBaseURL: base)
        #expect(await copy.render().html.contains(#"value="star wars""#), "the field shows what was typed")
        try await copy.input("search", ["query": .string("alien")])
        #expect(await copy.waitUntil { $0.snapshotJSON.contains(#""query":"alien""#) && !$0.app.snapshot.inFlight })
        #expect(await copy.run { $0.app.snapshot.generation } == original.run { $0.app.snapshot.generation } + 1)
    }

    @Test func niceKeepsItsRowsFavouritesFilterOpenPostAndErrors() async throws {
        let live = try await LivePlayground()
        defer { live.playground.shutdown() }
        var values = AppServiceValues()
        values[PostsPlayground.PostsAPI.self] = PostsPlayground.PostsAPI(loadDelay: .zero)
        let base = "http://127.0.0.1:\(live.port)"
        let original = AppHarness<PostsPlayground>(seed: 3, values: values, ownBaseURL: base)
        await original.draw()
        #expect(await original.waitUntil { $0.app.snapshot.contentLoadState == "hasData" })
        try await original.input("toggleFavourite", ["postId": .integer(3)])
        try await original.input("setFilter", ["filter": .string("favourites")])
        try await original.input("openPost", ["postId": .integer(3)])
        #expect(await original.waitUntil { $0.app.snapshot.detailState == "hasData" })
        try await original.input("setFaults", ["latencyMs": .integer(5), "failureRate": .number(0.5)])
        _ = try await Self.restored(from: original, seed: 3, ownBaseURL: base, values: values)
        try await original.input("setFaults", ["latencyMs": .integer(0), "failureRate": .number(0)])
        try await original.input("triggerError")
        let copy = try await Self.restored(from: original, seed: 3, ownBaseURL: base, values: values)
        #expect(await copy.snapshotJSON.contains(#""detailState":"error""#), "the open post's view model shows the error")
        try await original.input("closePost")
        try await copy.input("closePost")
        #expect(await original.waitUntil { $0.app.snapshot.contentLoadState == "hasData" })
        #expect(await copy.waitUntil { $0.app.snapshot.contentLoadState == "hasData" })
        #expect(await copy.snapshotJSON == original.snapshotJSON, "back on the list, both reload the same")
    }

    @Test func routerKeepsItsListScreensAndAlertEvenForADeletedProduct() async throws {
        let live = try await LivePlayground()
        defer { live.playground.shutdown() }
        let base = "http://127.0.0.1:\(live.port)"
        let original = AppHarness<ProductsPlayground>(seed: 1, ownBaseURL: base)
        await original.draw()
        #expect(await original.waitUntil { $0.app.snapshot.contentState == "content" })
        let products = await original.run { $0.app.snapshot.products }
        try await original.input("openProduct", ["id": .integer(products[0]), "presentation": .string("sheet")])
        try await original.input("openProduct", ["id": .integer(products[1]), "presentation": .string("fullScreenCover")])
        try await original.input("deleteProduct", ["id": .integer(products[0])])
        try await original.input("alertAction", ["action": .string("Yes")])
        try await original.input("deleteProduct", ["id": .integer(products[2])])
        let snapshot = await original.run { $0.app.snapshot }
        #expect(!snapshot.products.contains(products[0]) && snapshot.presented.count == 2 && snapshot.alert != nil, "\(snapshot)")
        let copy = try await Self.restored(from: original, seed: 1, ownBaseURL: base)
        try await original.input("alertAction", ["action": .string("Yes")])
        try await copy.input("alertAction", ["action": .string("Yes")])
        try await original.input("dismiss")
        try await copy.input("dismiss")
        #expect(await copy.snapshotJSON == original.snapshotJSON)
    }

    /// A search still waiting for its answer is written down as waiting; the restored app sends it again (the same
    /// intent, the same generation) and gets the same answer.
    @Test func anMVISearchInFlightIsSentAgain() async throws {
        let live = try await LivePlayground()
        defer { live.playground.shutdown() }
        let base = "http://127.0.0.1:\(live.port)"
        let clock = TestClock()
        let original = AppHarness<MovieSearchPlayground>(seed: 3, ownBaseURL: base, clock: clock)
        try await original.input("setFaults", ["latencyMs": .integer(1_000), "failureRate": .number(0)])
        try await original.input("search", ["query": .string("alien")])
        #expect(await original.run { $0.app.snapshot.inFlight })
        let copyClock = TestClock()
        let copy = try await Self.restored(from: original, seed: 3, ownBaseURL: base, clock: copyClock, waiting: 1)
        #expect(await clock.waitForSleepers(1), "the original waits the injected latency")
        #expect(await copyClock.waitForSleepers(1), "so does the copy, sending the search again")
        clock.advance(by: .seconds(1))
        copyClock.advance(by: .seconds(1))
        #expect(await original.waitUntil { !$0.app.snapshot.inFlight })
        #expect(await copy.waitUntil { !$0.app.snapshot.inFlight })
        #expect(await copy.snapshotJSON == original.snapshotJSON)
        #expect(await copy.snapshotJSON.contains(#""state":"SuccessfullyFetched""#))
    }

    /// Loads still waiting (the posts list reloading with a post open, the products reloading under a screen) stay
    /// waiting in the restored app, with the rows and screens they had, and are sent again.
    @Test func niceAndRouterLoadsInFlightAreSentAgain() async throws {
        let live = try await LivePlayground()
        defer { live.playground.shutdown() }
        let base = "http://127.0.0.1:\(live.port)"
        var values = AppServiceValues()
        values[PostsPlayground.PostsAPI.self] = PostsPlayground.PostsAPI(loadDelay: .seconds(1))
        let clock = TestClock()
        let posts = AppHarness<PostsPlayground>(seed: 3, values: values, ownBaseURL: base, clock: clock)
        await posts.draw()
        #expect(await clock.waitForSleepers(1))
        clock.advance(by: .seconds(1))
        #expect(await posts.waitUntil { $0.app.snapshot.contentLoadState == "hasData" })
        try await posts.input("toggleFavourite", ["postId": .integer(7)])
        try await posts.input("reload")
        #expect(await posts.run { $0.app.snapshot.contentLoadState } == "loading")
        let postsClock = TestClock()
        let postsCopy = try await Self.restored(from: posts, seed: 3, ownBaseURL: base, values: values, clock: postsClock, waiting: 1)
        #expect(await clock.waitForSleepers(1))
        #expect(await postsClock.waitForSleepers(1))
        clock.advance(by: .seconds(1))
        postsClock.advance(by: .seconds(1))
        #expect(await posts.waitUntil { $0.app.snapshot.contentLoadState == "hasData" })
        #expect(await postsCopy.waitUntil { $0.app.snapshot.contentLoadState == "hasData" })
        #expect(await postsCopy.snapshotJSON == posts.snapshotJSON)

        let products = AppHarness<ProductsPlayground>(seed: 1, ownBaseURL: base)
        await products.draw()
        #expect(await products.waitUntil { $0.app.snapshot.contentState == "content" })
        let ids = await products.run { $0.app.snapshot.products }
        try await products.input("openProduct", ["id": .integer(ids[3]), "presentation": .string("sheet")])
        let reloading = try await products.run { harness throws -> String? in
            _ = try harness.send(.reload)
            return harness.checkpoint()
        }
        let saved = try #require(reloading)
        let productsCopy = AppHarness<ProductsPlayground>(seed: 1, ownBaseURL: base, replaying: true)
        try await productsCopy.restore(saved)
        #expect(await productsCopy.run { $0.app.snapshot.contentState } == "loading")
        #expect(await productsCopy.run { $0.app.snapshot.presented.map(\.id) } == [ids[3]])
        #expect(await products.waitUntil { $0.app.snapshot.contentState == "content" })
        #expect(await productsCopy.waitUntil { $0.app.snapshot.contentState == "content" })
        #expect(await productsCopy.snapshotJSON == products.snapshotJSON)
    }

    /// Checkpoints far larger than an app writes (an import's snapshot is a client's text) are refused before any
    /// work is done for them.
    @Test func anOversizedCheckpointIsRefused() async throws {
        let items = Array(repeating: "x", count: 5 + ListViewPlayground.maxPendingActions + 1)
        let vvsi = AppHarness<ListViewPlayground>(replaying: true)
        let vvsiSaved = #"{"items":["#  + items.map { "\"\($0)\"" }.joined(separator: ",") + #"],"random":1,"taskRandom":2}"#
        await #expect(throws: CheckpointError.self) { try await vvsi.restore(vvsiSaved) }
        let rows = (1...1_001).map { #"{"id":\#($0),"text":"t","user":"u"}"# }.joined(separator: ",")
        let niceSaved = #"{"rows":["# + rows + #"],"filter":"all","favourites":[],"list":{"state":"hasData"},"latencyMs":0,"failureRate":0}"#
        let nice = AppHarness<PostsPlayground>(replaying: true)
        await #expect(throws: CheckpointError.self) { try await nice.restore(niceSaved) }
        let mviSaved = #"{"state":"Init","query":"","page":1,"totalPages":0,"totalResults":0,"generation":18446744073709551615,"inFlight":false,"faults":{"latencyMs":0,"failureRate":0},"field":""}"#
        let mvi = AppHarness<MovieSearchPlayground>(replaying: true)
        await #expect(throws: CheckpointError.self) { try await mvi.restore(mviSaved) }
        // Fault settings out of range are clamped as an event's are (10 s at most), not trusted.
        let slow = mviSaved.replacingOccurrences(of: "18446744073709551615", with: "1").replacingOccurrences(of: #""latencyMs":0"#, with: #""latencyMs":9223372036854775807"#)
        let clamped = AppHarness<MovieSearchPlayground>(replaying: true)
        try await clamped.restore(slow)
        #expect(await clamped.run { $0.app.snapshot.latencyMs } == 10_000)
    }

    @Test func aCheckpointAnAppDidNotWriteIsRefused() async throws {
        for text in ["", "{}", "[1,2]", #"{"selectedTab":"nowhere","random":1}"#, String(repeating: "{", count: 10_000)] {
            let ev = AppHarness<RandomColorEVPlayground>(replaying: true)
            await #expect(throws: CheckpointError.self) { try await ev.restore(text) }
            let vvsi = AppHarness<ListViewPlayground>(replaying: true)
            await #expect(throws: CheckpointError.self) { try await vvsi.restore(text) }
            let mvi = AppHarness<MovieSearchPlayground>(replaying: true)
            await #expect(throws: CheckpointError.self) { try await mvi.restore(text) }
            let nice = AppHarness<PostsPlayground>(replaying: true)
            await #expect(throws: CheckpointError.self) { try await nice.restore(text) }
            let router = AppHarness<ProductsPlayground>(replaying: true)
            await #expect(throws: CheckpointError.self) { try await router.restore(text) }
        }
    }
}
