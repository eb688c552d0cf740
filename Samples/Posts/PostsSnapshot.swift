import AppSeam

/// Glue: what `GET /rooms/{id}/state` shows under `nice`.
public struct PostsSnapshot: Codable, Sendable, Equatable {
    /// The list's `contentLoadState`: `loading`, `hasData`, `noData` or `error`.
    public var contentLoadState: String
    /// The error the list shows, if it shows one.
    @Nullable public var error: String? = nil
    /// `all` or `favourites`.
    public var filter: String
    /// The favourite posts' ids, ascending.
    public var favourites: [Int]
    /// The open post's id, or null on the list.
    @Nullable public var route: Int? = nil
    /// Rows the list shows now (0 unless `hasData`).
    public var postsShown: Int
    /// Posts loaded (joined with their authors).
    public var postCount: Int
    /// The open post's `contentLoadState`, or null.
    @Nullable public var detailState: String? = nil
    /// Injected latency and failure rate.
    public var latencyMs: Int
    public var failureRate: Double
    /// The pitfall switches (the article's code where NiceRuntime has a fix) and how often each bug bit.
    public var pitfalls: [PitfallCount]
}
