import AppSeam
import MVIRuntime
import MovieSearchMVI
import PlaygroundTesting
import RoomServices
import Testing

/// The stages the MVI runtime reports for each kind of event, in the order they ran: the intent, the `Loading` state
/// and the effect inside the input; whether the answer is still the latest, and the state it sets, later.
@Suite("Movie search stages")
struct MovieSearchStageTests {
    /// `Stage: call`, with ` (later)` for what ran after the input returned.
    static func path(_ entry: Trace.Entry?) -> [String] {
        (entry?.stages ?? []).map { "\($0.stage): \($0.call)\($0.later ? " (later)" : "")" }
    }

    static func expectSourcesExist(_ entries: [Trace.Entry]) {
        for record in entries.flatMap(\.stages) { #expect(StageSources.problem(with: record) == nil) }
    }

    @Test func aSearchPassesIntentLoadingAndTheRepositoryThenItsAnswerLater() async throws {
        let server = try await CatalogServer()
        let harness = AppHarness<MovieSearchPlayground>(seed: 3, ownBaseURL: server.baseURL().absoluteString)
        let row = try await harness.send(.search(query: "the matrix", page: 1))
        #expect(
            Self.path(row.first) == [
                "Intent: loadMovies(query: \"the matrix\", page: 1)", "Model: uiState = .Loading",
                "Repository: intents.runLatest(\"searchMovies\") → effect for #1",
            ], "only what ran inside the input so far")
        #expect(await harness.waitUntil { $0.trace.first?.stages.count == 5 })
        let trace = await harness.trace
        #expect(
            Self.path(trace.first) == [
                "Intent: loadMovies(query: \"the matrix\", page: 1)", "Model: uiState = .Loading",
                "Repository: intents.runLatest(\"searchMovies\") → effect for #1", "Latest wins: deliver(#1, the latest) (later)",
                "Model: uiState = .SuccessfullyFetched (later)",
            ])
        #expect(await harness.flow.lit == Set(MVIStage.allCases))
        let intent = try #require(trace.first?.stages.first)
        #expect(intent.file == "MovieSearchMVI/SearchPageViewModel.swift", "the view model's line that took the intent")
        Self.expectSourcesExist(trace)

        try await harness.send(.page(page: 2))
        #expect(await harness.waitUntil { $0.trace.first?.stages.count == 5 })
        #expect(Self.path(await harness.trace.first).first == "Intent: loadMovies(query: \"the matrix\", page: 2)")
    }

    @Test func returnInTheFieldIsTheSameIntentFromThePage() async throws {
        let server = try await CatalogServer()
        let harness = AppHarness<MovieSearchPlayground>(seed: 3, ownBaseURL: server.baseURL().absoluteString)
        let rows = try await harness.press("search movies", value: "star wars")
        #expect(rows.first?.source == .browser)
        #expect(
            Self.path(rows.first) == [
                "Intent: loadMovies(query: \"star wars\", page: 1)", "Model: uiState = .Loading",
                "Repository: intents.runLatest(\"searchMovies\") → effect for #1",
            ])
        #expect(await harness.waitUntil { $0.trace.first?.stages.count == 5 })
        Self.expectSourcesExist(await harness.trace)
    }

    /// The page's other controls send their events: Next is the intent for the next page, a fault preset no stage of MVI.
    @Test func nextAndAFaultPresetFromThePage() async throws {
        let server = try await CatalogServer()
        let harness = AppHarness<MovieSearchPlayground>(seed: 3, ownBaseURL: server.baseURL().absoluteString)
        try await harness.send(.search(query: "star", page: 1))
        #expect(await harness.waitUntil { $0.app.snapshot.totalPages > 1 && !$0.app.snapshot.inFlight })
        let next = try await harness.press("Next ›")
        #expect(next.first?.source == .browser)
        #expect(Self.path(next.first).first == "Intent: loadMovies(query: \"star\", page: 2)")
        #expect(await harness.waitUntil { $0.trace.first?.stages.count == 5 })
        let preset = try await harness.press("Slow (1.5 s)")
        #expect(preset.count == 1 && preset.first?.stages == [])
        Self.expectSourcesExist(await harness.trace)
    }

    /// A newer query overtakes a slow one: the older row gets its drop (later), the newer one its answer; the strip
    /// shows the newest path only.
    @Test func anOverTakenAnswerIsDroppedOnItsOwnRow() async throws {
        let server = try await CatalogServer()
        let clock = TestClock()
        let harness = AppHarness<MovieSearchPlayground>(seed: 3, ownBaseURL: server.baseURL().absoluteString, clock: clock)
        let faults = try await harness.send(.setFaults(latencyMs: 1_000, failureRate: 0))
        #expect(faults.first?.stages == [], "fault injection is the playground's, not a stage of MVI")
        try await harness.send(.search(query: "alien", page: 1))
        #expect(await clock.waitForSleepers(1))
        try await harness.send(.search(query: "the matrix", page: 1))
        // The older search's sleep was cancelled with it; the newer one's effect starts its sleep on its own task,
        // which may come after `send` returns: moved before it, the clock would leave it asleep for good.
        #expect(await clock.waitForSleepers(1))
        clock.advance(by: .seconds(1))
        #expect(await harness.waitUntil { $0.trace.first?.stages.count == 5 && $0.trace.dropFirst().first?.stages.count == 4 })
        let trace = await harness.trace
        #expect(
            Self.path(trace[1]) == [
                "Intent: loadMovies(query: \"alien\", page: 1)", "Model: uiState = .Loading",
                "Repository: intents.runLatest(\"searchMovies\") → effect for #1", "Latest wins: dropped(#1, latest #2) (later)",
            ], "no state is set from a dropped answer")
        #expect(Self.path(trace[0]).suffix(2) == ["Latest wins: deliver(#2, the latest) (later)", "Model: uiState = .SuccessfullyFetched (later)"])
        #expect(await harness.flow.path.map(\.call).first == "loadMovies(query: \"the matrix\", page: 1)")
        Self.expectSourcesExist(trace)
    }

    @Test func aFailedAnswerIsDeliveredAsApiError() async throws {
        let server = try await CatalogServer()
        let harness = AppHarness<MovieSearchPlayground>(seed: 3, ownBaseURL: server.baseURL().absoluteString)
        try await harness.send(.setFaults(latencyMs: 0, failureRate: 1))
        try await harness.send(.search(query: "alien", page: 1))
        #expect(await harness.waitUntil { $0.trace.first?.stages.count == 5 })
        #expect(Self.path(await harness.trace.first).last == "Model: uiState = .ApiError (later)")
    }
}
