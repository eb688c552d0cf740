import AppSeam
import Dispatch
import MVIRuntime
import MovieSearchMVI
import PlaygroundTesting
import PlaygroundUI
import RoomServices
import Testing

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
    var app: MovieSearchPlayground!
    /// Every trace event, in order.
    var events: [MVITraceEvent] = []
    /// How often `changed` was called, and whether each call came on the room's queue.
    var changes: [Bool] = []

    /// Starts the movie search on this room's executor, as a room hosts it, fetching from `repository`.
    func start(repository: any MovieRepository, faults: FaultSettings = .none, seed: UInt64 = 1) {
        var values = AppServiceValues()
        values[MovieSearchPlayground.MovieAPI.self] = MovieSearchPlayground.MovieAPI(repository: repository)
        let app = MovieSearchPlayground(
            services: AppServices(
                isolation: self, randomSeed: seed,
                changed: { [unowned self] in self.assumeIsolated { $0.changes.append(TestRoomExecutor.isOnRoomQueue) } },
                ownBaseURL: "http://127.0.0.1:9", values: values))
        app.faults.setFaults(faults)
        app.viewModel.intents.observe { [unowned self] event in self.assumeIsolated { $0.events.append(event) } }
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

/// What the tests ask of the app directly (the room's own calls go through `handle` and `perform`).
extension MovieSearchPlayground {
    var intents: MVIIntents { viewModel.intents }

    /// The intent `loadMovies(query:page:)`, as Return in the field fires it.
    func search(query: String, page: Int = 1) { viewModel.loadMovies(query: query, page: page) }

    /// Another page of the current query, as Next does; false before the first search.
    func page(_ page: Int) -> Bool {
        guard intents.lastIntent != nil else { return false }
        viewModel.loadMovies(query: viewModel.query, page: page)
        return true
    }

    func setFaults(latencyMs: Int, failureRate: Double) { faults.setFaults(FaultSettings(latencyMs: latencyMs, failureRate: failureRate)) }

    /// An event as HTTP sends it (valid in these tests: a refusal fails the test).
    func handle(_ event: MovieSearchEvent) {
        do { try handle(event, from: .http) } catch { Issue.record("\(event) refused: \(error.message)") }
    }
}
