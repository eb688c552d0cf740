import AppSeam
import Foundation
import PlaygroundHTTP
import PlaygroundUI

/// `GET /posts`, `GET /posts/{id}` and `GET /users`: a JSONPlaceholder-compatible API over the shipped
/// `Data/posts.json`, which the NiceArchitecture sample's services fetch from over real HTTP (unless `--posts-api`
/// points elsewhere). The answers are encoded once, at start.
public struct PostsAPI: Sendable {
    /// One post, as served.
    struct Post: Codable, Sendable {
        var userId: Int
        var id: Int
        var title: String
        var body: String
    }

    /// One user, as served.
    struct User: Codable, Sendable {
        var id: Int
        var name: String
        var username: String
        var email: String
        var website: String?
    }

    private struct File: Codable {
        var users: [User]
        var posts: [Post]
    }

    /// Why the data file cannot be served.
    public struct LoadError: Error, CustomStringConvertible {
        public let description: String
    }

    private let postsJSON: String
    private let usersJSON: String
    private let postJSON: [Int: String]
    private let idRange: ClosedRange<Int>
    public let postCount: Int
    public let userCount: Int

    /// Reads and checks `path`: unique ids, every post's user known.
    public init(path: String) throws {
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw LoadError(description: "\(path) is not a posts file ({\"users\":[…],\"posts\":[…]}): \(error)")
        }
        try self.init(users: file.users, posts: file.posts, source: path)
    }

    init(users: [User], posts: [Post], source: String = "the posts data") throws {
        let userIDs = Set(users.map(\.id))
        guard userIDs.count == users.count, Set(posts.map(\.id)).count == posts.count, let first = posts.map(\.id).min(),
            let last = posts.map(\.id).max()
        else {
            throw LoadError(description: "\(source) must have at least one post, and unique post and user ids")
        }
        if let orphan = posts.first(where: { !userIDs.contains($0.userId) }) {
            throw LoadError(description: "\(source): post \(orphan.id) names user \(orphan.userId), who is not in the file")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        func text(_ value: some Encodable) throws -> String { String(decoding: try encoder.encode(value), as: UTF8.self) }
        postsJSON = try text(posts)
        usersJSON = try text(users)
        postJSON = try Dictionary(uniqueKeysWithValues: posts.map { ($0.id, try text($0)) })
        idRange = first...last
        postCount = posts.count
        userCount = users.count
    }

    public func posts() -> HTTPResponse { Self.cached(.json(.ok, postsJSON)) }

    public func users() -> HTTPResponse { Self.cached(.json(.ok, usersJSON)) }

    /// One post; 400 for an id that is not a post id at all (not digits, or below 1: what the posts app's `postId`
    /// refuses too, read by the same number reader), 404 for one the data does not have.
    public func post(_ raw: String) -> HTTPResponse {
        guard case .integer(let id)? = EventArgument.number(raw.utf8), id >= 1 else {
            return HTTPError(
                .badRequest, code: "invalid_post_id",
                message: "A post id is a whole number from 1 in digits (the posts have \(idRange.lowerBound) to \(idRange.upperBound)); got \(quoted(raw))."
            ).response
        }
        guard let json = postJSON[id] else {
            return HTTPError(
                .notFound, code: "no_such_post",
                message: "There is no post \(id); the posts have ids \(idRange.lowerBound) to \(idRange.upperBound)."
            ).response
        }
        return Self.cached(.json(.ok, json))
    }

    private static func cached(_ response: HTTPResponse) -> HTTPResponse {
        var response = response
        response.headers["Cache-Control"] = "public, max-age=300"
        return response
    }
}
