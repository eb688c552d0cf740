import AppSeam
import Foundation
import NiceRuntime
import PlaygroundTesting
import RoomServices
import Synchronization
import Testing

@testable import PostsNice

/// In-memory services counting their calls (the pitfalls do not depend on HTTP).
private final class Services: PostServiceProtocol, UserServiceProtocol, Sendable {
    private let calls = Mutex<[String]>([])
    var called: [String] { calls.withLock { $0 } }

    func getPost(id: Int) async throws -> Post {
        calls.withLock { $0.append("getPost(\(id))") }
        return NicePitfallsTests.posts.first { $0.id == id }!
    }

    func getPosts() async throws -> [Post] {
        calls.withLock { $0.append("getPosts") }
        return NicePitfallsTests.posts
    }

    func getUsers() async throws -> [User] {
        calls.withLock { $0.append("getUsers") }
        return [User(id: 1, name: "Ada")]
    }
}

private struct Item: Identifiable, Sendable, Equatable {
    let id: Int
}

/// Each NiceArchitecture pitfall switched on shows the article's bug; off (the default), the runtime's fix.
@Suite("NiceArchitecture pitfalls")
struct NicePitfallsTests {
    static let posts = [Post(userId: 1, id: 1, title: "one", body: "a"), Post(userId: 1, id: 2, title: "two", body: "b")]

    /// The posts app with no load delay and in-memory services, loaded, with `pitfall` switched as `on` says.
    private func loaded(_ pitfall: NicePitfall, on: Bool) async throws -> (AppHarness<PostsPlayground>, Services) {
        var values = AppServiceValues()
        values[PostsPlayground.PostsAPI.self] = PostsPlayground.PostsAPI(loadDelay: .zero)
        let harness = AppHarness<PostsPlayground>(values: values)
        let services = Services()
        await harness.run { harness in
            var injected = harness.app.injected
            injected.postService = services
            injected.userService = services
            harness.app.room.pitfalls.set(pitfall, on: on)
        }
        _ = await harness.render()
        #expect(await harness.waitUntil { $0.app.snapshot.contentLoadState == "hasData" })
        return (harness, services)
    }

    private func reload(_ harness: AppHarness<PostsPlayground>) async throws -> [String] {
        try await harness.send(.reload)
        _ = await harness.render()
        #expect(await harness.waitUntil { $0.app.snapshot.contentLoadState == "hasData" })
        return await harness.trace.first?.became ?? []
    }

    @Test func everySwitchStartsOff() {
        let pitfalls = NicePitfalls()
        #expect(NicePitfall.allCases.allSatisfy { !pitfalls.isOn($0) && pitfalls.bites(of: $0) == 0 })
        pitfalls.set(.listCacheNeverHits, on: true)
        #expect(pitfalls.on == [.listCacheNeverHits])
        pitfalls.set(.listCacheNeverHits, on: false)
        #expect(pitfalls.on.isEmpty)
    }

    /// The cache itself: with the switch on, a list kept by `updateRequest` is missed, as the seed's `retrieve` misses it.
    @Test(arguments: [false, true]) func aCachedListIsMissedOnlyWithTheSwitchOn(on: Bool) async {
        let log = NiceLog(), pitfalls = NicePitfalls()
        pitfalls.set(.listCacheNeverHits, on: on)
        let cache = CacheService(name: "items", log: log, pitfalls: pitfalls)
        let list = CacheKey<[Item]>(key: "List")
        #expect(await cache.retrieveRequest(key: list, cacheMode: .cacheOnly) == nil)
        await cache.updateRequest(key: list, values: [Item(id: 1), Item(id: 2)])
        let again = await cache.retrieveRequest(key: list, cacheMode: .cacheOnly)
        #expect(again?.result == (on ? nil : [Item(id: 1), Item(id: 2)]))
        #expect(pitfalls.bites(of: .listCacheNeverHits) == (on ? 1 : 0))
        let lines = log.drain()
        #expect(
            lines == ["cache items: miss List"]
                + (on
                    ? [
                        "cache items: miss List",
                        "pitfall listCacheNeverHits: cache items missed List, kept by updateRequest but read with retrieve",
                    ]
                    : ["cache items: hit List (2 values)"]),
            "\(lines)")
    }

    /// Through the app: the reload's trace row shows the miss and the pitfall's line, or the hit.
    @Test(arguments: [false, true]) func theReloadMissesTheListItCachedOnlyWithTheSwitchOn(on: Bool) async throws {
        let (harness, services) = try await loaded(.listCacheNeverHits, on: on)
        let became = try await reload(harness)
        #expect(became.contains("cache posts: \(on ? "miss PostList" : "hit PostList (2 values)")"), "\(became)")
        #expect(became.contains { $0.hasPrefix("pitfall listCacheNeverHits: ") } == on, "\(became)")
        #expect(became.contains("cache users: hit UserList"), "the users' cache is not switched")
        #expect(await harness.run { $0.app.room.pitfalls.bites(of: .listCacheNeverHits) } == (on ? 1 : 0))
        _ = try await reload(harness)
        #expect(await harness.run { $0.app.room.pitfalls.bites(of: .listCacheNeverHits) } == (on ? 2 : 0), "one more a reload")
        #expect(services.called.filter { $0 == "getPosts" }.count == 3, "cacheAndUpdate fetches either way")
    }

    /// Through the app: hearts survive a reload, unless the switch keeps them in the rows only.
    @Test(arguments: [false, true]) func aReloadLosesTheFavouritesOnlyWithTheSwitchOn(on: Bool) async throws {
        let (harness, _) = try await loaded(.favouritesKeptInRows, on: on)
        try await harness.send(.toggleFavourite(postId: 2))
        #expect(await harness.run { $0.app.snapshot.favourites } == [2])
        #expect(await harness.render().html.contains("♥ Favourite"))
        let became = try await reload(harness)
        #expect(await harness.run { $0.app.snapshot.favourites } == (on ? [] : [2]))
        #expect(await harness.render().html.contains("♥ Favourite") == !on, "the drawn heart")
        #expect(
            became.contains("pitfall favouritesKeptInRows: the reload replaced the rows and the hearts in them (posts 2)") == on,
            "\(became)")
        #expect(await harness.run { $0.app.room.pitfalls.bites(of: .favouritesKeptInRows) } == (on ? 1 : 0))
    }

    /// Switched on, then off again: the fix is back for the next reload (the hearts lost stay lost).
    @Test func switchingOffRestoresTheFix() async throws {
        let (harness, _) = try await loaded(.favouritesKeptInRows, on: true)
        try await harness.send(.toggleFavourite(postId: 1))
        await harness.run { $0.app.room.pitfalls.set(.favouritesKeptInRows, on: false) }
        _ = try await reload(harness)
        #expect(await harness.run { $0.app.snapshot.favourites } == [1])
        #expect(await harness.run { $0.app.room.pitfalls.bites(of: .favouritesKeptInRows) } == 0)
    }

    // MARK: - Replayed: the fetches never run, the test delivers their recorded answers

    private static func answer(_ effect: UInt64, _ posts: [Post]) throws -> EffectOutcome {
        let raw = PostsViewModel.Raw(posts: posts, users: [User(id: 1, name: "Ada")])
        return EffectOutcome(
            effect: effect, label: "fetchPosts", value: String(decoding: try JSONEncoder().encode(raw), as: UTF8.self), error: nil,
            errorDetail: nil)
    }

    /// The posts app replaying, with `pitfall` switched as `on` says, drawn: its first load (effect 1) waits.
    private func replaying(_ pitfall: NicePitfall, on: Bool) async -> AppHarness<PostsPlayground> {
        let harness = AppHarness<PostsPlayground>(replaying: true)
        await harness.run { $0.app.room.pitfalls.set(pitfall, on: on) }
        await harness.draw()
        #expect(await harness.pendingEffects == 1)
        return harness
    }

    /// A reload while the first load is out: the first answer, arriving last, is applied only with the switch on.
    @Test(arguments: [false, true]) func anUnboundLoadsAnswerIsAppliedOnlyWithTheSwitchOn(on: Bool) async throws {
        let harness = await replaying(.unboundTaskApplies, on: on)
        try await harness.input("reload")
        #expect(await harness.pendingEffects == 2, "the reload's load is effect 2; the first still waits for its answer")
        try await harness.outcome(Self.answer(2, Self.posts))
        #expect(await harness.run { $0.app.snapshot.postsShown } == 2)
        try await harness.outcome(Self.answer(1, [Self.posts[0]]))
        #expect(await harness.run { $0.app.snapshot.postsShown } == (on ? 1 : 2), "the older answer, applied last, wins")
        #expect(await harness.render().html.contains(">two<") == !on)
        #expect(await harness.run { $0.app.room.pitfalls.bites(of: .unboundTaskApplies) } == (on ? 1 : 0))
        let became = await harness.trace.first?.became ?? []
        #expect(
            became.contains("pitfall unboundTaskApplies: stale answer shown: fetchPosts of an unbound PostsViewModel applied its answer")
                == on,
            "\(became)")
    }

    /// The favourites' bite replays too: the reload's answer is delivered from the journal, on the room.
    @Test(arguments: [false, true]) func aReplayedReloadLosesTheFavouritesOnlyWithTheSwitchOn(on: Bool) async throws {
        let harness = await replaying(.favouritesKeptInRows, on: on)
        try await harness.outcome(Self.answer(1, Self.posts))
        try await harness.input("toggleFavourite", ["postId": .integer(1)])
        try await harness.input("reload")
        try await harness.outcome(Self.answer(2, Self.posts))
        #expect(await harness.run { $0.app.snapshot.favourites } == (on ? [] : [1]))
        #expect(await harness.run { $0.app.room.pitfalls.bites(of: .favouritesKeptInRows) } == (on ? 1 : 0))
    }

    /// The catalogue names every pitfall once, and its fix's lines hold the fix.
    @Test func theCatalogueNamesEachPitfallAndTheLinesOfItsFix() throws {
        #expect(NicePitfall.catalogue.map(\.pitfall) == NicePitfall.allCases)
        let markers: [NicePitfall: String] = [
            .listCacheNeverHits: "cache.retrieveRequest(key: key", .favouritesKeptInRows: "favourite: self.favourites.contains(post.id)",
            .unboundTaskApplies: "handle.cancel()",
        ]
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        for entry in NicePitfall.catalogue {
            #expect(
                !entry.title.isEmpty && !entry.articleCode.isEmpty && !entry.whatGoesWrong.isEmpty && !entry.fix.isEmpty
                    && !entry.howToSee.isEmpty)
            let lines = try String(contentsOf: root.appendingPathComponent(entry.fixFile), encoding: .utf8).split(
                separator: "\n", omittingEmptySubsequences: false)
            let fix = lines[(entry.fixLines.lowerBound - 1)..<min(entry.fixLines.upperBound, lines.count)].joined(separator: "\n")
            #expect(fix.contains(try #require(markers[entry.pitfall])), "\(entry.fixFile):\(entry.fixLines) reads \(fix)")
        }
    }
}
