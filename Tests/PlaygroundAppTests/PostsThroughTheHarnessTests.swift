import AppSeam
import PlaygroundTesting
import PostsNice
import Testing

/// The NiceArchitecture posts app through the harness, its services fetching from a live playground's own
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

    /// The seed's one-second wait before loading, on the harness's clock: the list shows its placeholders until
    /// the clock passes 1 s, then loads and joins the posts with their authors.
    @Test func theListWaitsTheSeedsSecondOnTheRoomsClock() async throws {
        let live = try await LivePlayground()
        defer { live.playground.shutdown() }
        let clock = TestClock()
        let harness = AppHarness<PostsPlayground>(seed: 3, ownBaseURL: "http://127.0.0.1:\(live.port)", clock: clock)
        #expect(await harness.render().html.contains(">…<"), "the placeholder rows while loading")
        #expect(await clock.waitForSleepers(1))
        clock.advance(by: .milliseconds(999))
        try await Task.sleep(for: .milliseconds(50))
        #expect(await harness.run { $0.app.snapshot.contentLoadState } == "loading")
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .milliseconds(1))
        #expect(await harness.waitUntil { $0.app.snapshot.contentLoadState == "hasData" })
        let snapshot = await harness.run { $0.app.snapshot }
        #expect(snapshot.postsShown == 100 && snapshot.route == nil && snapshot.filter == "all", "\(snapshot)")
    }
}
