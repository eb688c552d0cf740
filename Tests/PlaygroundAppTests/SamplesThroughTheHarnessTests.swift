import AppSeam
import ListViewVVSI
import MovieSearchMVI
import PlaygroundTesting
import PostsNice
import RandomColorEV
import Testing

/// Every sample through the one harness: press what the page shows, then expect the exact trace and snapshot.
@Suite("Samples through the harness")
struct SamplesThroughTheHarnessTests {
    @Test func evCenterButtonSendsTheEventAndBothSidesChange() async throws {
        let harness = AppHarness<RandomColorEVPlayground>(seed: 42)
        let entries = try await harness.press("Change colors")
        #expect(entries.map(\.event) == [".changeBothSidesColors"])
        #expect(entries.first?.source == .browser)
        #expect(
            entries.first?.became
                == ["@Action ← LeftScreen.InnerAction.changeLeftColor", "@Action ← RightScreen.InnerAction.changeRightColor"])
        let colors = RandomColorSource(seed: 42)
        let (left, right) = (colors().hex, colors().hex)
        #expect(
            await harness.snapshotJSON
                == #"{"leftColor":"\#(left)","liveActionSubscriptions":2,"rightColor":"\#(right)","selectedTab":"center"}"#)
        let sent = try await harness.send(.changeBothSidesColors)
        #expect(sent.map(\.source) == [.http])
    }

    @Test func vvsiAddsUpToFiveThenTheInteractorAnswersWithAnAlert() async throws {
        let harness = AppHarness<ListViewPlayground>(seed: 7)
        for _ in 0..<6 { try await harness.press("Add") }
        #expect(await harness.waitUntil { $0.snapshotJSON.contains(#""alert":"Max items count is 5""#) })
        #expect(await harness.waitUntil { !$0.snapshotJSON.contains(#""actionRunning":true"#) })
        let five = Array(repeating: #""New item""#, count: 5).joined(separator: ",")
        #expect(
            await harness.snapshotJSON
                == #"{"actionRunning":false,"alert":"Max items count is 5","items":[\#(five)],"pendingActions":0}"#)
        let trace = await harness.trace
        #expect(trace.map(\.event) == Array(repeating: "add", count: 6))
        #expect(trace.allSatisfy { $0.source == .browser })
        #expect(trace.first?.became.contains("notification error(\"Max items count is 5\")") == true, "\(trace.first?.became ?? [])")
        #expect(await harness.changes >= 6, "five updates and one notification arrived outside the presses")
        do {
            try await harness.send(.dismissAlert)
        }
        await #expect(throws: AppError.self) { try await harness.send(.dismissAlert) }
    }
}

/// The movie search through the same harness, fetching from a live playground's own `/3/search/movie`.
@Suite("Movie search through the harness")
struct MovieSearchThroughTheHarnessTests {
    @Test func returnInTheFieldLoadsTheMoviesAndTheTraceFollowsTheIntent() async throws {
        let live = try await LivePlayground()
        defer { live.playground.shutdown() }
        let harness = AppHarness<MovieSearchPlayground>(seed: 3, ownBaseURL: "http://127.0.0.1:\(live.port)")
        let entries = try await harness.press("search movies", value: "star wars")
        #expect(entries.count == 1 && entries.first?.source == .browser)
        #expect(entries.first?.event.contains("star wars") == true, "\(entries)")
        #expect(await harness.waitUntil { $0.snapshotJSON.contains(#""state":"SuccessfullyFetched""#) })
        let snapshot = await harness.snapshotJSON
        #expect(snapshot.contains(#""query":"star wars""#) && snapshot.contains(#""inFlight":false"#), "\(snapshot)")
        let steps = await harness.trace.first?.became ?? []
        #expect(steps.contains { $0.contains("SuccessfullyFetched") }, "\(steps)")
    }
}

/// The NiceArchitecture posts app through the same harness, its services fetching from a live playground's own
/// `/posts` and `/users` (no load delay).
@Suite("Posts app through the harness")
struct PostsThroughTheHarnessTests {
    @Test func theFirstRenderBindsAndLoadsThenTriggerErrorReachesTheList() async throws {
        let live = try await LivePlayground()
        defer { live.playground.shutdown() }
        var values = AppServiceValues()
        values[PostsPlayground.PostsAPI.self] = PostsPlayground.PostsAPI(loadDelay: .zero)
        let harness = AppHarness<PostsPlayground>(seed: 3, values: values, ownBaseURL: "http://127.0.0.1:\(live.port)")
        #expect(await harness.render().html.contains(">…<"), "the placeholder rows while loading")
        #expect(await harness.waitUntil { $0.app.snapshot.contentLoadState == "hasData" })
        let load = try #require(await harness.trace.first)
        #expect(load.event == "the page drew PostsViewModel's view: .bindToVM → bindViewModel()")
        #expect(load.became.first == "PostsViewModel.contentLoadState = .loading", "\(load.became)")
        #expect(load.became.contains("cache posts: miss PostList") && load.became.contains("cache users: miss UserList"))
        #expect(load.became.contains { $0.hasPrefix("GET /posts → HTTP 200, ") && $0.hasSuffix("ms") }, "\(load.became)")
        #expect(load.became.contains { $0.hasPrefix("GET /users → HTTP 200, ") }, "\(load.became)")
        #expect(load.became.last == "PostsViewModel.contentLoadState = .hasData", "\(load.became)")

        let press = try await harness.press("Trigger error")
        #expect(press.map(\.event) == ["press on the page"])
        #expect(
            press.first?.became == [
                "Unknown Error: You triggered an error!",
                "PostsViewModel.contentLoadState = .error(Unknown Error: You triggered an error!)",
            ], "the ErrorService logs the loggable UnknownError, then forwards it: the bound list shows it")
        #expect(await harness.render().html.contains("Something&#39;s gone wrong! Try reloading."))
        try await harness.press("Reload")
        #expect(await harness.waitUntil { $0.app.snapshot.contentLoadState == "hasData" })
        let reload = try #require(await harness.trace.first)
        #expect(reload.became.contains("cache posts: hit PostList (100 values)"), "cacheAndUpdate: the cached list, then a fetch")
        #expect(reload.became.contains { $0.hasPrefix("GET /posts → HTTP 200") })
    }
}
