import MVIRuntime
import PlaygroundTesting
import Synchronization
import Testing

/// A room that owns a bare `LatestWins`, for testing the mechanism without a view model.
actor LatestWinsRoom {
    private let executor = TestRoomExecutor(label: "test.latest")
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    var latest: LatestWins!
    var delivered: [String] = []
    var dropped: [LatestWins.Drop] = []
    var deliveredOnRoomQueue: [Bool] = []

    func setUp() { latest = LatestWins(isolation: self) }

    var generation: UInt64 { latest.generation }

    /// Starts a new generation whose effect sleeps `delay` then returns `value` (ignoring cancellation) and
    /// records whether it ran off the room's queue.
    func start(_ value: String, after delay: Duration, effectRanOffRoom: Flag) {
        latest.advance()
        latest.run {
            effectRanOffRoom.set(!TestRoomExecutor.isOnRoomQueue)
            try? await Task.sleep(for: delay)  // a stubborn effect: it finishes even when cancelled
            return value
        } deliver: { [unowned self] result in
            self.assumeIsolated { room in
                room.delivered.append((try? result.get()) ?? "error")
                room.deliveredOnRoomQueue.append(TestRoomExecutor.isOnRoomQueue)
            }
        } dropped: { [unowned self] drop in
            self.assumeIsolated { $0.dropped.append(drop) }
        }
    }

    func waitUntilSettled() async throws {
        let deadline = ContinuousClock.now + .seconds(30)  // a bound on waiting, not a measure: a loaded run is slow
        while delivered.count + dropped.count < 2 {
            guard ContinuousClock.now < deadline else { throw TestRoom.Timeout(what: "two results") }
            try await Task.sleep(for: .milliseconds(2))
        }
    }
}

/// A thread-safe flag an effect can set from any thread.
final class Flag: Sendable {
    private let value = Mutex(false)
    func set(_ newValue: Bool) { value.withLock { $0 = newValue } }
    var isSet: Bool { value.withLock { $0 } }
}

@Suite struct MVIRuntimeTests {
    @Test func aSlowerOlderEffectNeverOverwritesANewerOne() async throws {
        let room = LatestWinsRoom()
        await room.setUp()
        let (first, second) = (Flag(), Flag())
        await room.start("old", after: .milliseconds(150), effectRanOffRoom: first)
        await room.start("new", after: .milliseconds(10), effectRanOffRoom: second)
        try await room.waitUntilSettled()
        let (delivered, dropped, onQueue, generation) = await (room.delivered, room.dropped, room.deliveredOnRoomQueue, room.generation)
        #expect(delivered == ["new"])
        #expect(dropped == [LatestWins.Drop(generation: 1, latestGeneration: 2, failed: false)])
        #expect(onQueue == [true])  // results hop back onto the room's executor…
        #expect(first.isSet && second.isSet)  // …and effects run off it
        #expect(generation == 2)
    }

    @Test func theTraceReadsLikeTheMVICycle() {
        let events: [MVITraceEvent] = [
            .intentReceived(generation: 3, intent: #"loadMovies(query: "x", page: 1)"#),
            .stateChanged(generation: 3, from: "Init", to: "Loading", after: .microseconds(20)),
            .resultDelivered(generation: 3, succeeded: true, after: .milliseconds(1_234)),
            .resultDropped(generation: 2, latestGeneration: 3, reason: .superseded, after: .seconds(2)),
            .resultDropped(generation: 3, latestGeneration: 4, reason: .cancelled, after: .milliseconds(5)),
        ]
        #expect(
            events.map(\.description) == [
                #"intent #3 loadMovies(query: "x", page: 1)"#,
                "#3 Init → Loading after 0 ms",
                "#3 result (success) after 1234 ms",
                "#2 result dropped (superseded by #3) after 2000 ms",
                "#3 result dropped (cancelled) after 5 ms",
            ])
        #expect(events[0].elapsed == nil)
        #expect(events[2].elapsed == .milliseconds(1_234))
    }

    @Test func usingLatestWinsOffItsRoomsExecutorTraps() async {
        await #expect(processExitsWith: .failure) {
            let latest = LatestWins(isolation: LatestWinsRoom())
            latest.advance()
        }
    }
}

/// `LatestWins.appliesEveryAnswer` (the pitfall switch): every answer is delivered, the stale ones marked, and at most
/// `maxAnswersAwaited` are awaited at once.
@Suite struct LatestWinsPitfallTests {
    @Test func everyAnswerIsAppliedAndTheOldestPastTheBoundIsDropped() async throws {
        let room = LatestWinsRoom()
        await room.setUp()
        await room.everyAnswer()
        let count = LatestWins.maxAnswersAwaited + 1
        // Every effect waits until all have started (not for a time: a loaded machine starts them slowly).
        let gate = Flag()
        for index in 0..<count { await room.startGated("#\(index)", gate: gate) }
        gate.set(true)
        let deadline = ContinuousClock.now + .seconds(30)
        while await room.delivered.count + room.dropped.count < count, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(await room.dropped.map(\.generation) == [1], "the oldest, cancelled past the bound")
        let delivered = await room.delivered
        #expect(Set(delivered) == Set((1..<count).map { "#\($0)" }), "every other answer applied, stale or not: \(delivered)")
    }
}

extension LatestWinsRoom {
    func everyAnswer() { latest.appliesEveryAnswer = true }

    /// A new generation whose effect returns `value` once `gate` is set (cancelled or not).
    func startGated(_ value: String, gate: Flag) {
        latest.advance()
        latest.run {
            while !gate.isSet { try? await Task.sleep(for: .milliseconds(2)) }
            return value
        } deliver: { [unowned self] result in
            self.assumeIsolated { room in room.delivered.append({ do { return try result.get() } catch { return "error: \(error)" } }()) }
        } dropped: { [unowned self] drop in
            self.assumeIsolated { $0.dropped.append(drop) }
        }
    }
}
