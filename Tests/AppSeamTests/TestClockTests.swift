import PlaygroundTesting
import Testing

/// The harness's manual clock: sleepers wake when the test moves time past their deadline, in deadline order, and
/// a cancelled sleeper throws at once.
@Suite struct TestClockTests {
    @Test func sleepersWakeOnlyWhenTheClockIsAdvancedPastTheirDeadline() async throws {
        let clock = TestClock()
        let woken = WokenOrder()
        let long = Task { try await clock.sleep(for: .seconds(2)); await woken.append("2 s") }
        let short = Task { try await clock.sleep(for: .seconds(1)); await woken.append("1 s") }
        #expect(await clock.waitForSleepers(2))
        clock.advance(by: .milliseconds(999))
        try await Task.sleep(for: .milliseconds(20))
        #expect(await woken.names.isEmpty)
        #expect(clock.sleeperCount == 2)
        clock.advance(by: .seconds(5))
        try await short.value
        try await long.value
        #expect(await Set(woken.names) == ["1 s", "2 s"])
        #expect(clock.sleeperCount == 0)
        #expect(clock.now.offset == .milliseconds(5_999))
    }

    @Test func aDeadlineAlreadyPassedReturnsAtOnce() async throws {
        let clock = TestClock()
        clock.advance(by: .seconds(3))
        try await clock.sleep(until: clock.now.advanced(by: .seconds(-1)))
        try await clock.sleep(for: .zero)
        #expect(clock.sleeperCount == 0)
    }

    @Test func cancellingASleeperThrowsAndFreesIt() async throws {
        let clock = TestClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(60)) }
        #expect(await clock.waitForSleepers(1))
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)
    }

    actor WokenOrder {
        var names: [String] = []
        func append(_ name: String) { names.append(name) }
    }
}
