import AppSeam
import FilmsKit
import FilmsVVSI
import PlaygroundTesting
import Testing

/// The VVSI Films app writes its own checkpoint (its state, the interactor's request counter and the fault draws'
/// position), so its room folds without keeping every effect's answer: a fresh app restored from it shows the same
/// `/state` and page and goes on alike, and the checkpoint does not grow with the searches made.
@Suite struct FilmsVVSICheckpointTests {
    static func harness(_ server: FilmsServer, seed: UInt64 = 5, replaying: Bool = false) -> AppHarness<FilmsVVSIPlayground> {
        var values = AppServiceValues()
        values[FilmsAPISettings.self] = FilmsAPISettings(baseURL: server.baseURL)
        return AppHarness<FilmsVVSIPlayground>(seed: seed, values: values, ownBaseURL: server.baseURL, replaying: replaying)
    }

    /// Sends `event` and waits until nothing runs, waits or loads.
    static func send(_ harness: AppHarness<FilmsVVSIPlayground>, _ event: FilmsEvent) async throws {
        try await harness.send(event)
        #expect(await harness.waitUntil { !$0.app.snapshot.films.loading && !$0.app.snapshot.actionRunning && $0.pendingEffects == 0 })
    }

    @Test func aCheckpointRestoresTheSameStateAndPageAndBothGoOnAlike() async throws {
        let server = try await FilmsServer()
        let ids = server.ids("alien")
        let original = Self.harness(server)
        for event: FilmsEvent in [
            .search(query: "alien"), .toggleFavourite(id: ids[2]), .open(id: ids[1]), .setFaults(latencyMs: 0, failureRate: 0.5),
            .search(query: "heat"), .search(query: "alien"), .setFaults(latencyMs: 0, failureRate: 1), .search(query: "heat"),
        ] {
            try await Self.send(original, event)
        }
        #expect(await original.run { $0.app.snapshot.films.error } == FilmsMessages.searchFailed("heat"))
        let saved = try #require(await original.checkpoint())
        // Another seed: the fault draws go on from the position the checkpoint keeps, not from the seed.
        let copy = Self.harness(server, seed: 6, replaying: true)
        try await copy.restore(saved)
        #expect(await copy.snapshotJSON == original.snapshotJSON)
        #expect(await copy.render().html == original.render().html)
        #expect(await copy.checkpoint() == saved, "a restored app writes the same checkpoint")
        // Retry the failed search, then searches that fail at random: the same draws, the same request numbers.
        for event: FilmsEvent in [
            .setFaults(latencyMs: 0, failureRate: 0), .retry, .setFaults(latencyMs: 0, failureRate: 0.5), .search(query: "star"),
            .search(query: "war"), .search(query: "love"), .back,
        ] {
            try await Self.send(original, event)
            try await Self.send(copy, event)
            #expect(await copy.snapshotJSON == original.snapshotJSON, "after \(event)")
            #expect(await copy.checkpoint() == original.checkpoint(), "after \(event)")
        }
        #expect(await copy.run { $0.app.snapshot.films.favourites } == [ids[2]])
    }

    /// The default checkpoint (inputs and every effect's answer) grows by kilobytes per search; this one holds the
    /// state only, so after 4 or 24 searches ending on the same one it differs by a few digits (the request counter,
    /// the fault draws' position) at most.
    @Test func itsSizeDoesNotGrowWithTheSearches() async throws {
        let server = try await FilmsServer()
        var sizes: [Int] = []
        for searches in [4, 24] {
            let harness = Self.harness(server)
            for index in 0..<searches { try await Self.send(harness, .search(query: index % 2 == 0 ? "heat" : "alien")) }
            let saved = try #require(await harness.checkpoint())
            #expect(saved.contains(#""requests":\#(searches)"#), "\(saved)")
            sizes.append(saved.utf8.count)
        }
        #expect(abs(sizes[1] - sizes[0]) <= 4, "\(sizes)")
    }

    @Test func aCheckpointTheAppDidNotWriteIsRefused() async throws {
        let server = try await FilmsServer()
        let original = Self.harness(server)
        try await Self.send(original, .search(query: "alien"))
        let saved = try #require(await original.checkpoint())
        try await Self.harness(server, replaying: true).restore(saved)
        let tooMany = "[" + (1...21).map { #"{"id":\#($0),"rating":0,"title":"t","year":2000}"# }.joined(separator: ",") + "]"
        let refused = [
            "", "{}", "[1,2]", saved.replacingOccurrences(of: #""requests":1,"#, with: ""),
            saved.replacingOccurrences(of: #""faultDraws":"#, with: #""faultDrawz":"#),
            saved.replacing(#/"results":\[.*?\],"searching"/#, with: #""results":\#(tooMany),"searching""#),
        ]
        for text in refused {
            #expect(text != saved)
            let copy = Self.harness(server, replaying: true)
            await #expect(throws: CheckpointError.self, "\(text)") { try await copy.restore(text) }
        }
    }

    /// A room journaled before the app wrote its own checkpoint holds the steps the app took (a JSON array): they are
    /// taken again, so the room still restores, and its deliveries go on from theirs.
    @MainActor @Test func stepsWrittenBeforeItsOwnCheckpointStillRestore() async throws {
        let server = try await FilmsServer()
        var values = AppServiceValues()
        values[FilmsAPISettings.self] = FilmsAPISettings(baseURL: server.baseURL)
        let services = AppServices(isolation: MainActor.shared, randomSeed: 5, changed: {}, ownBaseURL: server.baseURL, values: values)
        let app = AppRegistration.app(FilmsVVSIPlayground.self, services: values).make(services)
        let steps = [7, 3].map { #"{"fields":[{"name":"event","string":"toggleFavourite"},{"name":"id","integer":\#($0)}]}"# }
        let saved = "[" + steps.joined(separator: ",") + "]"
        #expect(!app.restoresItself(from: saved) && app.restoresItself(from: #"{"query":""}"#))
        try await app.restore(saved)
        await app.settle()
        #expect((app.snapshot as? FilmsVVSISnapshot)?.films.favourites == [3, 7])
        #expect(app.restoresDeliveries)
        app.unmount()
    }
}
