import AppSeam
import EVRuntime
import PlaygroundTesting
import RandomColorEV
import Testing

/// The pitfall switch of the EV sample (issue #30): the article's `@Action` discards its cancellable, so every view
/// an event re-creates (Left and Right) leaves a live subscription behind.
@Suite("EV: the article's @Action as published")
struct RandomColorEVPitfallTests {
    @Test(arguments: [true, false])
    func liveSubscriptionsGrowWithEveryEventOnlyWithTheSwitchOn(on: Bool) async throws {
        let harness = AppHarness<RandomColorEVPlayground>(seed: 42)
        _ = await harness.render()
        try await harness.send(.setPitfall(on: on))
        var counts: [Int] = []
        for _ in 1...3 {
            let rows = try await harness.send(.app(.changeBothSidesColors))
            counts.append(await harness.run { $0.app.snapshot }.liveActionSubscriptions)
            #expect(rows.first?.became.contains { $0.hasPrefix("⚠ subscription leaked: +2") } == on, "\(rows.first?.became ?? [])")
        }
        #expect(counts == (on ? [4, 6, 8] : [2, 2, 2]))
        // Switched off, no more leak; what leaked stays leaked.
        try await harness.send(.setPitfall(on: false))
        try await harness.send(.app(.changeBothSidesColors))
        #expect(await harness.run { $0.app.snapshot }.liveActionSubscriptions == (on ? 8 : 2))
    }

    /// A room's leak stops at its bound (each event reaches every leaked subscription), and the trace says so.
    @Test func theLeakStopsAtTheRoomsBound() async throws {
        let harness = AppHarness<RandomColorEVPlayground>(seed: 42)
        _ = await harness.render()
        try await harness.send(.setPitfall(on: true))
        var last: [String] = []
        for _ in 0..<(ActionSource.maxLeakedSubscriptions / 2 + 2) {
            last = try await harness.send(.app(.changeBothSidesColors)).first?.became ?? []
        }
        #expect(await harness.run { $0.app.snapshot.liveActionSubscriptions } == 2 + ActionSource.maxLeakedSubscriptions)
        #expect(last.last == "⚠ subscription leaked: the room stops at \(ActionSource.maxLeakedSubscriptions) leaked (the article's would go on)")
    }

    /// The colours are the same either way: the leaked subscriptions feed subjects no view reads.
    @Test func theLeakChangesNoColour() async throws {
        var colors: [String] = []
        for on in [true, false] {
            let harness = AppHarness<RandomColorEVPlayground>(seed: 42)
            _ = await harness.render()
            try await harness.send(.setPitfall(on: on))
            for _ in 1...3 { try await harness.send(.app(.changeBothSidesColors)) }
            let snapshot = await harness.run { $0.app.snapshot }
            colors.append("\(snapshot.leftColor ?? "") \(snapshot.rightColor ?? "")")
        }
        #expect(colors[0] == colors[1])
    }

    /// The switch and the leaked count are kept in the app's checkpoint.
    @Test func theCheckpointKeepsTheSwitchAndTheLeaks() async throws {
        let harness = AppHarness<RandomColorEVPlayground>(seed: 42)
        _ = await harness.render()
        try await harness.send(.setPitfall(on: true))
        for _ in 1...2 { try await harness.send(.app(.changeBothSidesColors)) }
        let checkpoint = try #require(await harness.checkpoint())
        let restored = AppHarness<RandomColorEVPlayground>(seed: 42, replaying: true)
        try await restored.restore(checkpoint)
        #expect(await restored.snapshotJSON == harness.snapshotJSON)
        try await restored.send(.app(.changeBothSidesColors))
        #expect(await restored.run { $0.app.snapshot }.liveActionSubscriptions == 8)
    }
}
