import AppSeam
import EVRuntime
import FilmsEV
import FilmsKit
import Foundation
import PlaygroundTesting
import PlaygroundUI
import RoomServices
import Testing

/// Films in EV writes a checkpoint of its own (every screen's `@State`, the fault injection's random position, the
/// pitfall switch and its leaks) instead of the default (its inputs and every answer, kilobytes a search).
@Suite("Films in EV: its own checkpoint")
struct FilmsEVCheckpointTests {
    static func settled(_ harness: AppHarness<FilmsEVPlayground>) async -> Bool {
        await harness.waitUntil { !$0.app.snapshot.films.loading }
    }

    @Test func aRestoredAppShowsTheSameStateAndViewAndGoesOnTheSame() async throws {
        let server = try await FilmsServer()
        let original = FilmsEVTests.harness(server)
        await original.draw()
        try await FilmsEVTests.input(.search(query: "alien"), to: original)
        #expect(await Self.settled(original))
        let id = server.ids("alien")[0]
        try await FilmsEVTests.input(.open(id: id), to: original)
        #expect(await original.waitUntil { $0.app.snapshot.detailState == "loaded" })
        try await FilmsEVTests.input(.toggleFavourite(id: id), to: original)
        try await FilmsEVTests.input(.setFaults(latencyMs: 0, failureRate: 0.5), to: original)
        try await FilmsEVTests.input(.setPitfall(on: true), to: original)
        try await FilmsEVTests.input(.back, to: original)
        let saved = try #require(await original.checkpoint())
        #expect(saved.hasPrefix("{"), "its own, not the steps it took: \(saved.prefix(120))")

        let copy = FilmsEVTests.harness(server, replaying: true)
        try await copy.restore(saved)
        #expect(await copy.snapshotJSON == original.snapshotJSON)
        #expect(await copy.snapshotJSON.contains(#""favourites":[\#(id)]"#))
        #expect(await copy.render().html == original.render().html)
        #expect(await copy.checkpoint() == saved, "a restored app writes the same checkpoint")
        // The faults draw from the same position: each search fails or not alike.
        for query in ["heat", "alien", "matrix"] {
            try await FilmsEVTests.input(.search(query: query), to: original)
            try await FilmsEVTests.input(.search(query: query), to: copy)
            #expect(await Self.settled(original))
            #expect(await Self.settled(copy))
            #expect(await copy.snapshotJSON == original.snapshotJSON, "after searching \(query)")
        }
    }

    @Test func itsCheckpointDoesNotGrowWithTheSearches() async throws {
        let server = try await FilmsServer()
        let harness = FilmsEVTests.harness(server)
        await harness.draw()
        func search(_ times: Int) async throws {
            for _ in 0..<times {
                try await FilmsEVTests.input(.search(query: "alien"), to: harness)
                #expect(await Self.settled(harness))
            }
        }
        try await search(2)
        let first = try #require(await harness.checkpoint())
        try await search(20)
        let later = try #require(await harness.checkpoint())
        // Only where the random sequence stands moved.
        let withoutRandom = { (text: String) in text.replacing(/"random":\d+/, with: "") }
        #expect(withoutRandom(later) == withoutRandom(first))
        #expect(first != later, "each search drew its fault")
    }

    @Test func aCheckpointItNeverWritesIsRefused() async throws {
        let server = try await FilmsServer()
        for text in [
            #"{"random":1,"listState":"busy"}"#, #"{"random":1,"openId":0}"#, #"{"leaked":0}"#,
            #"{"random":1,"films":[\#((1...21).map { #"{"id":\#($0),"title":"x","year":2000,"rating":1}"# }.joined(separator: ","))]}"#,
        ] {
            let app = FilmsEVTests.harness(server, replaying: true)
            await #expect(throws: CheckpointError.self, "\(text.prefix(60))") { try await app.restore(text) }
        }
    }

    /// A room journaled before the app wrote its own checkpoint holds the default one: the steps it took, each
    /// answer with them. The room restores it as then.
    @MainActor
    @Test func aDefaultCheckpointJournalsAlreadyHoldRestores() async throws {
        let stored = #"""
            [{"fields":[{"name":"event","string":"search"},{"name":"query","string":"alien"}],"source":"http"},\#
            {"outcome":{"effect":1,"label":"search","value":"[{\"id\":2,\"rating\":7.5,\"title\":\"Aliens\",\"year\":1986},{\"id\":1,\"rating\":8,\"title\":\"Alien\",\"year\":1979}]"}},\#
            {"fields":[{"name":"event","string":"toggleFavourite"},{"name":"id","integer":1}],"source":"browser"}]
            """#
        func make() -> AnyHostedApp {
            AppRegistration.app(FilmsEVPlayground.self).make(
                AppServices(
                    isolation: MainActor.shared, randomSeed: 3, changed: {}, ownBaseURL: "http://127.0.0.1:9", values: .init(),
                    effects: Effects(isolation: MainActor.shared, mode: .replay)))
        }
        let app = make()
        #expect(app.restoresItself)
        try await app.restore(stored)
        let snapshot = try #require(app.snapshot as? FilmsEVSnapshot)
        #expect(snapshot.films == FilmsState(query: "alien", resultIds: [2, 1], favourites: [1]))
        #expect(app.checkpoint()?.hasPrefix("{") == true, "from then on it writes its own")
        await #expect(throws: CheckpointError.self, "an answer to a search it never started") { @MainActor in
            try await make().restore(#"[{"outcome":{"effect":1,"label":"search","value":"[]"}}]"#)
        }
    }
}
