import Dispatch
import MVIRuntime
import MovieSearchMVI
import PlaygroundTesting
import PlaygroundUI
import RoomServices

/// A room for tests: an actor on its own serial executor that owns one movie search and records what its
/// observers saw.
actor TestRoom {
    struct Timeout: Error, CustomStringConvertible {
        let what: String
        var description: String { "timed out waiting for \(what)" }
    }

    private let executor = TestRoomExecutor(label: "test.room")
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// The app under test (set by ``start(repository:faults:seed:)``).
    var app: MovieSearchInstance!
    /// Every trace event, in order.
    var events: [MVITraceEvent] = []
    /// How often `onChange` was called, and whether each call came on the room's queue.
    var changes: [Bool] = []

    /// Starts the movie search on this room's executor.
    func start(repository: any MovieRepository, faults: FaultSettings = .none, seed: UInt64 = 1) {
        let app = MovieSearchInstance(isolation: self, repository: repository, faults: faults, random: RandomSource(seed: seed))
        app.observe { [unowned self] event in self.assumeIsolated { $0.events.append(event) } }
        app.onChange = { [unowned self] in
            self.assumeIsolated { $0.changes.append(TestRoomExecutor.isOnRoomQueue) }
        }
        self.app = app
    }

    /// Runs `body` on the room's executor.
    func run<T: Sendable>(_ body: @Sendable (isolated TestRoom) throws -> T) rethrows -> T {
        try body(self)
    }

    /// The trace without timings.
    var trace: [String] { events.map(\.untimed) }

    /// Waits (on the room's executor, yielding between checks) until `condition` holds; throws after `timeout`.
    func waitUntil(
        _ what: String, timeout: Duration = .seconds(10), _ condition: @Sendable (isolated TestRoom) -> Bool
    ) async throws {
        let deadline = ContinuousClock.now + timeout
        while !condition(self) {
            guard ContinuousClock.now < deadline else { throw Timeout(what: what) }
            try await Task.sleep(for: .milliseconds(2))
        }
    }

    /// Waits until the app's state has the case name `state`.
    func waitForState(_ state: String, timeout: Duration = .seconds(10)) async throws {
        try await waitUntil("state \(state)", timeout: timeout) { $0.app.snapshot.state == state }
    }
}
