import MovieCatalog
import PlaygroundUI
import RoomServices
import Synchronization

/// A repository decorator that makes another repository slow or unreliable on purpose, so the playground can
/// show `Loading`, `ApiError` and a slow answer overtaken by a newer query.
///
/// Settings can be changed at any time (the room changes them on its executor); a request uses the settings in
/// force when it starts. The failure draw comes from the room's ``RandomSource``, so a seeded run replays.
///
/// ```swift
/// let faulty = FaultInjectingMovieRepository(wrapping: repository, random: RandomSource(seed: 1))
/// faulty.setFaults(FaultSettings(latencyMs: 1_500, failureRate: 0.5))
/// ```
public final class FaultInjectingMovieRepository: MovieRepository {
    /// The repository that answers when no fault is injected.
    public let upstream: any MovieRepository
    private let random: RandomSource
    private let clock: any Clock<Duration>
    private let state: Mutex<FaultSettings>

    /// Wraps `upstream` with `settings`; the failures are drawn from `random`, the latency waited on `clock`.
    public init(
        wrapping upstream: any MovieRepository, settings: FaultSettings = .none, random: RandomSource = RandomSource(),
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.upstream = upstream
        self.random = random
        self.clock = clock
        state = Mutex(settings)
    }

    /// The settings in force.
    public var settings: FaultSettings { state.withLock { $0 } }

    /// Replaces the settings; requests already waiting keep the ones they started with.
    public func setFaults(_ settings: FaultSettings) {
        state.withLock { $0 = settings }
    }

    /// Waits the latency (cancellable), then fails with ``InjectedFault`` at the failure rate, else asks `upstream`.
    public func searchMovies(query: String, page: Int) async throws -> TMDBSearchResponse {
        let settings = self.settings
        let fails = random.chance(settings.failureRate)
        if settings.latencyMs > 0 {
            try await clock.sleep(for: .milliseconds(settings.latencyMs))
        }
        if fails {
            throw InjectedFault(failureRate: settings.failureRate)
        }
        return try await upstream.searchMovies(query: query, page: page)
    }
}

/// The failure ``FaultInjectingMovieRepository`` injects.
public struct InjectedFault: Error, Sendable, Equatable, CustomStringConvertible {
    /// The failure rate that was in force.
    public let failureRate: Double

    /// `injected failure (failure rate 0.5)`.
    public var description: String { "injected failure (failure rate \(DisplayNumbers.rate(failureRate)))" }
}
