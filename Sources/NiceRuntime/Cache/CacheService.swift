/// One repository's cache: single values by key, and requests (lists) as the ids of the values they returned, so
/// a list and the values in it are one copy (a post fetched in the list is a cache hit for its detail).
///
/// Every lookup is logged as a hit or a miss (with the cache's name), for the room's trace.
public actor CacheService {
    private var cachedObjects: [AnyHashable: any Sendable] = [:]
    private var cachedRequests: [AnyHashable: [AnyHashable]] = [:]
    /// Names the cache in the log (`posts`, `users`).
    public let name: String
    private let log: NiceLog?

    /// An empty cache called `name`, logging its lookups to `log`.
    public init(name: String = "cache", log: NiceLog? = nil) {
        self.name = name
        self.log = log
    }

    /// Forgets everything.
    public func clearCache() {
        cachedObjects.removeAll()
        cachedRequests.removeAll()
    }

    /// Forgets one value.
    public func remove<T>(key: CacheKey<T>) {
        cachedObjects[key.key] = nil
    }

    /// Forgets a request and the values it returned.
    public func removeRequest<T: Identifiable>(key: CacheKey<[T]>) where T.ID: Sendable {
        if let cached = cachedRequests[key.key] {
            cached.forEach { cachedObjects[$0] = nil }
        }
        cachedRequests[key.key] = nil
    }

    /// The cached value for `key`, unless `cacheMode` is ``CacheMode/noCache``.
    public func retrieve<T>(key: CacheKey<T>, cacheMode: CacheMode) -> CacheResult<T>? {
        if cacheMode == .noCache { return nil }
        guard let cached = cachedObjects[key.key] as? T else {
            log?.record("cache \(name): miss \(key)")
            return nil
        }
        log?.record("cache \(name): hit \(key)")
        return CacheResult(result: cached, shouldExit: cacheMode == .cacheOnly)
    }

    /// The values a request returned, from the cache, unless `cacheMode` is ``CacheMode/noCache``.
    public func retrieveRequest<T: Identifiable>(key: CacheKey<[T]>, cacheMode: CacheMode) -> CacheResult<[T]>? {
        if cacheMode == .noCache { return nil }
        guard let request = cachedRequests[key.key] else {
            log?.record("cache \(name): miss \(key)")
            return nil
        }
        let objects = request.compactMap { cachedObjects[$0] as? T }
        log?.record("cache \(name): hit \(key) (\(objects.count) values)")
        return CacheResult(result: objects, shouldExit: cacheMode == .cacheOnly)
    }

    /// Keeps `value` under `key`.
    public func update<T>(key: CacheKey<T>, value: T) {
        cachedObjects[key.key] = value
    }

    /// Keeps the values a request returned, each by its id, and the request as their ids.
    public func updateRequest<T: Identifiable>(key: CacheKey<[T]>, values: [T]) where T.ID: Sendable {
        for value in values {
            cachedObjects[AnyHashable(value.id)] = value
        }
        cachedRequests[key.key] = values.map { AnyHashable($0.id) }
    }
}
