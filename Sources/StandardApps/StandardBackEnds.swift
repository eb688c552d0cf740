import Foundation
import MovieCatalog
import MovieSearchBackEnd
import PlaygroundApp
import PostsBackEnd

/// The demo back ends the standard apps fetch from over real HTTP, loaded from the checkout's `Data/`: the film
/// catalog behind the movie search's TMDB-like `/3/search/movie`, and the posts behind the posts app's
/// JSONPlaceholder-like `/posts` and `/users`.
public struct StandardBackEnds: Sendable {
    public let catalog: MovieCatalog
    public let posts: PostsAPI

    /// Loads `moviesFile` (unless `catalog` is given: tests share one) and `postsFile` (nil: `posts.json` beside
    /// `moviesFile`); throws what makes either unusable.
    public init(moviesFile: String, postsFile: String? = nil, catalog: MovieCatalog? = nil) throws {
        self.catalog = try catalog ?? MovieCatalog(csvPath: moviesFile)
        let postsFile = postsFile ?? URL(fileURLWithPath: moviesFile).deletingLastPathComponent().appendingPathComponent("posts.json").path
        posts = try PostsAPI(path: postsFile)
    }

    /// Their routes, for ``PlaygroundConfiguration/backEnds``.
    public var routes: [BackEndRoute] {
        let movies = MovieAPI(catalog: catalog)
        let posts = posts
        return [
            BackEndRoute("/3/search/movie") { request, _ in movies.search(request) },
            BackEndRoute("/3/movie/:id") { _, parameters in movies.movie(id: parameters["id"] ?? "") },
            BackEndRoute("/posts") { _, _ in posts.posts() },
            BackEndRoute("/posts/:id") { _, parameters in posts.post(parameters["id"] ?? "") },
            BackEndRoute("/users") { _, _ in posts.users() },
        ]
    }
}
