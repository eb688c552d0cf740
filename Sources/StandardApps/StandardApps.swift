import AppSeam
import FilmsEV
import FilmsKit
import FilmsMVI
import FilmsNice
import FilmsRouter
import FilmsVVSI
import ListViewVVSI
import MovieSearchMVI
import PostsNice
import ProductsRouter
import RandomColorEV

/// Where the movie search fetches (`--movie-api`, `--movie-api-key`).
public typealias MovieAPISettings = MovieSearchPlayground.MovieAPI
/// Where the NiceArchitecture posts app fetches (`--posts-api`) and its load delay.
public typealias PostsAPISettings = PostsPlayground.PostsAPI

/// The apps every room hosts, in page order, and the Films app's implementations its compare page drives together
/// (started only when used). Adding an architecture's sample, or a Films implementation, is one line here.
public enum StandardApps {
    /// The registry; `movieAPI` says where the movie search fetches and `postsAPI` where the posts app does
    /// (default: the playground's own API).
    public static func registry(movieAPI: MovieAPISettings = .init(), postsAPI: PostsAPISettings = .init()) -> AppRegistry {
        var movieSearch = AppServiceValues()
        movieSearch[MovieAPISettings.self] = movieAPI
        var posts = AppServiceValues()
        posts[PostsAPISettings.self] = postsAPI
        return AppRegistry([
            .app(RandomColorEVPlayground.self),
            .app(ListViewPlayground.self),
            .app(MovieSearchPlayground.self, services: movieSearch),
            .app(PostsPlayground.self, services: posts),
            .app(ProductsPlayground.self),
        ], compare: [
            .app(FilmsEVPlayground.self),
            .app(FilmsVVSIPlayground.self),
            .app(FilmsMVIPlayground.self),
            .app(FilmsNicePlayground.self),
            .app(FilmsRouterPlayground.self),
        ], sharedControls: FilmsSharedControls.controls)
    }
}
