/// A post, in JSONPlaceholder's shape.
public struct Post: Codable, Identifiable, Sendable, Equatable {
    public var userId: Int
    public var id: Int
    public var title: String
    public var body: String
}

/// A user, in JSONPlaceholder's shape (the fields the app reads).
public struct User: Codable, Identifiable, Sendable, Equatable {
    public var id: Int
    public var name: String
}

/// One row of the posts list: the post's title, its author's name, and whether it is a favourite.
public struct PostViewState: Identifiable, Equatable {
    public var id: Int
    public var text: String
    public var user: String
    public var favourite: Bool = false
}
