import AppSeam
import MVIRuntime

/// A read-only snapshot of the movie search for `/state` (its memberwise initialiser is the tests').
public struct MovieSearchSnapshot: Sendable, Equatable, Codable {
    /// The query of the latest intent (empty before the first).
    public var query: String
    /// The page of the latest intent.
    public var page: Int
    /// The state's case name: `Init`, `Loading`, `SuccessfullyFetched`, `NoResultsFound` or `ApiError`.
    public var state: String
    /// The message of `Loading` or `ApiError`, else `nil`.
    @Nullable public var message: String? = nil
    /// Movies shown (on this page).
    public var resultCount: Int
    /// Matching movies over all pages in the latest answer.
    public var totalResults: Int
    /// Pages in the latest answer.
    public var totalPages: Int
    /// Injected latency in milliseconds.
    public var latencyMs: Int
    /// Injected failure rate, 0…1.
    public var failureRate: Double
    /// The latest intent's generation.
    public var generation: UInt64
    /// Whether a request is in flight whose answer would still be applied.
    public var inFlight: Bool
    /// The pitfall switch: `stale-answer-wins`, on when the article's view model runs as published.
    public var pitfall = PitfallState(name: Pitfall.staleAnswerWins.name, on: false)
    /// Older answers applied over newer ones (only while the switch is on): the bug, counted.
    public var staleAnswersShown = 0
}
