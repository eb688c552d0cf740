import NiceRuntime
import Testing

private struct Item: Identifiable, Sendable, Equatable {
    let id: Int
    let name: String
}

@Suite("CacheService")
struct CacheServiceTests {
    @Test func noCacheNeverReads() async {
        let cache = CacheService(name: "t")
        let key = CacheKey<Item>(key: 1)
        await cache.update(key: key, value: Item(id: 1, name: "a"))
        #expect(await cache.retrieve(key: key, cacheMode: .noCache) == nil)
    }

    @Test func cacheAndUpdateHandsOutTheValueAndGoesOn() async {
        let cache = CacheService(name: "t")
        let key = CacheKey<Item>(key: 1)
        #expect(await cache.retrieve(key: key, cacheMode: .cacheAndUpdate) == nil)
        await cache.update(key: key, value: Item(id: 1, name: "a"))
        let hit = await cache.retrieve(key: key, cacheMode: .cacheAndUpdate)
        #expect(hit?.result == Item(id: 1, name: "a"))
        #expect(hit?.shouldExit == false)
    }

    @Test func cacheOnlyHandsOutTheValueAndStops() async {
        let cache = CacheService(name: "t")
        let key = CacheKey<Item>(key: 1)
        await cache.update(key: key, value: Item(id: 1, name: "a"))
        let hit = await cache.retrieve(key: key, cacheMode: .cacheOnly)
        #expect(hit?.result.name == "a")
        #expect(hit?.shouldExit == true)
    }

    @Test func aRequestKeepsItsValuesByIdSoTheyAreHitsOnTheirOwn() async {
        let log = NiceLog()
        let cache = CacheService(name: "items", log: log)
        let list = CacheKey<[Item]>(key: "List")
        #expect(await cache.retrieveRequest(key: list, cacheMode: .cacheAndUpdate) == nil)
        await cache.updateRequest(key: list, values: [Item(id: 1, name: "a"), Item(id: 2, name: "b")])
        #expect(await cache.retrieveRequest(key: list, cacheMode: .cacheOnly)?.result.map(\.name) == ["a", "b"])
        #expect(await cache.retrieve(key: CacheKey<Item>(key: 2), cacheMode: .cacheOnly)?.result.name == "b")
        #expect(await cache.retrieve(key: CacheKey<Item>(key: 3), cacheMode: .cacheOnly) == nil)
        await cache.removeRequest(key: list)
        #expect(await cache.retrieve(key: CacheKey<Item>(key: 2), cacheMode: .cacheOnly) == nil)
        #expect(
            log.drain() == [
                "cache items: miss List", "cache items: hit List (2 values)", "cache items: hit 2", "cache items: miss 3",
                "cache items: miss 2",
            ])
    }

    @Test func keysOfTheSameHashStayApart() async {
        let cache = CacheService()
        await cache.update(key: CacheKey<String>(key: "1"), value: "string key")
        await cache.update(key: CacheKey<String>(key: 1), value: "integer key")
        #expect(await cache.retrieve(key: CacheKey<String>(key: "1"), cacheMode: .cacheOnly)?.result == "string key")
    }

    @Test func aValueKeptOrForgottenLaterAndALaterRequestTakePrecedence() async {
        let cache = CacheService()
        let first = CacheKey<[Item]>(key: "First")
        let second = CacheKey<[Item]>(key: "Second")
        await cache.updateRequest(key: first, values: [Item(id: 1, name: "a"), Item(id: 2, name: "b"), Item(id: 3, name: "c")])
        await cache.update(key: CacheKey<Item>(key: 1), value: Item(id: 1, name: "a2"))
        await cache.remove(key: CacheKey<Item>(key: 3))
        #expect(await cache.retrieveRequest(key: first, cacheMode: .cacheOnly)?.result.map(\.name) == ["a2", "b"])
        #expect(await cache.retrieve(key: CacheKey<Item>(key: 3), cacheMode: .cacheOnly) == nil)
        await cache.updateRequest(key: second, values: [Item(id: 2, name: "b2"), Item(id: 1, name: "a3")])
        #expect(await cache.retrieveRequest(key: first, cacheMode: .cacheOnly)?.result.map(\.name) == ["a3", "b2"])
        #expect(await cache.retrieve(key: CacheKey<Item>(key: 2), cacheMode: .cacheOnly)?.result.name == "b2")
        await cache.removeRequest(key: second)
        #expect(await cache.retrieveRequest(key: first, cacheMode: .cacheOnly)?.result.map(\.name) == [])
        await cache.updateRequest(key: first, values: [Item(id: 3, name: "c2")])
        #expect(await cache.retrieve(key: CacheKey<Item>(key: 3), cacheMode: .cacheOnly)?.result.name == "c2")
    }
}
