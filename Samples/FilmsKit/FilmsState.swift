import AppSeam

/// What every Films implementation shows in `/state` under `films`, in one shape, so the five can be compared (and
/// the conformance suite expects the same value from each after every step).
public struct FilmsState: Codable, Equatable, Sendable {
    /// The query of the latest search ("" before one).
    public var query: String
    /// The ids of the results shown, in order (the first 20); empty while a search loads or after it failed.
    public var resultIds: [Int]
    /// The film whose detail is open, else null.
    @Nullable public var openId: Int?
    /// The favourite films' ids, sorted.
    public var favourites: [Int]
    /// The error shown (one of ``FilmsMessages``), else null.
    @Nullable public var error: String?
    /// Whether a request whose answer will be shown is in flight.
    public var loading: Bool

    public init(query: String = "", resultIds: [Int] = [], openId: Int? = nil, favourites: [Int] = [], error: String? = nil, loading: Bool = false) {
        (self.query, self.resultIds, self.favourites, self.loading) = (query, resultIds, favourites, loading)
        (self.openId, self.error) = (openId, error)
    }
}

/// The texts every implementation shows, word for word (the conformance suite compares them).
public enum FilmsMessages {
    /// A search that failed (the fault injection, or the server).
    public static func searchFailed(_ query: String) -> String { "The search for \u{201C}\(query)\u{201D} failed." }
    /// A film's detail that could not be loaded.
    public static func filmFailed(_ id: Int) -> String { "Film \(id) could not be loaded." }
    /// A search without results.
    public static func noResults(_ query: String) -> String { "No films match \u{201C}\(query)\u{201D}." }
    /// The badge: `♥ 3`.
    public static func badge(_ count: Int) -> String { "\u{2665} \(count)" }
}
