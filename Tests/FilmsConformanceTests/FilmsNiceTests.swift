import AppSeam
import FilmsKit
import FilmsNice
import Foundation
import NiceRuntime
import PlaygroundTesting
import RoomServices
import Testing

/// The NiceArchitecture Films app beyond the shared scenarios: the stages it reports, in order, for a search, a heart
/// and a second open (a cache hit); a replay of its recorded answers; and what its page shows.
@Suite("Films · NiceArchitecture")
struct FilmsNiceTests {
    static func harness(_ server: FilmsServer, replaying: Bool = false) -> AppHarness<FilmsNicePlayground> {
        var values = AppServiceValues()
        values[FilmsAPISettings.self] = FilmsAPISettings(baseURL: server.baseURL)
        return AppHarness<FilmsNicePlayground>(seed: 5, values: values, ownBaseURL: server.baseURL, replaying: replaying)
    }

    /// A row's stages as `call` or `call later`.
    static func calls(_ entry: Trace.Entry?) -> [String] { (entry?.stages ?? []).map { $0.call + ($0.later ? " later" : "") } }

    /// Sends `event` and draws, waits until `until` holds and every answer has come, draws again; returns the row's calls.
    static func step(
        _ harness: AppHarness<FilmsNicePlayground>, _ event: FilmsEvent, until: @escaping @Sendable (FilmsState) -> Bool = { !$0.loading }
    ) async throws -> [String] {
        // Drawn in the same job as the input, before an answer can come (as a room draws each step).
        try await harness.run { harness in
            try harness.send(event)
            _ = harness.render()
        }
        #expect(await harness.waitUntil { until($0.app.snapshot.films) && $0.pendingEffects == 0 })
        _ = await harness.render()
        let row = try #require(await harness.trace.first)
        for stage in row.stages { #expect(StageSources.problem(with: stage) == nil) }
        #expect(await harness.flow.path == row.stages, "the strip shows the newest event's path")
        return calls(row)
    }

    @Test func eachEventReportsThePathItTook() async throws {
        let server = try await FilmsServer()
        let harness = Self.harness(server)
        await harness.draw()
        let id = server.ids("alien")[0]

        #expect(
            try await Self.step(harness, .search(query: "alien")) == [
                "search(\"alien\")", "contentLoadState = .loading · FilmsListViewModel", "StatefulView(state: .loading)",
                "cache films: miss search \"alien\" later", "api.search(query: \"alien\") → answered later",
                "contentLoadState = .hasData · FilmsListViewModel later", "StatefulView(state: .hasData) later",
            ], "the list's view model, its load state, then the repository and the service as its task's answer comes")
        #expect(
            try await Self.step(harness, .toggleFavourite(id: id)) == ["toggleFavourite(\(id))", "StatefulView(state: .hasData)"],
            "a heart asks nothing of the repository")
        #expect(await harness.flow.lit == [.viewModel, .statefulView])

        let opened = [
            "coordinator.handleRoute(.film(\(id)))", "StatefulView(state: .noData)", "StatefulView(state: .hasData)",
            ".bindToVM(FilmDetailViewModel): onAppear", "bindViewModel() · FilmDetailViewModel", "contentLoadState = .loading · FilmDetailViewModel",
            "StatefulView(state: .loading)", "StatefulView(state: .hasData)",
        ]
        let loaded = ["contentLoadState = .hasData · FilmDetailViewModel later", "StatefulView(state: .hasData) later", "StatefulView(state: .hasData) later"]
        #expect(
            try await Self.step(harness, .open(id: id)) == opened + ["cache films: miss film \(id) later", "api.film(id: \(id)) → answered later"] + loaded,
            "opening starts with the coordinator; the detail loads as its view appears")
        #expect(
            try await Self.step(harness, .back) == [
                "coordinator.pop()", "StatefulView(state: .hasData)", ".bindToVM(FilmDetailViewModel): onDisappear",
                "unbindViewModel() · FilmDetailViewModel", "StatefulView(state: .hasData)",
            ])
        #expect(
            try await Self.step(harness, .open(id: id)) == opened + ["cache films: hit film \(id) later"] + loaded,
            "a film opened before is a cache hit: no HTTP")
        #expect(await !harness.flow.lit.contains(.service))
        #expect(await harness.snapshotJSON.contains(#""detailState":"hasData""#))
    }

    @Test func aFailureGoesThroughTheErrorServiceAndRetryRunsItAgain() async throws {
        let server = try await FilmsServer()
        let harness = Self.harness(server)
        await harness.draw()
        _ = try await Self.step(harness, .setFaults(latencyMs: 0, failureRate: 1))
        let message = FilmsMessages.searchFailed("heat")
        #expect(
            try await Self.step(harness, .search(query: "heat")) == [
                "search(\"heat\")", "contentLoadState = .loading · FilmsListViewModel", "StatefulView(state: .loading)",
                "cache films: miss search \"heat\" later", "api.search(query: \"heat\") → injected failure later",
                "didReceiveDisplayableError.send(Films: \(message)) later", "contentLoadState = .error(Films: \(message)) · FilmsListViewModel later",
                "StatefulView(state: .error(Films: \(message))) later",
            ])
        let html = await harness.render().html
        #expect(html.contains(message) && html.contains(">Retry<"), "the error, with Retry")
        _ = try await Self.step(harness, .setFaults(latencyMs: 0, failureRate: 0))
        // The page's Retry runs what the retry event runs.
        try await harness.press("Retry")
        #expect(await harness.waitUntil { $0.app.snapshot.films == FilmsState(query: "heat", resultIds: server.ids("heat")) })
        let row = try #require(await harness.trace.first)
        #expect(row.stages.first?.call == "retry()" && row.stages.first?.file == "FilmsNice/FilmsListView.swift")
    }

    /// The room's journal replays the inputs and the recorded answers (the effects never run): the same snapshots and views.
    @Test func aReplayOfTheRecordedAnswersReachesTheSameSnapshots() async throws {
        let server = try await FilmsServer()
        let live = Self.harness(server)
        await live.draw()
        let ids = server.ids("alien")
        let api = FilmsAPI(baseURL: server.baseURL, faults: FaultInjection())
        let encoder = JSONEncoder()
        let films = String(decoding: try encoder.encode(try await api.search(query: "alien")), as: UTF8.self)
        let film = String(decoding: try encoder.encode(try await api.film(id: ids[1])), as: UTF8.self)
        let steps: [(FilmsEvent, EffectOutcome?)] = [
            (.search(query: "alien"), EffectOutcome(effect: 1, label: "searchFilms", value: films, error: nil, errorDetail: nil)),
            (.toggleFavourite(id: ids[2]), nil),
            (.open(id: ids[1]), EffectOutcome(effect: 2, label: "fetchFilm", value: film, error: nil, errorDetail: nil)),
            (.toggleFavourite(id: ids[1]), nil),
            (.back, nil),
            (.setFaults(latencyMs: 0, failureRate: 1), nil),
            (.open(id: ids[3]), EffectOutcome(effect: 3, label: "fetchFilm", value: nil, error: "InjectedFault", errorDetail: #"{"failureRate":1}"#)),
        ]
        var seen: [String] = []
        var views: [String] = []
        for (event, _) in steps {
            _ = try await Self.step(live, event)
            seen.append(await live.snapshotJSON)
            views.append(await live.render().html)
        }
        #expect(seen.last?.contains(FilmsMessages.filmFailed(ids[3])) == true)

        let replay = Self.harness(server, replaying: true)
        await replay.draw()
        for ((event, outcome), (expected, view)) in zip(steps, zip(seen, views)) {
            let fields = event.envelopeFields
            guard case .string(let name)? = fields.first?.value else { Issue.record("\(event) has no name"); return }
            try await replay.input(name, Dictionary(uniqueKeysWithValues: fields.dropFirst().map { ($0.name, $0.value) }))
            if let outcome { try await replay.outcome(outcome) }
            #expect(await replay.snapshotJSON == expected, "after \(event)")
            // The journal's witness compares the views too: their control ids must not depend on this run's objects.
            #expect(await replay.render().html == view, "the view after \(event)")
        }
    }

    /// After every step (each screen loaded, failed, or its error dismissed by the other's request), the checkpoint
    /// restores a fresh app to the same snapshot and view, which then goes on live.
    @Test func aCheckpointRestoresTheSameSnapshot() async throws {
        let server = try await FilmsServer()
        let live = Self.harness(server)
        await live.draw()
        let ids = server.ids("alien")
        let steps: [FilmsEvent] = [
            .search(query: "alien"), .toggleFavourite(id: ids[2]), .open(id: ids[1]), .setFaults(latencyMs: 0, failureRate: 1),
            .search(query: "heat"), .open(id: ids[3]), .search(query: "alien"), .setFaults(latencyMs: 0, failureRate: 0), .retry,
            .open(id: ids[1]), .back,
        ]
        var restored = 0
        for event in steps {
            _ = try await Self.step(live, event)
            let (expected, view) = (await live.snapshotJSON, await live.render().html)
            let checkpoint = try #require(await live.checkpoint())
            let fresh = Self.harness(server, replaying: true)
            try await fresh.restore(checkpoint)
            #expect(await fresh.snapshotJSON == expected, "restored after \(event)")
            #expect(await fresh.render().html == view, "the view restored after \(event)")
            restored += 1
        }
        #expect(restored == steps.count)
        // A restored app is live: its next search fetches.
        let checkpoint = try #require(await live.checkpoint())
        let fresh = Self.harness(server, replaying: true)
        try await fresh.restore(checkpoint)
        _ = try await Self.step(fresh, .search(query: "heat"))
        #expect(await fresh.run { $0.app.snapshot.films.resultIds } == server.ids("heat"))
    }

    @Test func thePageShowsTheBadgeARowTheDetailAndItsHeart() async throws {
        let server = try await FilmsServer()
        let harness = Self.harness(server)
        await harness.draw()
        let id = server.ids("alien")[0]
        _ = try await Self.step(harness, .search(query: "alien"))
        let detail = try await FilmsAPI(baseURL: server.baseURL, faults: FaultInjection()).film(id: id)
        var html = await harness.render().html
        #expect(html.contains(FilmsMessages.badge(0)) && html.contains(detail.title) && !html.contains("min · ★"))
        // The row's heart, pressed on the page, takes the event's path.
        try await harness.press("♡ Favourite")
        let row = try #require(await harness.trace.first)
        #expect(row.stages.first?.call == "toggleFavourite(\(id))" && row.stages.first?.file == "FilmsNice/FilmsListView.swift")
        _ = try await Self.step(harness, .open(id: id))
        html = await harness.render().html
        #expect(html.contains(FilmsMessages.badge(1)) && html.contains("\(detail.runtime) min · ★") && html.contains("‹ Back"))
        #expect(html.components(separatedBy: "♥ Favourite").count == 3, "the hearts of the detail and of its row")
        #expect(html.contains(#"id="films-nice-faults""#) && html.contains(#"id="films-nice-films""#))
    }
}
