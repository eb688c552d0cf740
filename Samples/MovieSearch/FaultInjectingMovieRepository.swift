import MovieCatalog
import PlaygroundUI
import Synchronization

/// A repository decorator that makes another repository slow or unreliable on purpose, so the playground can
/// show `Loading`, `ApiError` and a slow answer overtaken by a newer query.
///
/// Settings can be changed at any time (the room changes them on its executor); a request uses the settings in
/// force when it starts. The failure draw comes from a seedable generator, so tests are reproducible.
///
/// ```swift
/// let faulty = FaultInjectingMovieRepository(wrapping: repository, seed: 1)
/// faulty.setFaults(FaultSettings(latencyMs: 1_500, failureRate: 0.5))
/// ```
public final class FaultInjectingMovieRepository: MovieRepository {
    /// The repository that answers when no fault is injected.
    public let upstream: any MovieRepository
    private let state: Mutex<(settings: FaultSettings, generator: SeededRandomNumberGenerator)>

    /// Wraps `upstream` with `settings`; `seed` fixes the failure draws (random when `nil`).
    public init(wrapping upstream: any MovieRepository, settings: FaultSettings = .none, seed: UInt64? = nil) {
        self.upstream = upstream
        var system = SystemRandomNumberGenerator()
        state = Mutex((settings, SeededRandomNumberGenerator(seed: seed ?? system.next())))
    }

    /// The settings in force.
    public var settings: FaultSettings { state.withLock { $0.settings } }

    /// Replaces the settings; requests already waiting keep the ones they started with.
    public func setFaults(_ settings: FaultSettings) {
        state.withLock { $0.settings = settings }
    }

    /// Waits the latency (cancellable), then fails with ``InjectedFault`` at the failure rate, else asks `upstream`.
    public func searchMovies(query: String, page: Int) async throws -> TMDBSearchResponse {
        let (settings, fails) = state.withLock { state in
            (state.settings, Double.random(in: 0..<1, using: &state.generator) < state.settings.failureRate)
        }
        if settings.latencyMs > 0 {
            try await Task.sleep(for: .milliseconds(settings.latencyMs))
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
