/// One repository's cache: single values by key, and requests (lists) whose values are also found by their ids (a
/// post fetched in the list is a cache hit for its detail).
///
/// A request keeps the list it was given (the very array the app decoded, shared by the rooms that got the same
/// answer), not a boxed copy of each value in a dictionary (~30 KB a room for 100 posts); a value kept or forgotten
/// by key afterwards, and a later request with the same ids, take precedence over it, as when every value was kept
/// by its id.
///
/// Every lookup is logged as a hit or a miss (with the cache's name), for the room's trace.
public actor CacheService {
    /// Values kept or forgotten (`nil`) by key since the requests holding that key were kept.
    private var cachedObjects: [AnyHashable: (any Sendable)?] = [:]
    private var cachedRequests: [AnyHashable: Request] = [:]
    /// Numbers the requests: of two requests with a value of the same id, the later one's is found.
    private var generation = 0
    /// Names the cache in the log (`posts`, `users`).
    public let name: String
    private let log: NiceLog?
    /// The room's switches: ``NicePitfall/listCacheNeverHits`` reads a list as the seed does.
    private let pitfalls: NicePitfalls

    /// A request's list (held by its closures), its values' ids, and how to look a value up in it by id.
    private struct Request {
        let generation: Int
        let ids: () -> [AnyHashable]
        let member: (AnyHashable) -> Any?
    }

    /// An empty cache called `name`, logging its lookups to `log`, with the switches of the room it is made in.
    public init(name: String = "cache", log: NiceLog? = nil, pitfalls: NicePitfalls = InjectedValues.current.pitfalls) {
        self.name = name
        self.log = log
        self.pitfalls = pitfalls
    }

    /// Forgets everything.
    public func clearCache() {
        cachedObjects.removeAll()
        cachedRequests.removeAll()
    }

    /// Forgets one value.
    public func remove<T>(key: CacheKey<T>) {
        forget(key.key)
    }

    /// Forgets a request and the values it returned.
    public func removeRequest<T: Identifiable>(key: CacheKey<[T]>) where T.ID: Sendable {
        guard let request = cachedRequests.removeValue(forKey: key.key) else { return }
        request.ids().forEach(forget)
    }

    /// Forgets the value kept by `key`, alone or in a request.
    private func forget(_ key: AnyHashable) {
        if cachedRequests.values.contains(where: { $0.member(key) != nil }) {
            cachedObjects[key] = .some(nil)
        } else {
            cachedObjects[key] = nil
        }
    }

    /// The value kept by `key`: alone, or in the latest request holding it.
    private func object(_ key: AnyHashable) -> Any? {
        if let kept = cachedObjects[key] { return kept }
        var found: (generation: Int, value: Any)?
        for request in cachedRequests.values where request.generation > (found?.generation ?? -1) {
            if let value = request.member(key) { found = (request.generation, value) }
        }
        return found?.value
    }

    /// The cached value for `key`, unless `cacheMode` is ``CacheMode/noCache``; the lookup is the Repository stage,
    /// reported at the repository's line.
    public func retrieve<T>(key: CacheKey<T>, cacheMode: CacheMode, file: StaticString = #fileID, line: UInt = #line) -> CacheResult<T>? {
        if cacheMode == .noCache { return nil }
        guard let cached = object(key.key) as? T else {
            looked("cache \(name): miss \(key)", file: file, line: line)
            return nil
        }
        looked("cache \(name): hit \(key)", file: file, line: line)
        return CacheResult(result: cached, shouldExit: cacheMode == .cacheOnly)
    }

    /// The values a request returned, from the cache, unless `cacheMode` is ``CacheMode/noCache``.
    public func retrieveRequest<T: Identifiable>(
        key: CacheKey<[T]>, cacheMode: CacheMode, file: StaticString = #fileID, line: UInt = #line
    ) -> CacheResult<[T]>? {
        if cacheMode == .noCache { return nil }
        if pitfalls.isOn(.listCacheNeverHits) {
            // The seed's `retrieve`: a list kept by `updateRequest` is not among the single values, so it misses.
            looked("cache \(name): miss \(key)", file: file, line: line)
            if cachedRequests[key.key] != nil {
                pitfalls.bit(.listCacheNeverHits, "cache \(name) missed \(key), kept by updateRequest but read with retrieve", log: log)
            }
            return nil
        }
        guard let request = cachedRequests[key.key] else {
            looked("cache \(name): miss \(key)", file: file, line: line)
            return nil
        }
        let objects = request.ids().compactMap { object($0) as? T }
        looked("cache \(name): hit \(key) (\(objects.count) values)", file: file, line: line)
        return CacheResult(result: objects, shouldExit: cacheMode == .cacheOnly)
    }

    /// A lookup: logged, and reported as the task's Repository stage.
    private func looked(_ outcome: String, file: StaticString, line: UInt) {
        log?.record(outcome)
        TaskStages.record(NiceStage.repository, outcome, file: file, line: line)
    }

    /// Keeps `value` under `key`.
    public func update<T>(key: CacheKey<T>, value: T) {
        cachedObjects[key.key] = .some(value)
    }

    /// Keeps the values a request returned, found by their ids too.
    public func updateRequest<T: Identifiable>(key: CacheKey<[T]>, values: [T]) where T.ID: Sendable {
        for value in values { cachedObjects[AnyHashable(value.id)] = nil }
        generation += 1
        cachedRequests[key.key] = Request(generation: generation, ids: { values.map { AnyHashable($0.id) } }) { id in
            values.first { AnyHashable($0.id) == id }
        }
    }
}
