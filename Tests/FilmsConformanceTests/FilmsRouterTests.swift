import AppSeam
import FilmsKit
import FilmsRouter
import Foundation
import PlaygroundTesting
import RoomServices
import RouterRuntime
import Testing

/// The Router implementation's own lesson: the stages a search and a heart pass, a replay of its journal, and the
/// page showing the badge, a row, the pushed film and a failure as the router's alert with Retry.
@Suite("Films: MVI + Container + Router")
struct FilmsRouterTests {
    static func harness(_ server: FilmsServer, replaying: Bool = false) -> AppHarness<FilmsRouterPlayground> {
        var values = AppServiceValues()
        values[FilmsAPISettings.self] = FilmsAPISettings(baseURL: server.baseURL)
        return AppHarness<FilmsRouterPlayground>(seed: 5, values: values, ownBaseURL: server.baseURL, replaying: replaying)
    }

    /// `Stage: call`, with ` (later)` for what ran after the input returned.
    static func path(_ entry: Trace.Entry?) -> [String] {
        (entry?.stages ?? []).map { "\($0.stage): \($0.call)\($0.later ? " (later)" : "")" }
    }

    static let model = "Model: modelChangePublisher: the model will change"
    static let container = "MVIContainer: objectWillChange.send() (later)"

    @Test func aSearchAndAHeartPassTheirStagesInOrder() async throws {
        let server = try await FilmsServer()
        let harness = Self.harness(server)
        await harness.draw()
        try await harness.input("search", ["query": .string("alien")])
        #expect(await harness.waitUntil { $0.app.snapshot.films.resultIds == server.ids("alien") })
        // The intent, the model's two changes (query, contentState) each told to the view a turn later, then the
        // answer's change.
        #expect(
            Self.path(await harness.trace.first) == [
                "Intent: onSubmitSearch(query: \"alien\")", Self.model, Self.model, Self.container, Self.container,
                Self.model + " (later)", Self.container,
            ])
        let id = server.ids("alien")[0]
        try await harness.input("toggleFavourite", ["id": .integer(id)])
        #expect(Self.path(await harness.trace.first) == ["Intent: onTapFavourite(id: \(id)) → favourites.toggle", Self.model, Self.container])
        #expect(await harness.flow.lit == [.intent, .model, .container], "a heart asks no router")

        try await harness.input("open", ["id": .integer(id)])
        #expect(await harness.waitUntil { $0.app.snapshot.filmState?.hasPrefix("content") == true })
        #expect(
            Self.path(await harness.trace.first) == [
                "Intent: onTapFilm(id: \(id))", "Router: routerEvents.routeTo(.filmScreen(id: \(id)))", "Intent: viewOnAppear() → load film \(id)",
                Self.model, Self.container, Self.model + " (later)", Self.container,
            ])
        // In the film's screen, the heart reaches both models through the favourites.
        try await harness.input("toggleFavourite", ["id": .integer(id)])
        #expect(
            Self.path(await harness.trace.first) == [
                "Intent: onTapFavourite() → favourites.toggle(id: \(id))", Self.model, Self.model, Self.container, Self.container,
            ])
        try await harness.input("back")
        #expect(
            Self.path(await harness.trace.first) == [
                "Intent: onTapBack()", "Router: routerEvents.dismiss()", "Router: onScreenDismiss(type: .filmScreen(id: \(id)))",
            ])
        #expect(await harness.run { $0.app.snapshot.films } == FilmsState(query: "alien", resultIds: server.ids("alien")))
        for record in await harness.trace.flatMap(\.stages) { #expect(StageSources.problem(with: record) == nil) }
    }

    /// The journal's inputs and recorded answers, replayed in a fresh app whose effects never run, reach the same
    /// snapshot as the live app.
    @Test func aReplayOfInputsAndAnswersReachesTheSameSnapshot() async throws {
        let server = try await FilmsServer()
        let live = Self.harness(server)
        await live.draw()
        let ids = server.ids("alien")
        try await live.input("search", ["query": .string("alien")])
        #expect(await live.waitUntil { $0.app.snapshot.films.resultIds == ids })
        try await live.input("toggleFavourite", ["id": .integer(ids[1])])
        try await live.input("open", ["id": .integer(ids[1])])
        #expect(await live.waitUntil { $0.app.snapshot.filmState?.hasPrefix("content") == true })
        try await live.input("back")
        try await live.input("open", ["id": .integer(9_999_999)])
        #expect(await live.waitUntil { $0.app.snapshot.films.error != nil })

        let api = FilmsAPI(baseURL: server.baseURL, faults: FaultInjection())
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let films = String(decoding: try encoder.encode(try await api.search(query: "alien")), as: UTF8.self)
        let film = String(decoding: try encoder.encode(try await api.film(id: ids[1])), as: UTF8.self)
        let missing = String(decoding: try encoder.encode(FilmsAPIError("GET /3/movie/9999999 answered HTTP 404")), as: UTF8.self)

        let replay = Self.harness(server, replaying: true)
        await replay.draw()
        try await replay.input("search", ["query": .string("alien")])
        try await replay.outcome(EffectOutcome(effect: 1, label: "searchFilms", value: films, error: nil, errorDetail: nil))
        try await replay.input("toggleFavourite", ["id": .integer(ids[1])])
        try await replay.input("open", ["id": .integer(ids[1])])
        try await replay.outcome(EffectOutcome(effect: 2, label: "loadFilm", value: film, error: nil, errorDetail: nil))
        try await replay.input("back")
        try await replay.input("open", ["id": .integer(9_999_999)])
        try await replay.outcome(EffectOutcome(effect: 3, label: "loadFilm", value: nil, error: FilmsAPIError.journalName, errorDetail: missing))
        #expect(await replay.snapshotJSON == live.snapshotJSON)
        #expect(await replay.run { $0.app.snapshot.films.error } == FilmsMessages.filmFailed(9_999_999))
    }

    /// The page: the badge, a row with its heart, the pushed film's detail, and a failure as the router's alert
    /// whose Retry (pressed on the page) loads the film once the faults are off.
    @Test func thePageShowsTheBadgeARowTheFilmAndTheAlertWithRetry() async throws {
        let server = try await FilmsServer()
        let harness = Self.harness(server)
        await harness.draw()
        try await harness.input("search", ["query": .string("alien")])
        #expect(await harness.waitUntil { !$0.app.snapshot.films.resultIds.isEmpty })
        let first = try #require(server.catalog.search("alien", page: 1).results.first)
        try await harness.input("toggleFavourite", ["id": .integer(first.id)])
        var html = await harness.render().html
        #expect(html.contains(FilmsMessages.badge(1)))
        #expect(html.contains(first.title) && html.contains("♥ Favourite"))

        try await harness.input("setFaults", ["latencyMs": .integer(0), "failureRate": .number(1)])
        try await harness.input("open", ["id": .integer(first.id)])
        #expect(await harness.waitUntil { $0.app.snapshot.films.error == FilmsMessages.filmFailed(first.id) })
        html = await harness.render().html
        #expect(html.contains(#"role="alertdialog""#) && html.contains(FilmsMessages.filmFailed(first.id)) && html.contains(">Retry<"))

        try await harness.input("setFaults", ["latencyMs": .integer(0), "failureRate": .number(0)])
        try await harness.press("Retry")
        #expect(await harness.waitUntil { $0.app.snapshot.filmState?.hasPrefix("content") == true })
        html = await harness.render().html
        #expect(!html.contains(#"role="alertdialog""#) && html.contains("\(first.title) (") && html.contains(" min · ★ "))
        #expect(await harness.run { $0.app.snapshot.films.error } == nil)
    }

    /// Close answers the alert without retrying: the error is dismissed (nothing left to retry) and the list stays
    /// empty until the next search.
    @Test func closingASearchAlertDismissesTheError() async throws {
        let server = try await FilmsServer()
        let harness = Self.harness(server)
        await harness.draw()
        try await harness.input("setFaults", ["latencyMs": .integer(0), "failureRate": .number(1)])
        try await harness.input("search", ["query": .string("heat")])
        #expect(await harness.waitUntil { $0.app.snapshot.films.error == FilmsMessages.searchFailed("heat") })
        try await harness.press("Close")
        let closed = await harness.snapshotJSON
        #expect(await harness.run { $0.app.snapshot.films } == FilmsState(query: "heat"))
        #expect(await harness.run { $0.app.snapshot.listState } == "failed")
        try await harness.input("retry")
        #expect(await harness.snapshotJSON == closed, "no error shown: Retry does nothing")
    }

    /// A room folds the app into its checkpoint: a fresh app restored from it shows the same state, for a list with a
    /// favourite and a pushed film, a failed film's alert, a closed search alert, and a failed search's alert.
    @Test func aCheckpointRestoresTheSameState() async throws {
        let server = try await FilmsServer()
        let live = Self.harness(server)
        await live.draw()
        let ids = server.ids("alien")
        func roundTrip(_ label: String) async throws {
            let saved = try #require(await live.checkpoint(), "\(label): no checkpoint")
            let copy = Self.harness(server, replaying: true)
            try await copy.restore(saved)
            #expect(await copy.snapshotJSON == live.snapshotJSON, "\(label)")
        }
        try await roundTrip("nothing searched")
        try await live.input("search", ["query": .string("alien")])
        #expect(await live.waitUntil { $0.app.snapshot.films.resultIds == ids })
        try await live.input("toggleFavourite", ["id": .integer(ids[2])])
        try await live.input("open", ["id": .integer(ids[2])])
        #expect(await live.waitUntil { $0.app.snapshot.filmState?.hasPrefix("content") == true })
        try await roundTrip("a favourite film open")
        try await live.input("setFaults", ["latencyMs": .integer(0), "failureRate": .number(1)])
        try await live.input("open", ["id": .integer(ids[3])])
        #expect(await live.waitUntil { $0.app.snapshot.films.error != nil })
        try await roundTrip("a failed film's alert")
        try await live.input("search", ["query": .string("heat")])
        #expect(await live.waitUntil { $0.app.snapshot.films.error == FilmsMessages.searchFailed("heat") })
        try await roundTrip("a failed search's alert over a failed film")
        try await live.press("Close")
        try await roundTrip("the search alert closed")
    }
}
