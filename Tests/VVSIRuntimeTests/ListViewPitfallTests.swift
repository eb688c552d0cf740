import AppSeam
@testable import ListViewVVSI
import PlaygroundTesting
import Testing

/// The pitfall switch of the list (issue #30): with the article's `trigger`, adds triggered together all read the
/// count before any appends; with the fix, one at a time.
@Suite("ListView: the article's trigger as published")
struct ListViewPitfallTests {
    /// Twenty adds triggered in one turn of the room (none of their tasks can reach the room in between).
    func twentyAdds(on: Bool) async throws -> AppHarness<ListViewPlayground> {
        let harness = AppHarness<ListViewPlayground>(seed: 7)
        try await harness.send(.setPitfall(on: on))
        try await harness.run { harness in
            for _ in 0..<20 { _ = try harness.send(.app(.add)) }
        }
        // A bound, not a timing: a loaded machine runs the twenty actions' hops slowly.
        #expect(await harness.waitUntil(timeout: .seconds(120)) { $0.app.snapshot.actionRunning == false && $0.app.snapshot.pendingActions == 0 })
        return harness
    }

    @Test func withTheSwitchOnConcurrentAddsPassTheCap() async throws {
        let harness = try await twentyAdds(on: true)
        let snapshot = await harness.run { $0.app.snapshot }
        #expect(snapshot.items.count > 5, "\(snapshot.items.count)")
        #expect(snapshot.overCap == snapshot.items.count - 5 && snapshot.pitfall == PitfallState(name: "unserialised-actions", on: true))
        let steps = await harness.trace.flatMap(\.became)
        #expect(steps.contains { $0.hasPrefix("⚠ cap exceeded: 6 items, the cap is 5") }, "\(steps.prefix(20))")
    }

    @Test func withTheSwitchOffNeverMoreThanFive() async throws {
        let harness = try await twentyAdds(on: false)
        let snapshot = await harness.run { $0.app.snapshot }
        #expect(snapshot.items.count == 5 && snapshot.overCap == 0)
        #expect(!(await harness.trace.flatMap(\.became)).contains { $0.contains("cap exceeded") })
    }

    /// Switched off again, the fix is back: one more add is refused at the cap it already passed.
    @Test func switchingBackOffRestoresTheQueue() async throws {
        let harness = try await twentyAdds(on: true)
        let count = await harness.run { $0.app.snapshot }.items.count
        try await harness.send(.setPitfall(on: false))
        try await harness.send(.app(.add))
        #expect(await harness.waitUntil { $0.app.snapshot.actionRunning == false })
        #expect(await harness.run { $0.app.snapshot }.items.count == count)
    }

    /// The switch is kept in the app's checkpoint.
    @Test func theCheckpointKeepsTheSwitch() async throws {
        let harness = AppHarness<ListViewPlayground>(seed: 7)
        try await harness.send(.setPitfall(on: true))
        let checkpoint = try #require(await harness.checkpoint())
        let restored = AppHarness<ListViewPlayground>(seed: 7, replaying: true)
        try await restored.restore(checkpoint)
        #expect(await restored.run { $0.app.snapshot }.pitfall.on)
        #expect(await restored.run { $0.app.instance.viewState.runsActionsAtOnce })
    }
}
