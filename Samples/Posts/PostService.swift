import NiceRuntime

struct PostServiceKey: InjectionKey {
    static var currentValue: any PostServiceProtocol { PostService(client: JSONPlaceholderClient(log: InjectedValues.current.log)) }
}

/// Where the posts come from (a protocol, so a test can hand in another).
public protocol PostServiceProtocol: Sendable {
    func getPost(id: Int) async throws -> Post
    func getPosts() async throws -> [Post]
}

/// `GET /posts` and `GET /posts/{id}` of a JSONPlaceholder-compatible API.
struct PostService: PostServiceProtocol {
    let client: JSONPlaceholderClient

    func getPost(id: Int) async throws -> Post {
        try await client.get(Post.self, path: "/posts/\(id)")
    }

    func getPosts() async throws -> [Post] {
        try await client.get([Post].self, path: "/posts")
    }
}
