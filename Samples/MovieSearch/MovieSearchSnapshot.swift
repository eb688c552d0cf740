/// A read-only snapshot of the movie search for `/state`.
public struct MovieSearchSnapshot: Sendable, Equatable, Encodable {
    /// The query of the latest intent (empty before the first).
    public var query: String
    /// The page of the latest intent.
    public var page: Int
    /// The state's case name: `Init`, `Loading`, `SuccessfullyFetched`, `NoResultsFound` or `ApiError`.
    public var state: String
    /// The message of `Loading` or `ApiError`, else `nil`.
    public var message: String?
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

    /// Makes a snapshot.
    public init(
        query: String, page: Int, state: String, message: String?, resultCount: Int, totalResults: Int, totalPages: Int,
        latencyMs: Int, failureRate: Double, generation: UInt64, inFlight: Bool
    ) {
        (self.query, self.page, self.state, self.message, self.resultCount) = (query, page, state, message, resultCount)
        (self.totalResults, self.totalPages, self.latencyMs, self.failureRate) = (totalResults, totalPages, latencyMs, failureRate)
        (self.generation, self.inFlight) = (generation, inFlight)
    }

    private enum CodingKeys: String, CodingKey {
        case query, page, state, message, resultCount, totalResults, totalPages, latencyMs, failureRate, generation, inFlight
    }

    /// Encodes a missing message as JSON `null` rather than leaving the key out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(query, forKey: .query)
        try container.encode(page, forKey: .page)
        try container.encode(state, forKey: .state)
        try container.encode(message, forKey: .message)
        try container.encode(resultCount, forKey: .resultCount)
        try container.encode(totalResults, forKey: .totalResults)
        try container.encode(totalPages, forKey: .totalPages)
        try container.encode(latencyMs, forKey: .latencyMs)
        try container.encode(failureRate, forKey: .failureRate)
        try container.encode(generation, forKey: .generation)
        try container.encode(inFlight, forKey: .inFlight)
    }
}
