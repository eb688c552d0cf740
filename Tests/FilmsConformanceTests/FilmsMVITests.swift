import AppSeam
import FilmsKit
import FilmsMVI
import Foundation
import MVIRuntime
import PlaygroundTesting
import RoomServices
import Testing

/// The MVI Films app beyond the shared scenarios: the stages its flow strip shows for each kind of input, a history
/// replayed from its inputs and recorded answers, its two latest-wins lanes, and what its page shows.
@Suite("Films in MVI")
struct FilmsMVITests {
    static func harness(_ server: FilmsServer, clock: any Clock<Duration> = ContinuousClock(), replaying: Bool = false) -> AppHarness<
        FilmsMVIPlayground
    > {
        var values = AppServiceValues()
        values[FilmsAPISettings.self] = FilmsAPISettings(baseURL: server.baseURL)
        return AppHarness<FilmsMVIPlayground>(seed: 5, values: values, ownBaseURL: server.baseURL, clock: clock, replaying: replaying)
    }

    /// `Stage: call`, with ` (later)` for what ran after the input returned.
    static func path(_ entry: Trace.Entry?) -> [String] {
        (entry?.stages ?? []).map { "\($0.stage): \($0.call)\($0.later ? " (later)" : "")" }
    }

    /// Every stage names lines that exist and hold its call (the film's lane calls its runLatest `filmIntents`).
    static func expectSourcesExist(_ entries: [Trace.Entry]) {
        for record in entries.flatMap(\.stages) {
            if record.call.hasPrefix(#"intents.runLatest("film")"#) {
                #expect(StageSources.lines(of: record)?.contains { $0.contains("filmIntents.runLatest(\"film\"") } == true, "\(record)")
            } else {
                #expect(StageSources.problem(with: record) == nil)
            }
        }
    }

    @Test func aSearchAndAHeartPassTheirStagesInOrder() async throws {
        let server = try await FilmsServer()
        let ids = server.ids("alien")
        let harness = Self.harness(server)
        let search = try await harness.send(.search(query: "alien"))
        #expect(
            Self.path(search.first) == [
                #"Intent: search(query: "alien")"#, "Model: uiState = .Loading",
                #"Repository: intents.runLatest("search") → effect for #1"#,
            ], "only what ran inside the input so far")
        #expect(await harness.waitUntil { $0.trace.first?.stages.count == 5 })
        #expect(
            Self.path(await harness.trace.first).suffix(2) == [
                "Latest wins: deliver(#1, the latest) (later)", "Model: uiState = .SuccessfullyFetched (later)",
            ])
        #expect(await harness.flow.lit == Set(MVIStage.allCases))
        #expect(await harness.trace.first?.stages.first?.file == "FilmsMVI/FilmsPageViewModel.swift", "the view model's intent")

        let heart = try await harness.send(.toggleFavourite(id: ids[0]))
        #expect(
            Self.path(heart.first) == ["Intent: toggleFavourite(id: \(ids[0]))", "Model: uiState = .SuccessfullyFetched"], "no request")
        #expect(await harness.flow.lit == [.intent, .model])
        // The heart on the page takes the same path.
        let pressed = try await harness.press("♥ Favourite")
        #expect(pressed.first?.source == .browser && pressed.first?.event == "toggleFavourite id: \(ids[0])")
        #expect(Self.path(pressed.first) == Self.path(heart.first))

        let open = try await harness.send(.open(id: ids[1]))
        #expect(
            Self.path(open.first) == [
                "Intent: open(id: \(ids[1]))", "Model: uiState = .SuccessfullyFetched, film Loading",
                #"Repository: intents.runLatest("film") → effect for #1"#,
            ])
        #expect(await harness.waitUntil { $0.trace.first?.stages.count == 5 })
        #expect(Self.path(await harness.trace.first).last == "Model: uiState = .SuccessfullyFetched, film Fetched (later)")
        let back = try await harness.press("‹ Back")
        #expect(Self.path(back.first) == ["Intent: back()", "Model: uiState = .SuccessfullyFetched"])
        Self.expectSourcesExist(await harness.trace)
    }

    @Test func retryRunsTheFailedRequestAgainAndNothingWithoutAnError() async throws {
        let server = try await FilmsServer()
        let harness = Self.harness(server)
        let nothing = try await harness.send(.retry)
        #expect(Self.path(nothing.first) == ["Intent: retry() → no error, nothing to retry"])
        try await harness.send(.setFaults(latencyMs: 0, failureRate: 1))
        try await harness.send(.search(query: "alien"))
        #expect(await harness.waitUntil { $0.trace.first?.stages.count == 5 })
        #expect(Self.path(await harness.trace.first).last == "Model: uiState = .ApiError (later)")
        try await harness.send(.setFaults(latencyMs: 0, failureRate: 0))
        let retry = try await harness.press("Retry")
        #expect(
            Self.path(retry.first) == [
                #"Intent: retry() → search(query: "alien")"#, "Model: uiState = .Loading",
                #"Repository: intents.runLatest("search") → effect for #2"#,
            ])
        #expect(await harness.waitUntil { $0.trace.first?.stages.count == 5 })
        #expect(await harness.run { $0.app.snapshot.films.resultIds } == server.ids("alien"))
        Self.expectSourcesExist(await harness.trace)
    }

    /// The list's and the film's lanes are each latest-wins and leave each other alone; a heart drops nothing.
    @Test func aHeartOrAnOpenDoesNotDropASearchStillWaiting() async throws {
        let server = try await FilmsServer()
        let clock = TestClock()
        let harness = Self.harness(server, clock: clock)
        let ids = server.ids("heat")
        try await harness.send(.setFaults(latencyMs: 1_000, failureRate: 0))
        try await harness.send(.search(query: "heat"))
        #expect(await clock.waitForSleepers(1))
        try await harness.send(.toggleFavourite(id: 7))
        try await harness.send(.open(id: ids[0]))
        #expect(await clock.waitForSleepers(2))
        #expect(await harness.run { $0.app.snapshot.films } == FilmsState(query: "heat", openId: ids[0], favourites: [7], loading: true))
        clock.advance(by: .seconds(1))
        let settled = FilmsState(query: "heat", resultIds: ids, openId: ids[0], favourites: [7])
        #expect(await harness.waitUntil { $0.app.snapshot.films == settled && $0.app.snapshot.filmState == "Fetched" })
    }

    /// A history replayed in a fresh app, its effects never run and their recorded answers delivered in their places,
    /// shows what the live app showed after every step.
    @Test func aReplayedHistoryReachesTheSameSnapshots() async throws {
        let server = try await FilmsServer()
        let ids = server.ids("alien")
        let api = FilmsAPI(baseURL: server.baseURL, faults: FaultInjection())
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        func answer<Value: Encodable>(_ effect: UInt64, _ label: String, _ value: Value) throws -> EffectOutcome {
            EffectOutcome(
                effect: effect, label: label, value: String(decoding: try encoder.encode(value), as: UTF8.self), error: nil,
                errorDetail: nil)
        }
        var missing: FilmsAPIError?
        do { _ = try await api.film(id: 9_999_999) } catch let error as FilmsAPIError { missing = error }
        let missingDetail = String(decoding: try encoder.encode(try #require(missing)), as: UTF8.self)
        func notFound(_ effect: UInt64) -> EffectOutcome {
            EffectOutcome(effect: effect, label: "film", value: nil, error: FilmsAPIError.journalName, errorDetail: missingDetail)
        }
        // Each input, and the answer its request got (nil: it makes none).
        let history: [(FilmsEvent, EffectOutcome?)] = [
            (.search(query: "alien"), try answer(1, "search", try await api.search(query: "alien"))),
            (.toggleFavourite(id: ids[0]), nil),
            (.open(id: ids[1]), try answer(2, "film", try await api.film(id: ids[1]))),
            (.back, nil),
            (.open(id: 9_999_999), notFound(3)),
            (.retry, notFound(4)),
            (.back, nil),
            (.search(query: "heat"), try answer(5, "search", try await api.search(query: "heat"))),
        ]

        let live = Self.harness(server)
        await live.draw()
        var seen: [String] = []
        for (event, _) in history {
            try await live.send(event)
            #expect(await live.waitUntil { !$0.app.snapshot.films.loading && $0.pendingEffects == 0 })
            seen.append(await live.snapshotJSON)
        }

        let replay = Self.harness(server, replaying: true)
        await replay.draw()
        for ((event, outcome), snapshot) in zip(history, seen) {
            let fields = event.envelopeFields
            guard case .string(let name)? = fields.first?.value else { Issue.record("\(event) has no name"); return }
            try await replay.input(name, Dictionary(uniqueKeysWithValues: fields.dropFirst().map { ($0.name, $0.value) }))
            if let outcome { try await replay.outcome(outcome) }
            #expect(await replay.snapshotJSON == snapshot, "after \(event)")
        }
        #expect(
            await replay.run { $0.app.snapshot.films } == FilmsState(query: "heat", resultIds: server.ids("heat"), favourites: [ids[0]]))
    }

    /// A room folds its history into a snapshot: the app's checkpoint restores a fresh app (outside off) to the same
    /// state, page and checkpoint, and both go on alike.
    @Test func aCheckpointRestoresTheSameStateAndBothGoOnAlike() async throws {
        let server = try await FilmsServer()
        let ids = server.ids("alien")
        let original = Self.harness(server)
        for event: FilmsEvent in [
            .search(query: "alien"), .toggleFavourite(id: ids[2]), .open(id: ids[1]), .setFaults(latencyMs: 0, failureRate: 1),
            .search(query: "heat"),
        ] {
            try await original.send(event)
            #expect(await original.waitUntil { !$0.app.snapshot.films.loading && $0.pendingEffects == 0 })
        }
        let saved = try #require(await original.checkpoint())
        let copy = Self.harness(server, replaying: true)
        try await copy.restore(saved)
        #expect(await copy.snapshotJSON == original.snapshotJSON)
        #expect(await copy.render().html == original.render().html)
        #expect(await copy.checkpoint() == saved)
        for harness in [original, copy] {
            try await harness.send(.setFaults(latencyMs: 0, failureRate: 0))
            try await harness.send(.retry)
            #expect(await harness.waitUntil { !$0.app.snapshot.films.loading && $0.pendingEffects == 0 })
        }
        #expect(await copy.snapshotJSON == original.snapshotJSON)
        #expect(
            await copy.run { $0.app.snapshot.films }
                == FilmsState(query: "heat", resultIds: server.ids("heat"), openId: ids[1], favourites: [ids[2]]))
        #expect(await copy.run { $0.app.snapshot.generation } == 3, "the list's intents number on")
    }

    @Test func aCheckpointTheAppDidNotWriteIsRefused() async throws {
        let server = try await FilmsServer()
        let state = #"{"favourites":[],"list":{"Init":{}},"query":""}"#
        func saved(_ state: String, generation: String = "0") -> String {
            #"{"faults":{"failureRate":0,"latencyMs":0},"filmGeneration":0,"generation":\#(generation),"state":\#(state)}"#
        }
        try await Self.harness(server, replaying: true).restore(saved(state))
        let refused = [
            "", "{}", saved(state, generation: "281474976710656"), saved(#"{"favourites":[],"list":{"Loading":{"_0":"x"}},"query":"x"}"#),
            saved(#"{"favourites":[3,2],"list":{"Init":{}},"query":""}"#), saved(#"{"favourites":[0],"list":{"Init":{}},"query":""}"#),
            saved(#"{"favourites":[],"list":{"Init":{}},"film":{"Loading":{"id":5}},"query":""}"#),
        ]
        for text in refused {
            await #expect(throws: CheckpointError.self, "\(text)") { try await Self.harness(server, replaying: true).restore(text) }
        }
    }

    @Test func thePageShowsTheBadgeARowTheDetailAndAnErrorWithRetry() async throws {
        let server = try await FilmsServer()
        let harness = Self.harness(server)
        let films = server.catalog.search("alien", page: 1).results.prefix(20)
        let film = try #require(films.first { $0.title.allSatisfy { $0.isLetter || $0.isNumber || $0 == " " } })
        try await harness.send(.search(query: "alien"))
        #expect(await harness.waitUntil { !$0.app.snapshot.films.loading })
        var html = await harness.render().html
        #expect(html.contains(FilmsMessages.badge(0)) && html.contains(film.title) && html.contains("♡ Favourite"))

        try await harness.send(.toggleFavourite(id: film.id))
        html = await harness.render().html
        #expect(html.contains(FilmsMessages.badge(1)) && html.contains("♥ Favourite"))

        try await harness.send(.open(id: film.id))
        #expect(await harness.waitUntil { $0.app.snapshot.filmState == "Fetched" })
        html = await harness.render().html
        let detail = try await FilmsAPI(baseURL: server.baseURL, faults: FaultInjection()).film(id: film.id)
        #expect(html.contains("\(detail.title) (\(detail.year))") && html.contains("\(detail.runtime) min") && html.contains("‹ Back"))
        #expect(html.contains("♥ Favourite"), "the heart in the detail follows the list's")

        try await harness.send(.back)
        try await harness.send(.setFaults(latencyMs: 0, failureRate: 1))
        try await harness.send(.search(query: "heat"))
        #expect(await harness.waitUntil { $0.app.snapshot.state == "ApiError" })
        html = await harness.render().html
        #expect(html.contains(FilmsMessages.searchFailed("heat")) && html.contains(">Retry<"))
        try await harness.send(.search(query: "zzqxj"))
        #expect(await harness.waitUntil { $0.app.snapshot.films.error == FilmsMessages.searchFailed("zzqxj") })
        try await harness.send(.setFaults(latencyMs: 0, failureRate: 0))
        try await harness.press("Retry")
        #expect(await harness.waitUntil { $0.app.snapshot.state == "NoResultsFound" })
        #expect(await harness.render().html.contains(FilmsMessages.noResults("zzqxj")))
    }
}
