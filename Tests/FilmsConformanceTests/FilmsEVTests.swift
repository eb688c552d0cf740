import AppSeam
import EVRuntime
import FilmsEV
import FilmsKit
import Foundation
import PlaygroundTesting
import RoomServices
import Testing

/// The EV implementation beyond the shared scenarios: the path its events take (the flow strip's stages, in
/// order), a replay of its history, and what its pane shows.
@Suite("Films in EV")
struct FilmsEVTests {
    /// The app hosted as a room hosts it, fetching from `server`.
    static func harness(_ server: FilmsServer, replaying: Bool = false) -> AppHarness<FilmsEVPlayground> {
        var values = AppServiceValues()
        values[FilmsAPISettings.self] = FilmsAPISettings(baseURL: server.baseURL)
        return AppHarness<FilmsEVPlayground>(seed: 3, values: values, ownBaseURL: server.baseURL, replaying: replaying)
    }

    /// Each stage as "name: call @file", "later" for one that ran after the input returned (the answer).
    static func path(_ entry: Trace.Entry?) -> [String] {
        let stages = entry?.stages ?? []
        for stage in stages { #expect(StageSources.problem(with: stage) == nil, "\(stage)") }
        return stages.map { "\($0.later ? "later " : "")\($0.stage): \($0.call) @\($0.file)" }
    }

    @Test func aSearchIsAnEventAndSoIsItsAnswer() async throws {
        let server = try await FilmsServer()
        let harness = Self.harness(server)
        await harness.draw()
        let rows = try await harness.send(.search(query: "alien"))
        #expect(rows.map(\.event) == [#".search(query: "alien")"#])
        #expect(rows.first?.became == [#"@Action ← FilmListScreen.InnerAction.search("alien")"#, "@Action ← FilmDetailScreen.InnerAction.dismissError"])
        #expect(await harness.waitUntil { $0.app.snapshot.films.resultIds == server.ids("alien") })
        let count = server.ids("alien").count
        #expect(
            Self.path(await harness.trace.first) == [
                #"eventSubject: eventSubject.send(.search(query: "alien")) @EVRuntime/EVAppInstance.swift"#,
                #"actionsByEvent: actionsByEvent → [.search("alien"), .dismissError] @EVRuntime/ActionSource.swift"#,
                #"@Action: @Action ← FilmListScreen.InnerAction.search("alien") @FilmsEV/FilmListScreen.swift"#,
                #".onReceive: .onReceive($action) → .search("alien") @FilmsEV/FilmListScreen.swift"#,
                "@Action: @Action ← FilmDetailScreen.InnerAction.dismissError @FilmsEV/FilmDetailScreen.swift",
                ".onReceive: .onReceive($action) → .dismissError @FilmsEV/FilmDetailScreen.swift",
                "later eventSubject: eventSubject.send(.searchLoaded(\(count) films)) @FilmsEV/FilmListScreen.swift",
                "later actionsByEvent: actionsByEvent → [.showResults(\(count) films)] @EVRuntime/ActionSource.swift",
                "later @Action: @Action ← FilmListScreen.InnerAction.showResults(\(count) films) @FilmsEV/FilmListScreen.swift",
                "later .onReceive: .onReceive($action) → .showResults(\(count) films) @FilmsEV/FilmListScreen.swift",
            ])
        #expect(await harness.trace.count == 1, "the answer joins its search's row")
        #expect(await harness.trace.first?.became.last == ".searchLoaded(\(count) films) → @Action ← FilmListScreen.InnerAction.showResults(\(count) films)")
    }

    @Test func aHeartBecomesActionsOnTheListTheDetailAndTheBadge() async throws {
        let server = try await FilmsServer()
        let harness = Self.harness(server)
        await harness.draw()
        try await Self.input(.search(query: "heat"), to: harness)
        #expect(await harness.waitUntil { !$0.app.snapshot.films.resultIds.isEmpty })
        let id = server.ids("heat")[0]
        // The row's heart, pressed on the page: its closure sends the event, as HTTP does below.
        let pressed = try await harness.press("♡ Favourite")
        let actions = ["FilmListScreen", "FilmDetailScreen", "FavouritesBadge"].map { "\($0).InnerAction.toggleFavourite(\(id))" }
        let heart = { (sentAt: String) in
            ["eventSubject: eventSubject.send(.toggleFavourite(id: \(id))) @\(sentAt)",
             "actionsByEvent: actionsByEvent → [.toggleFavourite(\(id)), .toggleFavourite(\(id)), .toggleFavourite(\(id))] @EVRuntime/ActionSource.swift"]
                + zip(actions, ["FilmListScreen", "FilmDetailScreen", "FavouritesBadge"]).flatMap { action, file in
                    ["@Action: @Action ← \(action) @FilmsEV/\(file).swift",
                     ".onReceive: .onReceive($action) → .toggleFavourite(\(id)) @FilmsEV/\(file).swift"]
                }
        }
        #expect(pressed.first?.source == .browser)
        #expect(pressed.first?.became == actions.map { "@Action ← \($0)" })
        #expect(Self.path(pressed.first) == heart("FilmsEV/FilmListScreen.swift"))
        #expect(await harness.run { $0.app.snapshot.films.favourites } == [id])
        let sent = try await harness.send(.toggleFavourite(id: id))
        #expect(Self.path(sent.first) == heart("EVRuntime/EVAppInstance.swift"))
        #expect(await harness.run { $0.app.snapshot.films.favourites } == [])
        #expect(await harness.flow.lit == Set(EVStage.allCases))
    }

    @Test func theHistoryReplayedWithItsAnswersReachesTheSameState() async throws {
        let server = try await FilmsServer()
        let live = Self.harness(server)
        await live.draw()
        let alien = server.ids("alien")
        let steps: [(event: FilmsEvent, settled: @Sendable (FilmsState) -> Bool)] = [
            (.search(query: "alien"), { $0.resultIds == alien }),
            (.open(id: alien[1]), { !$0.loading }),
            (.toggleFavourite(id: alien[1]), { _ in true }),
            (.setFaults(latencyMs: 0, failureRate: 1), { _ in true }),
            (.search(query: "heat"), { $0.error != nil }),
        ]
        for step in steps {
            try await Self.input(step.event, to: live)
            #expect(await live.waitUntil { step.settled($0.app.snapshot.films) })
        }
        // What the live room's journal would hold for the three requests, in the order they were started.
        let api = FilmsAPI(baseURL: server.baseURL, faults: FaultInjection())
        let encode = { (value: any Encodable) in String(decoding: try JSONEncoder().encode(value), as: UTF8.self) }
        let outcomes = [
            EffectOutcome(effect: 1, label: "search", value: try encode(try await api.search(query: "alien")), error: nil, errorDetail: nil),
            EffectOutcome(effect: 2, label: "film", value: try encode(try await api.film(id: alien[1])), error: nil, errorDetail: nil),
            EffectOutcome(effect: 3, label: "search", value: nil, error: InjectedFault.journalName, errorDetail: try encode(InjectedFault(failureRate: 1))),
        ]
        let replayed = Self.harness(server, replaying: true)
        await replayed.draw()
        var next = outcomes.makeIterator()
        for step in steps {
            try await Self.input(step.event, to: replayed)
            if await replayed.pendingEffects > 0, let outcome = next.next() { try await replayed.outcome(outcome) }
        }
        #expect(await replayed.snapshotJSON == live.snapshotJSON)
        #expect(await replayed.render().html == live.render().html)
        #expect(await replayed.run { $0.app.snapshot.films.error } == FilmsMessages.searchFailed("heat"))
    }

    @Test func thePaneShowsTheBadgeARowTheDetailAndAnErrorWithRetry() async throws {
        let server = try await FilmsServer()
        let harness = Self.harness(server)
        await harness.draw()
        try await Self.input(.search(query: "alien"), to: harness)
        #expect(await harness.waitUntil { !$0.app.snapshot.films.resultIds.isEmpty })
        let api = FilmsAPI(baseURL: server.baseURL, faults: FaultInjection())
        let first = try await api.search(query: "alien")[0]
        var html = await harness.render().html
        #expect(html.contains(FilmsMessages.badge(0)))
        #expect(html.contains(Self.escaped(first.title)), "a row")
        try await Self.input(.toggleFavourite(id: first.id), to: harness)
        try await Self.input(.open(id: first.id), to: harness)
        #expect(await harness.waitUntil { !$0.app.snapshot.films.loading })
        let detail = try await api.film(id: first.id)
        html = await harness.render().html
        #expect(html.contains(FilmsMessages.badge(1)))
        #expect(html.contains(Self.escaped(detail.overview)), "the detail")
        #expect(html.contains("‹ Back") && html.contains("♥ Favourite"))
        try await Self.input(.setFaults(latencyMs: 0, failureRate: 1), to: harness)
        try await Self.input(.back, to: harness)
        try await Self.input(.search(query: "heat"), to: harness)
        #expect(await harness.waitUntil { $0.app.snapshot.films.error != nil })
        html = await harness.render().html
        #expect(html.contains(Self.escaped(FilmsMessages.searchFailed("heat"))))
        #expect(html.contains(">Retry<"))
        #expect(!html.contains(Self.escaped(detail.overview)), "Back closed the detail")
    }

    /// Posts `event` as its envelope, as a room's journal replays it.
    static func input(_ event: FilmsEvent, to harness: AppHarness<FilmsEVPlayground>) async throws {
        let fields = event.envelopeFields
        guard case .string(let name)? = fields.first?.value else { return }
        try await harness.input(name, Dictionary(uniqueKeysWithValues: fields.dropFirst().map { ($0.name, $0.value) }))
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
    }
}
