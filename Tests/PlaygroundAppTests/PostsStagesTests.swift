import AppSeam
import PlaygroundTesting
import PostsNice
import RoomServices
import Testing

/// The stages NiceRuntime reports for each kind of posts event, through the harness with services fetching from a
/// live playground: in the order they ran, the coordinator first when a row opens, no HTTP stage for a cache hit
/// (cacheOnly), only the ErrorService for Trigger error; what a task's answer reports joins the row as later, once it
/// has come; every record names lines of a file that hold its call.
@Suite("Posts stages")
struct PostsStagesTests {
    /// A row's stages as `call` or `call later`.
    static func calls(_ entry: Trace.Entry?) -> [String] { (entry?.stages ?? []).map { $0.call + ($0.later ? " later" : "") } }

    /// `calls` is `prefix`, then the `chains` interleaved (each in its own order: the repositories fetch concurrently),
    /// then `suffix`.
    static func matches(_ calls: [String], _ prefix: [String], _ chains: [[String]], _ suffix: [String]) -> Bool {
        guard calls.count == prefix.count + chains.joined().count + suffix.count, calls.starts(with: prefix),
            calls.suffix(suffix.count).elementsEqual(suffix)
        else { return false }
        let middle = calls.dropFirst(prefix.count).dropLast(suffix.count)
        return chains.allSatisfy { chain in middle.filter(chain.contains) == chain }
    }

    static func harness(_ live: LivePlayground, clock: any Clock<Duration> = ContinuousClock(), delay: Duration = .zero) -> AppHarness<PostsPlayground> {
        var values = AppServiceValues()
        values[PostsPlayground.PostsAPI.self] = PostsPlayground.PostsAPI(loadDelay: delay)
        return AppHarness<PostsPlayground>(seed: 3, values: values, ownBaseURL: "http://127.0.0.1:\(live.port)", clock: clock)
    }

    /// The list's load: (cache lookup, HTTP call) for posts and for users, in either interleaving.
    static func fetches(hit: Bool, outcome: String = "HTTP 200") -> [[String]] {
        [
            [hit ? "cache posts: hit PostList (100 values) later" : "cache posts: miss PostList later", "client.get(\"/posts\") → \(outcome) later"],
            [hit ? "cache users: hit UserList later" : "cache users: miss UserList later", "client.get(\"/users\") → \(outcome) later"],
        ]
    }

    static let listLoaded = ["contentLoadState = .hasData · PostsViewModel later", "StatefulView(state: .hasData) later"]

    @Test func thePageDrawingTheListBindsItAndItsAnswerComesLater() async throws {
        let live = try await LivePlayground()
        defer { live.playground.shutdown() }
        let clock = TestClock()
        let harness = Self.harness(live, clock: clock, delay: .seconds(1))
        _ = await harness.render()
        let bound = [
            "StatefulView(state: .noData)", ".bindToVM(PostsViewModel): onAppear", "bindViewModel() · PostsViewModel",
            "contentLoadState = .loading · PostsViewModel", "StatefulView(state: .loading)",
        ]
        #expect(await harness.trace.first?.event == "the page drew PostsViewModel's view: .bindToVM → bindViewModel()")
        #expect(Self.calls(await harness.trace.first) == bound, "nothing later before the answer")
        #expect(await harness.flow.lit == [.statefulView, .view, .viewModel, .contentLoadState])
        #expect(await clock.waitForSleepers(1))
        clock.advance(by: .seconds(1))
        #expect(await harness.waitUntil { $0.app.snapshot.contentLoadState == "hasData" })
        _ = await harness.render()
        let row = try #require(await harness.trace.first)
        #expect(Self.matches(Self.calls(row), bound, Self.fetches(hit: false), Self.listLoaded), "\(Self.calls(row))")
        #expect(await harness.flow.path == row.stages, "the strip shows the newest event's path")
        #expect(await harness.flow.lit == Set(PostsPlayground.Stage.allCases).subtracting([.coordinator, .errorService]))
        for stage in row.stages { #expect(StageSources.problem(with: stage) == nil) }
    }

    @Test func eachEventReportsThePathItTook() async throws {
        let live = try await LivePlayground()
        defer { live.playground.shutdown() }
        // The loads wait the seed's second on the test's clock, so each step is drawn before its answer comes, as in a room.
        let clock = TestClock()
        let harness = Self.harness(live, clock: clock, delay: .seconds(1))
        _ = await harness.render()
        #expect(await clock.waitForSleepers(1))
        clock.advance(by: .seconds(1))
        #expect(await harness.waitUntil { $0.app.snapshot.contentLoadState == "hasData" })
        _ = await harness.render()
        var rows: [Trace.Entry] = []
        /// Sends or presses, draws, lets a load it started wait its second, waits for `until`, draws, and returns the
        /// row's calls.
        func step(_ act: () async throws -> Void, until: (@Sendable (PostsSnapshot) -> Bool)? = nil) async throws -> [String] {
            try await act()
            _ = await harness.render()
            if let until {
                #expect(await clock.waitForSleepers(1))
                clock.advance(by: .seconds(1))
                #expect(await harness.waitUntil { until($0.app.snapshot) })
            }
            _ = await harness.render()
            let row = try #require(await harness.trace.first)
            rows.append(row)
            let path = await harness.flow.path
            #expect(path == row.stages, "\(path.map(\.call)) vs \(Self.calls(row))")
            return Self.calls(row)
        }

        #expect(try await step { try await harness.send(.toggleFavourite(postId: 3)) } == ["favourite(3)", "StatefulView(state: .hasData)"])
        let press = try await step { try await harness.press("♡ Favourite") }
        #expect(press == ["favourite(1)", "StatefulView(state: .hasData)"])
        #expect(rows.last?.stages.first?.file == "PostsNice/PostsView.swift", "a press points at the view's closure")
        #expect(
            try await step { try await harness.send(.setFilter(filter: "favourites")) } == ["displayState = .favourites", "StatefulView(state: .hasData)"])

        let open = try await step({ try await harness.send(.openPost(postId: 2)) }, until: { $0.detailState == "hasData" })
        #expect(
            open == [
                "coordinator.handleRoute(.post(2))", "StatefulView(state: .noData)", ".bindToVM(PostDetailViewModel): onAppear",
                "bindViewModel() · PostDetailViewModel", "contentLoadState = .loading · PostDetailViewModel", ".bindToVM(PostsViewModel): onDisappear",
                "unbindViewModel() · PostsViewModel", "StatefulView(state: .loading)", "cache posts: hit 2 later",
                "contentLoadState = .hasData · PostDetailViewModel later", "StatefulView(state: .hasData) later",
            ], "opening a row starts with the coordinator; a cache hit (cacheOnly) has no HTTP stage")
        #expect(await !harness.flow.lit.contains(.service))

        let close = try await step({ try await harness.send(.closePost) }, until: { $0.contentLoadState == "hasData" && $0.route == nil })
        let back = [
            "coordinator.pop()", "StatefulView(state: .hasData)", ".bindToVM(PostsViewModel): onAppear", "bindViewModel() · PostsViewModel",
            "contentLoadState = .loading · PostsViewModel", ".bindToVM(PostDetailViewModel): onDisappear", "unbindViewModel() · PostDetailViewModel",
            "StatefulView(state: .loading)",
        ]
        #expect(Self.matches(close, back, Self.fetches(hit: true), Self.listLoaded), "\(close)")

        let error = "Unknown Error: You triggered an error!"
        #expect(
            try await step { try await harness.press("Trigger error") } == [
                "triggerError()", "didReceiveDisplayableError.send(\(error))", "contentLoadState = .error(\(error)) · PostsViewModel",
                "StatefulView(state: .error(\(error)))",
            ], "nothing was fetched: no Repository, no Service")
        #expect(await harness.flow.lit == [.viewModel, .errorService, .contentLoadState, .statefulView])

        let reload = try await step({ try await harness.press("Reload") }, until: { $0.contentLoadState == "hasData" })
        let rebind = ["reload()", "bindViewModel() · PostsViewModel", "contentLoadState = .loading · PostsViewModel", "StatefulView(state: .loading)"]
        #expect(Self.matches(reload, rebind, Self.fetches(hit: true), Self.listLoaded), "cacheAndUpdate: a hit, then HTTP all the same: \(reload)")

        let faults = try await step { try await harness.send(.setFaults(latencyMs: 0, failureRate: 1)) }
        #expect(faults.first == "faults.set(latencyMs: 0, failureRate: 1.0)" && !faults.contains { $0.hasPrefix("client.get") })

        let failing = try await step({ try await harness.send(.reload) }, until: { $0.contentLoadState == "error" })
        let injected = "Injected failure: the fault injection failed this fetch (100% of fetches fail); set No faults, then Reload."
        let failed = [
            "didReceiveDisplayableError.send(\(injected)) later", "contentLoadState = .error(\(injected)) · PostsViewModel later",
            "StatefulView(state: .error(\(injected))) later",
        ]
        // The users' fetch may be cancelled once the posts' has failed: only the posts' chain is sure to have run.
        let middle = failing.dropFirst(rebind.count).dropLast(failed.count)
        let posts = ["cache posts: hit PostList (100 values) later", "client.get(\"/posts\") → injected failure later"]
        #expect(failing.starts(with: rebind) && failing.suffix(failed.count).elementsEqual(failed), "\(failing)")
        #expect(middle.filter(posts.contains) == posts && middle.allSatisfy { $0.contains("users") || posts.contains($0) }, "\(failing)")

        for stage in rows.flatMap(\.stages) {
            #expect(StageSources.problem(with: stage) == nil)
        }
    }
}
