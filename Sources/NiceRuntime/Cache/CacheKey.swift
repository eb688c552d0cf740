/// The key of one cached value of type `T`.
///
/// The seed keeps only the key's `hashValue`, so two keys can collide; here the key itself is kept (erased from a
/// `Sendable` type, hence the unchecked conformance).
public struct CacheKey<T: Sendable>: @unchecked Sendable, CustomStringConvertible {
    let key: AnyHashable

    /// The key `key` (a string, an id).
    public init<U: Hashable & Sendable>(key: U) {
        self.key = key
    }

    /// The key, as the log shows it.
    public var description: String { "\(key)" }
}

/// A cached value, and whether the caller should stop there (``CacheMode/cacheOnly``) or fetch as well.
public struct CacheResult<T: Sendable>: Sendable {
    /// The cached value.
    public let result: T
    /// True for ``CacheMode/cacheOnly``: use the value and fetch nothing.
    public let shouldExit: Bool
}
