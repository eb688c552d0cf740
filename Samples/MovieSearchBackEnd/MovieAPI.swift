import MovieCatalog
import PlaygroundHTTP

/// A TMDB-compatible API over the shipped catalog, which the movie search and the Films apps fetch from over real
/// HTTP (unless `--movie-api` points elsewhere): `GET /3/search/movie?query=&page=` and `GET /3/movie/{id}`.
public struct MovieAPI: Sendable {
    public let catalog: MovieCatalog

    public init(catalog: MovieCatalog) {
        self.catalog = catalog
    }

    /// Answers one search in TMDB's shape, or a 400 naming what is accepted.
    public func search(_ request: HTTPRequest) -> HTTPResponse {
        do {
            let search = try SearchRequest(query: request.queryValue("query"), page: request.queryValue("page"))
            let page = catalog.search(search)
            var response = HTTPResponse.json(.ok, TMDBSearchResponse(page).jsonText())
            response.headers["Cache-Control"] = "public, max-age=300"
            return response
        } catch {
            return HTTPError(.badRequest, code: "invalid_search", message: error.message).response
        }
    }

    /// Answers one film's detail in TMDB's shape: 400 for an id that is not a whole number, 404 for one the catalog
    /// does not have.
    public func movie(id text: String) -> HTTPResponse {
        guard text.count <= 12, text.allSatisfy(\.isASCII), let id = Int(text), id > 0 else {
            return HTTPError(.badRequest, code: "invalid_movie_id", message: "A film id is a whole number from 1; got \"\(String(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.prefix(20)))\".").response
        }
        guard let movie = catalog.movie(id: id) else {
            return HTTPError(.notFound, code: "unknown_movie", message: "The catalog has no film \(id); its ids run from 1 to \(catalog.movies.count).").response
        }
        var response = HTTPResponse.json(.ok, TMDBMovieDetail(movie).jsonText())
        response.headers["Cache-Control"] = "public, max-age=300"
        return response
    }
}
