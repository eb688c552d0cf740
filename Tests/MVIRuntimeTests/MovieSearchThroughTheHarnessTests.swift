import AppSeam
import MovieSearchMVI
import PlaygroundTesting
import Testing

/// The movie search hosted as a room hosts it, fetching over real HTTP from a catalog server, with the injected
/// latency waited on a ``TestClock``: the test decides when 1.5 s have passed.
@Suite("Movie search through the harness")
struct MovieSearchThroughTheHarnessTests {
    @Test func returnInTheFieldLoadsTheMoviesAndTheTraceFollowsTheIntent() async throws {
        let server = try await CatalogServer()
        let harness = AppHarness<MovieSearchPlayground>(seed: 3, ownBaseURL: server.baseURL().absoluteString)
        let entries = try await harness.press("search movies", value: "star wars")
        #expect(entries.count == 1 && entries.first?.source == .browser)
        #expect(entries.first?.event.contains("star wars") == true, "\(entries)")
        #expect(await harness.waitUntil { $0.snapshotJSON.contains(#""state":"SuccessfullyFetched""#) })
        let snapshot = await harness.snapshotJSON
        #expect(snapshot.contains(#""query":"star wars""#) && snapshot.contains(#""inFlight":false"#), "\(snapshot)")
        let steps = await harness.trace.first?.became ?? []
        #expect(steps.contains { $0.contains("SuccessfullyFetched") }, "\(steps)")
    }

    /// With 1.5 s of injected latency the search stays `Loading` until the clock passes 1.5 s, then the answer
    /// arrives from the server; nothing depends on how fast the machine is.
    @Test func injectedLatencyHoldsTheAnswerUntilTheClockPassesIt() async throws {
        let server = try await CatalogServer()
        let clock = TestClock()
        let harness = AppHarness<MovieSearchPlayground>(seed: 3, ownBaseURL: server.baseURL().absoluteString, clock: clock)
        try await harness.send(.setFaults(latencyMs: 1_500, failureRate: 0))
        try await harness.send(.search(query: "the matrix", page: 1))
        #expect(await clock.waitForSleepers(1))
        let loading = await harness.snapshotJSON
        #expect(loading.contains(#""state":"Loading""#) && loading.contains(#""inFlight":true"#), "\(loading)")

        clock.advance(by: .milliseconds(1_499))
        try await Task.sleep(for: .milliseconds(50))
        #expect(await harness.snapshotJSON == loading, "still waiting: 1 ms of latency is left")
        #expect(clock.sleeperCount == 1)

        clock.advance(by: .milliseconds(1))
        #expect(await harness.waitUntil { !$0.snapshotJSON.contains(#""inFlight":true"#) })
        let fetched = await harness.snapshotJSON
        #expect(fetched.contains(#""state":"SuccessfullyFetched""#) && fetched.contains(#""latencyMs":1500"#), "\(fetched)")
        let trace = await harness.trace
        #expect(trace.map(\.source) == [.http, .http])
        #expect(trace.first?.became.contains { $0.contains("SuccessfullyFetched") } == true, "\(trace.first?.became ?? [])")
    }

    /// A newer query overtakes a slow one: the first request is still asleep when the second starts, and only the
    /// latest intent's answer is applied (the runtime's latest-wins rule), whatever order the clock wakes them in.
    @Test func aNewerQueryWinsOverAnOlderOneStillWaiting() async throws {
        let server = try await CatalogServer()
        let clock = TestClock()
        let harness = AppHarness<MovieSearchPlayground>(seed: 3, ownBaseURL: server.baseURL().absoluteString, clock: clock)
        try await harness.send(.setFaults(latencyMs: 1_000, failureRate: 0))
        try await harness.send(.search(query: "alien", page: 1))
        #expect(await clock.waitForSleepers(1))
        try await harness.send(.search(query: "the matrix", page: 1))
        // The older search's sleep was cancelled with it; the newer one's effect starts its sleep on its own task,
        // which may come after `send` returns: moved before it, the clock would leave it asleep for good.
        #expect(await clock.waitForSleepers(1))
        clock.advance(by: .seconds(1))
        #expect(await harness.waitUntil { !$0.snapshotJSON.contains(#""inFlight":true"#) })
        #expect(
            await harness.snapshotJSON
                == #"{"failureRate":0,"generation":2,"inFlight":false,"latencyMs":1000,"message":null,"page":1,"pitfall":{"name":"stale-answer-wins","on":false},"#
                + #""query":"the matrix","resultCount":3,"staleAnswersShown":0,"state":"SuccessfullyFetched","totalPages":1,"totalResults":3}"#)
    }
}
