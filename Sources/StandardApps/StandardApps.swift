import AppSeam
import ListViewVVSI
import MovieSearchMVI
import RandomColorEV

/// Where the movie search fetches (`--movie-api`, `--movie-api-key`).
public typealias MovieAPISettings = MovieSearchPlayground.MovieAPI

/// The apps every room hosts, in page order. Adding an architecture's sample is one line here.
public enum StandardApps {
    /// The registry; `movieAPI` says where the movie search fetches (default: the playground's own API).
    public static func registry(movieAPI: MovieAPISettings = .init()) -> AppRegistry {
        var movieSearch = AppServiceValues()
        movieSearch[MovieAPISettings.self] = movieAPI
        return AppRegistry([
            .app(RandomColorEVPlayground.self),
            .app(ListViewPlayground.self),
            .app(MovieSearchPlayground.self, services: movieSearch),
        ])
    }
}
