/// Glue: what `GET /rooms/{id}/state` shows under `nice`.
public struct PostsSnapshot: Encodable, Sendable, Equatable {
    /// The list's `contentLoadState`: `loading`, `hasData`, `noData` or `error`.
    public var contentLoadState: String
    /// The error the list shows, if it shows one.
    public var error: String?
    /// `all` or `favourites`.
    public var filter: String
    /// The favourite posts' ids, ascending.
    public var favourites: [Int]
    /// The open post's id, or null on the list.
    public var route: Int?
    /// Rows the list shows now (0 unless `hasData`).
    public var postsShown: Int
    /// Posts loaded (joined with their authors).
    public var postCount: Int
    /// The open post's `contentLoadState`, or null.
    public var detailState: String?
    /// Injected latency and failure rate.
    public var latencyMs: Int
    public var failureRate: Double

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(contentLoadState, forKey: .contentLoadState)
        try container.encode(error, forKey: .error)
        try container.encode(filter, forKey: .filter)
        try container.encode(favourites, forKey: .favourites)
        try container.encode(route, forKey: .route)
        try container.encode(postsShown, forKey: .postsShown)
        try container.encode(postCount, forKey: .postCount)
        try container.encode(detailState, forKey: .detailState)
        try container.encode(latencyMs, forKey: .latencyMs)
        try container.encode(failureRate, forKey: .failureRate)
    }

    private enum CodingKeys: String, CodingKey {
        case contentLoadState, error, filter, favourites, route, postsShown, postCount, detailState, latencyMs, failureRate
    }
}
