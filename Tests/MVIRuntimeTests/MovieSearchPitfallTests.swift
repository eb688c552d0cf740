import AppSeam
import MovieSearchMVI
import PlaygroundTesting
import Testing

/// The pitfall switch of the movie search (issue #30), on a ``TestClock``: the slow search for "a" sleeps until the
/// test advances the clock, so which answer comes last is the test's choice, not the machine's.
@Suite("Movie search: the article's view model as published")
struct MovieSearchPitfallTests {
    /// "a" waits 1 s of injected latency; "star wars" answers at once; then the clock lets "a" answer.
    func slowThenFast(on: Bool) async throws -> (AppHarness<MovieSearchPlayground>, CatalogServer) {
        let server = try await CatalogServer()
        let clock = TestClock()
        let harness = AppHarness<MovieSearchPlayground>(seed: 3, ownBaseURL: server.baseURL().absoluteString, clock: clock)
        try await harness.send(.setPitfall(on: on))
        try await harness.send(.setFaults(latencyMs: 1_000, failureRate: 0))
        try await harness.send(.search(query: "a", page: 1))
        #expect(await clock.waitForSleepers(1))
        try await harness.send(.setFaults(latencyMs: 0, failureRate: 0))
        try await harness.send(.search(query: "star wars", page: 1))
        #expect(await harness.waitUntil { $0.snapshotJSON.contains(#""resultCount":5"#) }, "star wars answers first")
        clock.advance(by: .seconds(1))
        return (harness, server)
    }

    @Test func withTheSwitchOnTheSlowOlderAnswerWins() async throws {
        let (harness, server) = try await slowThenFast(on: true)
        #expect(await harness.waitUntil { $0.snapshotJSON.contains(#""staleAnswersShown":1"#) })
        let snapshot = await harness.snapshotJSON
        #expect(snapshot.contains(#""query":"star wars""#) && !snapshot.contains(#""totalResults":5,"#), "\(snapshot)")
        #expect(snapshot.contains(#""pitfall":{"name":"stale-answer-wins","on":true}"#))
        let steps = await harness.trace.flatMap(\.became)
        #expect(steps.contains { $0.hasPrefix("⚠ stale answer shown: #1 result applied over #2") }, "\(steps)")
        #expect(!steps.contains { $0.contains("dropped") })
        withExtendedLifetime(server) {}
    }

    @Test func withTheSwitchOffTheNewerQueryWins() async throws {
        let (harness, server) = try await slowThenFast(on: false)
        #expect(await harness.waitUntil { !$0.snapshotJSON.contains(#""inFlight":true"#) })
        let snapshot = await harness.snapshotJSON
        #expect(snapshot.contains(#""resultCount":5,"staleAnswersShown":0"#) && snapshot.contains(#""totalResults":5}"#), "\(snapshot)")
        #expect(!(await harness.trace.flatMap(\.became)).contains { $0.contains("stale answer shown") })
        withExtendedLifetime(server) {}
    }

    /// The switch is kept in the app's checkpoint: a room restored from its snapshot runs the article's code still.
    @Test func theCheckpointKeepsTheSwitch() async throws {
        let (harness, server) = try await slowThenFast(on: true)
        #expect(await harness.waitUntil { $0.snapshotJSON.contains(#""staleAnswersShown":1"#) })
        let checkpoint = try #require(await harness.checkpoint())
        let restored = AppHarness<MovieSearchPlayground>(seed: 3, replaying: true)
        try await restored.restore(checkpoint)
        #expect(await restored.snapshotJSON == harness.snapshotJSON)
        #expect(await restored.run { $0.app.viewModel.intents.appliesEveryAnswer })
        withExtendedLifetime(server) {}
    }
}
