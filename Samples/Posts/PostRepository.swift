import NiceRuntime

struct PostRepositoryKey: InjectionKey {
    static var currentValue: any PostRepositoryProtocol {
        PostRepository(cache: CacheService(name: "posts", log: InjectedValues.current.log))
    }
}

/// The posts, through a cache: what the view models ask for.
public protocol PostRepositoryProtocol: Sendable {
    @discardableResult func getPost(id: Int, cacheMode: CacheMode) async throws -> Post
    @discardableResult func getPostList(cacheMode: CacheMode) async throws -> [Post]
}

/// The posts, from the post service, through this repository's own cache.
///
/// An actor, so its tasks may call it from anywhere. The seed also offers `PassthroughSubject`s of each answer;
/// no view model here listens to them, so they are left out.
actor PostRepository: PostRepositoryProtocol {
    @Injected(\.postService) private var postService: any PostServiceProtocol

    private enum CacheKeys {
        static let postList = CacheKey<[Post]>(key: "PostList")
    }

    private let cache: CacheService

    init(cache: CacheService) {
        self.cache = cache
    }

    @discardableResult func getPost(id: Int, cacheMode: CacheMode) async throws -> Post {
        let key = CacheKey<Post>(key: id)
        if let cached = await cache.retrieve(key: key, cacheMode: cacheMode) {
            if cached.shouldExit { return cached.result }
        }

        let post = try await postService.getPost(id: id)
        await cache.update(key: key, value: post)
        return post
    }

    @discardableResult func getPostList(cacheMode: CacheMode) async throws -> [Post] {
        let key = CacheKeys.postList
        // The seed looks the list up with `retrieve`, but stores it with `updateRequest`: it never hits.
        if let cached = await cache.retrieveRequest(key: key, cacheMode: cacheMode) {
            if cached.shouldExit { return cached.result }
        }

        let newPosts = try await postService.getPosts()
        await cache.updateRequest(key: key, values: newPosts)
        return newPosts
    }
}
