/// How a repository uses its cache.
public enum CacheMode: Sendable, Equatable {
    /// Always fetch; the cache is not read.
    case noCache
    /// Hand out the cached value first, then fetch and update.
    case cacheAndUpdate
    /// Hand out the cached value and stop; fetch only when there is none.
    case cacheOnly
}
