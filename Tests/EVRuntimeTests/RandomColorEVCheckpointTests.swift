import AppSeam
import EVRuntime
import PlaygroundTesting
import RandomColorEV
import Testing

/// The EV sample's checkpoint, written by EVRuntime from the views' `@State` it names: checkpoints that journals
/// already hold restore, and are written back byte for byte.
@Suite("EV: checkpoints journals already hold")
struct RandomColorEVCheckpointTests {
    /// As the sample wrote it before EVRuntime did: each side's colour, the page, the random position, the switch and its leaks.
    static let stored =
        #"{"leaked":3,"left":{"blue":0.25,"green":0.125,"opacity":1,"red":0.375},"pitfalls":["leaked-subscription"],"random":12345,"#
        + #""right":{"blue":0.1,"green":0.2,"opacity":1,"red":0.3},"selectedTab":"left"}"#

    @Test func aStoredCheckpointRestoresAndIsWrittenTheSame() async throws {
        let app = AppHarness<RandomColorEVPlayground>(seed: 1, replaying: true)
        try await app.restore(Self.stored)
        #expect(
            await app.snapshotJSON
                == ##"{"leftColor":"#602040","liveActionSubscriptions":5,"pitfall":{"name":"leaked-subscription","on":true},"rightColor":"#4d331a","selectedTab":"left"}"##
        )
        #expect(await app.checkpoint() == Self.stored)
        // The next colours are the draws from the stored position, as in the room that wrote it.
        let twin = AppHarness<RandomColorEVPlayground>(seed: 2, replaying: true)
        try await twin.restore(Self.stored)
        try await app.input("changeBothSidesColors")
        try await twin.input("changeBothSidesColors")
        #expect(await app.snapshotJSON == twin.snapshotJSON)
        #expect(await app.snapshotJSON.contains(##""leftColor":"#602040""##) == false)
    }

    @Test func aCheckpointFromBeforeThePitfallSwitchAndWithWhiteSidesRestores() async throws {
        let app = AppHarness<RandomColorEVPlayground>(seed: 1, replaying: true)
        try await app.restore(#"{"random":7,"selectedTab":"right"}"#)
        #expect(
            await app.snapshotJSON
                == #"{"leftColor":null,"liveActionSubscriptions":2,"pitfall":{"name":"leaked-subscription","on":false},"rightColor":null,"selectedTab":"right"}"#
        )
        #expect(await app.checkpoint() == #"{"leaked":0,"pitfalls":[],"random":7,"selectedTab":"right"}"#, "a white side is left out, as before")
    }

    @Test func aCheckpointItNeverWritesIsRefused() async throws {
        let refused = [#"{"random":7,"selectedTab":"up"}"#, #"{"selectedTab":"left"}"#, #"{"random":7,"left":"red"}"#, #"{"random":7,"leaked":100}"#]
        for text in refused {
            let app = AppHarness<RandomColorEVPlayground>(seed: 1, replaying: true)
            await #expect(throws: CheckpointError.self, "\(text)") { try await app.restore(text) }
        }
    }
}
