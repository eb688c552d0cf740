import AppSeam
import NiceRuntime
import OpenCombine
import PlaygroundUI
import PlaygroundTesting
import Synchronization
import Testing

@testable import PostsNice

/// In-memory services standing in for HTTP (the live tests fetch over HTTP): they count their calls and can fail.
private final class Services: PostServiceProtocol, UserServiceProtocol, Sendable {
    let posts: [Post]
    let users: [User]
    private let state = Mutex<(calls: [String], failure: (any Error)?)>(([], nil))

    init(posts: [Post], users: [User]) {
        (self.posts, self.users) = (posts, users)
    }

    var calls: [String] { state.withLock { $0.calls } }

    func fail(with error: (any Error)?) { state.withLock { $0.failure = error } }

    private func call(_ name: String) throws {
        try state.withLock { state in
            state.calls.append(name)
            if let failure = state.failure { throw failure }
        }
    }

    func getPost(id: Int) async throws -> Post {
        try call("getPost(\(id))")
        return posts.first { $0.id == id }!
    }

    func getPosts() async throws -> [Post] {
        try call("getPosts")
        return posts
    }

    func getUsers() async throws -> [User] {
        try call("getUsers")
        return users
    }
}

private struct Unplugged: Error {}

/// The posts app in the shared harness, with no load delay and in-memory services, watching the list's states.
private func start(_ services: Services) async -> AppHarness<PostsPlayground> {
    var values = AppServiceValues()
    values[PostsPlayground.PostsAPI.self] = PostsPlayground.PostsAPI(loadDelay: .zero)
    let harness = AppHarness<PostsPlayground>(values: values)
    await harness.run { harness in
        var injected = harness.app.injected
        injected.postService = services
        injected.userService = services
        harness.app.coordinator.viewModel.$contentLoadState.sink { state in
            states.withLock { $0.append(state.description) }
        }.store(in: &keep)
    }
    return harness
}

nonisolated(unsafe) private var keep: [AnyCancellable] = []
private let states = Mutex<[String]>([])

@Suite("Posts app on NiceRuntime", .serialized)
struct PostsAppTests {
    static let users = [User(id: 1, name: "Ada"), User(id: 2, name: "Bram")]
    static let posts = [
        Post(userId: 1, id: 1, title: "<b>MVVM</b>", body: "a"), Post(userId: 2, id: 2, title: "MVI", body: "b"),
        Post(userId: 9, id: 3, title: "orphan", body: "c"),
    ]

    private func recorded() -> [String] { states.withLock { $0 } }

    @Test func loadJoinsPostsWithTheirAuthorsAndDropsTheRest() async throws {
        states.withLock { $0 = [] }
        let services = Services(posts: Self.posts, users: Self.users)
        let harness = await start(services)
        let html = await harness.render().html
        #expect(html.contains(">…<"), "10 placeholder rows while loading")
        #expect(await harness.waitUntil { $0.app.snapshot.contentLoadState == "hasData" })
        #expect(recorded() == [".noData", ".loading", ".hasData"])
        let snapshot = await harness.run { $0.app.snapshot }
        #expect(snapshot.postCount == 2 && snapshot.postsShown == 2 && snapshot.route == nil)
        let page = await harness.render().html
        #expect(page.contains("&lt;b&gt;MVVM&lt;/b&gt;") && !page.contains("<b>MVVM"), "titles are escaped")
        #expect(page.contains("Ada") && page.contains("Bram") && !page.contains("orphan"))
        #expect(Set(services.calls) == ["getPosts", "getUsers"])
    }

    @Test func reloadGoesThroughLoadingAgain() async throws {
        states.withLock { $0 = [] }
        let harness = await start(Services(posts: Self.posts, users: Self.users))
        _ = await harness.render()
        #expect(await harness.waitUntil { $0.app.snapshot.contentLoadState == "hasData" })
        try await harness.send(.reload)
        _ = await harness.render()
        #expect(await harness.waitUntil { $0.app.snapshot.contentLoadState == "hasData" })
        #expect(recorded() == [".noData", ".loading", ".hasData", ".loading", ".hasData"])
    }

    @Test func aFailedFetchEndsInTheErrorViewAndATransportFailureInConnectivity() async throws {
        states.withLock { $0 = [] }
        let services = Services(posts: Self.posts, users: Self.users)
        services.fail(with: Unplugged())
        let harness = await start(services)
        _ = await harness.render()
        #expect(await harness.waitUntil { $0.app.snapshot.contentLoadState == "error" })
        #expect(recorded() == [".noData", ".loading", ".error(Unknown Error: Please try again later.)"])
        #expect(await harness.render().html.contains("Something&#39;s gone wrong! Try reloading."))
        services.fail(with: PostsAPIError(.httpStatus(500), "GET /posts answered HTTP 500"))
        try await harness.press("Reload")
        _ = await harness.render()
        #expect(await harness.waitUntil { $0.app.snapshot.error == "Posts API Error: GET /posts answered HTTP 500" })
        #expect(
            await harness.render().html.contains(#"<span class="text font-caption">Posts API Error: GET /posts answered HTTP 500</span>"#),
            "the error view names the HTTP status")
        services.fail(with: PostsAPIError(.transport, "refused"))
        try await harness.press("Reload")
        _ = await harness.render()
        #expect(await harness.waitUntil { $0.app.snapshot.error?.hasPrefix("Network Connectivity Error") == true })
        services.fail(with: nil)
        try await harness.send(.reload)
        _ = await harness.render()
        #expect(await harness.waitUntil { $0.app.snapshot.contentLoadState == "hasData" })
    }

    @Test func theDetailIsReadFromTheCacheAndTheWayBackRebindsTheList() async throws {
        states.withLock { $0 = [] }
        let services = Services(posts: Self.posts, users: Self.users)
        let harness = await start(services)
        _ = await harness.render()
        #expect(await harness.waitUntil { $0.app.snapshot.contentLoadState == "hasData" })
        try await harness.send(.openPost(postId: 2))
        _ = await harness.render()
        #expect(await harness.waitUntil { $0.app.snapshot.detailState == "hasData" })
        #expect(!services.calls.contains("getPost(2)"), "cacheOnly: the list put post 2 in the cache")
        let trace = await harness.trace
        #expect(trace.first?.became.contains("cache posts: hit 2") == true, "\(trace.first?.became ?? [])")
        #expect(await harness.render().html.contains(">MVI<"))
        try await harness.send(.openPost(postId: 1))
        _ = await harness.render()
        #expect(await harness.waitUntil { $0.app.snapshot.route == 1 && $0.app.snapshot.detailState == "hasData" })
        #expect(await harness.render().html.contains("&lt;b&gt;MVVM&lt;/b&gt;"), "another post opened from an open one binds and shows")
        try await harness.send(.closePost)
        _ = await harness.render()
        #expect(await harness.waitUntil { $0.app.snapshot.contentLoadState == "hasData" && $0.app.snapshot.route == nil })
        #expect(recorded() == [".noData", ".loading", ".hasData", ".loading", ".hasData"], "back: the list appears and binds again")
    }

    @Test func unmountCancelsTheLoadInFlight() async throws {
        states.withLock { $0 = [] }
        let services = Services(posts: Self.posts, users: Self.users)
        var values = AppServiceValues()
        values[PostsPlayground.PostsAPI.self] = PostsPlayground.PostsAPI(loadDelay: .milliseconds(200))
        let harness = AppHarness<PostsPlayground>(values: values)
        await harness.run { harness in
            var injected = harness.app.injected
            injected.postService = services
            injected.userService = services
        }
        _ = await harness.render()
        await harness.run { $0.app.unmount() }
        try await Task.sleep(for: .milliseconds(400))
        #expect(await harness.run { $0.app.snapshot.contentLoadState } == "loading", "nothing was applied after the unmount")
        #expect(services.calls.isEmpty, "the delay was cancelled before any fetch")
        #expect(await harness.changes == 0)
    }

    @Test func favouritesFilterAndBadPostIDs() async throws {
        states.withLock { $0 = [] }
        let harness = await start(Services(posts: Self.posts, users: Self.users))
        await #expect(throws: AppError.self) { try await harness.send(.openPost(postId: 1)) }
        _ = await harness.render()
        #expect(await harness.waitUntil { $0.app.snapshot.contentLoadState == "hasData" })
        try await harness.send(.toggleFavourite(postId: 2))
        try await harness.send(.setFilter(filter: "favourites"))
        var snapshot = await harness.run { $0.app.snapshot }
        #expect(snapshot.favourites == [2] && snapshot.filter == "favourites" && snapshot.postsShown == 1)
        do {
            try await harness.send(.toggleFavourite(postId: 3))
            Issue.record("post 3 was dropped by the join")
        } catch {
            #expect(error.kind == .notFound)
        }
        await #expect(throws: AppError.self) { try await harness.send(.closePost) }
        try await harness.send(.toggleFavourite(postId: 2))
        snapshot = await harness.run { $0.app.snapshot }
        #expect(snapshot.favourites == [] && snapshot.postsShown == 0)
        #expect(await harness.render().html.contains("No data."))
    }
}

@Suite("Posts events")
struct PostsEventTests {
    static let bad: [(String, [String: EventArgument], AppInputError.Code)] = [
        ("nope", [:], .unknownEvent),
        ("openPost", [:], .missingArgument),
        ("openPost", ["postId": .string("3")], .invalidArgument),
        ("openPost", ["postId": .number(1.5)], .invalidArgument),
        ("openPost", ["postId": .integer(0)], .invalidArgument),
        ("toggleFavourite", ["postId": .formText("x")], .invalidArgument),
        ("setFilter", ["filter": .string("Favourites")], .invalidArgument),
        ("setFilter", [:], .missingArgument),
        ("reload", ["postId": .integer(1)], .unexpectedArgument),
        ("setFaults", ["latencyMs": .integer(-1), "failureRate": .number(0.5)], .invalidArgument),
        ("setFaults", ["latencyMs": .integer(10), "failureRate": .number(1.5)], .invalidArgument),
    ]

    @Test(arguments: bad)
    func badInputIsRefusedNamingWhatIsAccepted(event: String, arguments: [String: EventArgument], code: AppInputError.Code) {
        do {
            let accepted = try PostsEvent(event: event, arguments: arguments)
            Issue.record("\(event) \(arguments) was accepted as \(accepted)")
        } catch {
            #expect(error.code == code, "\(error.message)")
        }
    }

    @Test func goodInputFromJSONAndForms() throws {
        #expect(try PostsEvent(event: "openPost", arguments: ["postId": .formText("3")]) == .openPost(postId: 3))
        #expect(try PostsEvent(event: "setFilter", arguments: ["filter": .string("all")]) == .setFilter(filter: "all"))
        #expect(try PostsEvent(event: "closePost", arguments: [:]) == .closePost)
        #expect(
            try PostsEvent(event: "setFaults", arguments: ["latencyMs": .integer(1500), "failureRate": .number(0.5)])
                == .setFaults(latencyMs: 1500, failureRate: 0.5))
    }
}
