import AppSeam
import FilmsKit
import FilmsVVSI
import Foundation
import PlaygroundTesting
import RoomServices
import Testing

/// The VVSI Films app beyond the shared scenarios: the stages its flow strip shows, a replay of its journal, and
/// what its page shows.
@Suite struct FilmsVVSITests {
    static let view = "FilmsVVSI/FilmsView.swift", interactor = "FilmsVVSI/FilmsView+Interactor.swift"
    static let glue = "FilmsVVSI/FilmsVVSI+Playground.swift", runtime = "VVSIRuntime/ViewState.swift"
    static let host = "VVSIRuntime/ViewStateHost.swift"

    /// Each stage as "name: call @file", `later` marked; every one names lines that exist and contain its call.
    static func path(_ entry: Trace.Entry?) -> [String] {
        let stages = entry?.stages ?? []
        for stage in stages { #expect(StageSources.problem(with: stage) == nil, "\(stage)") }
        return stages.map { "\($0.stage): \($0.call) @\($0.file)\($0.later ? " later" : "")" }
    }

    static func harness(_ server: FilmsServer, replaying: Bool = false) -> AppHarness<FilmsVVSIPlayground> {
        var values = AppServiceValues()
        values[FilmsAPISettings.self] = FilmsAPISettings(baseURL: server.baseURL)
        return AppHarness<FilmsVVSIPlayground>(seed: 5, values: values, ownBaseURL: server.baseURL, replaying: replaying)
    }

    /// The ids the list shows for `query`: the first 20 results.
    static func ids(_ server: FilmsServer, _ query: String) -> [Int] { server.catalog.search(query, page: 1).results.prefix(20).map(\.id) }

    static func shown(_ harness: AppHarness<FilmsVVSIPlayground>) async -> FilmsState? {
        films(of: await harness.snapshotJSON)
    }

    /// The event as a room replays it: its envelope, decoded, then the app drawn and settled.
    static func input(_ harness: AppHarness<FilmsVVSIPlayground>, _ event: FilmsEvent) async throws {
        let fields = event.envelopeFields
        guard case .string(let name)? = fields.first?.value else { Issue.record("\(event) has no event name"); return }
        try await harness.input(name, Dictionary(uniqueKeysWithValues: fields.dropFirst().map { ($0.name, $0.value) }))
    }

    /// Waits until the app shows `expected` and no action runs.
    static func settle(_ harness: AppHarness<FilmsVVSIPlayground>, at expected: FilmsState) async {
        #expect(await harness.waitUntil { films(of: $0.snapshotJSON) == expected && $0.snapshotJSON.contains(#""actionRunning":false"#) })
    }

    @Test func aSearchAndAHeartPassTheirStagesInOrder() async throws {
        let server = try await FilmsServer()
        let harness = Self.harness(server)
        let ids = Self.ids(server, "alien")
        _ = try await harness.run { try $0.send(.search(query: "alien")) }
        await Self.settle(harness, at: FilmsState(query: "alien", resultIds: ids))
        // The answer's trigger may come before or after the search's own updater: it queues behind the search either way.
        let answer = "viewState.trigger: viewState.trigger(.searchAnswered(#1, 20 films)) @\(Self.glue) later"
        let stages = Self.path(await harness.trace.first)
        #expect(stages.contains(answer))
        #expect(
            stages.filter { $0 != answer } == [
                #"viewState.trigger: viewState.trigger(.search("alien")) @\#(Self.host)"#,
                #"Interactor.execute: interactor.execute(state, .search("alien"), updater) @\#(Self.runtime)"#,
                #"Interactor.execute: effects.run("search") { try await api.search(query: query) } @\#(Self.interactor)"#,
                "updater: updater { state in … } @\(Self.runtime) later",
                "Interactor.execute: interactor.execute(state, .searchAnswered(#1, 20 films), updater) @\(Self.runtime) later",
                "state(): state() → the current state @\(Self.runtime) later",
                "updater: updater { state in … } @\(Self.runtime) later",
            ], "the request, then its answer, which comes back as an action")

        let heart = try await harness.run { try $0.press("♡ Favourite") }
        #expect(
            Self.path(heart.first) == [
                "viewState.trigger: viewState.trigger(.toggleFavourite(\(ids[0]))) @\(Self.view)",
                "Interactor.execute: interactor.execute(state, .toggleFavourite(\(ids[0])), updater) @\(Self.runtime)",
            ], "a heart sends no request")
        await Self.settle(harness, at: FilmsState(query: "alien", resultIds: ids, favourites: [ids[0]]))
        #expect(Self.path(await harness.trace.first).last == "updater: updater { state in … } @\(Self.runtime) later")
        #expect(await harness.flow.lit == [.trigger, .execute, .updater])
    }

    @Test func aFailureIsANotificationTheViewTurnsIntoTheShownError() async throws {
        let server = try await FilmsServer()
        let harness = Self.harness(server)
        try await Self.input(harness, .setFaults(latencyMs: 0, failureRate: 1))
        try await Self.input(harness, .search(query: "heat"))
        await Self.settle(harness, at: FilmsState(query: "heat", error: FilmsMessages.searchFailed("heat")))
        let stages = Self.path(await harness.trace.first)
        #expect(stages.contains("notifications: notificationSubject.send(.error(search #1 \"heat\")) @\(Self.runtime) later"), "\(stages)")
        #expect(stages.contains(".onReceive: .onReceive(viewState.notifications) → .error(search #1 \"heat\") @\(Self.view) later"), "\(stages)")
        #expect(stages.last == "updater: updater { state in … } @\(Self.runtime) later", "showError sets it")
        let html = await harness.render().html
        #expect(html.contains(FilmsMessages.searchFailed("heat")) && html.contains("Retry"))
    }

    @Test func thePageShowsTheBadgeARowTheDetailAndAnErrorWithRetry() async throws {
        let server = try await FilmsServer()
        let harness = Self.harness(server)
        let ids = Self.ids(server, "alien")
        try await Self.input(harness, .search(query: "alien"))
        try await Self.input(harness, .toggleFavourite(id: ids[0]))
        await Self.settle(harness, at: FilmsState(query: "alien", resultIds: ids, favourites: [ids[0]]))
        var html = await harness.render().html
        #expect(html.contains(FilmsMessages.badge(1)))
        let film = try #require(server.catalog.search("alien", page: 1).results.first)
        #expect(html.components(separatedBy: "♡ Favourite").count - 1 == ids.count - 1, "a row per film, one of them a favourite")
        #expect(html.contains(" · ★ "), "rows show year and rating")

        try await Self.input(harness, .open(id: film.id))
        await Self.settle(harness, at: FilmsState(query: "alien", resultIds: ids, openId: film.id, favourites: [ids[0]]))
        html = await harness.render().html
        #expect(html.contains("‹ Back") && html.contains(" min · ★ "), "the detail card")
        #expect(html.components(separatedBy: "♥ Favourite").count == 2, "its heart is filled")

        try await Self.input(harness, .setFaults(latencyMs: 0, failureRate: 1))
        try await Self.input(harness, .open(id: ids[1]))
        await Self.settle(harness, at: FilmsState(query: "alien", resultIds: ids, openId: ids[1], favourites: [ids[0]], error: FilmsMessages.filmFailed(ids[1])))
        html = await harness.render().html
        #expect(html.contains(FilmsMessages.filmFailed(ids[1])) && html.contains("Retry") && html.contains("‹ Back"))
    }

    @Test func aReplayOfTheInputsAndRecordedAnswersReachesTheSameSnapshot() async throws {
        let server = try await FilmsServer()
        let clock = TestClock()
        var values = AppServiceValues()
        values[FilmsAPISettings.self] = FilmsAPISettings(baseURL: server.baseURL)
        let live = AppHarness<FilmsVVSIPlayground>(seed: 5, values: values, ownBaseURL: server.baseURL, clock: clock)
        let ids = Self.ids(server, "alien")
        // The latency holds the answer until the clock moves, so where it falls between the steps is known.
        try await Self.input(live, .setFaults(latencyMs: 500, failureRate: 0))
        let afterFaults = await live.run { $0.app.deliveries }
        try await Self.input(live, .search(query: "alien"))
        await Self.settle(live, at: FilmsState(query: "alien", loading: true))
        let afterSearch = await live.run { $0.app.deliveries }
        #expect(await clock.waitForSleepers(1))
        clock.advance(by: .milliseconds(500))
        await Self.settle(live, at: FilmsState(query: "alien", resultIds: ids))
        let afterAnswer = await live.run { $0.app.deliveries }
        try await Self.input(live, .toggleFavourite(id: ids[3]))
        await Self.settle(live, at: FilmsState(query: "alien", resultIds: ids, favourites: [ids[3]]))
        let end = await live.run { $0.app.deliveries }
        let liveSnapshot = await live.snapshotJSON

        // The answer as the journal keeps it.
        let answer = try await FilmsAPI(baseURL: server.baseURL, faults: FaultInjection()).search(query: "alien")
        let value = String(decoding: try JSONEncoder().encode(answer), as: UTF8.self)

        let replay = Self.harness(server, replaying: true)
        try await Self.input(replay, .setFaults(latencyMs: 500, failureRate: 0))
        try await replay.deliver(upTo: afterFaults)
        try await Self.input(replay, .search(query: "alien"))
        try await replay.deliver(upTo: afterSearch)
        #expect(await Self.shown(replay) == FilmsState(query: "alien", loading: true))
        try await replay.outcome(EffectOutcome(effect: 1, label: "search", value: value, error: nil, errorDetail: nil))
        try await replay.deliver(upTo: afterAnswer)
        #expect(await Self.shown(replay) == FilmsState(query: "alien", resultIds: ids))
        try await Self.input(replay, .toggleFavourite(id: ids[3]))
        try await replay.deliver(upTo: end)
        await replay.finish()
        #expect(await replay.snapshotJSON == liveSnapshot)
    }
}
