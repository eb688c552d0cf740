import MovieCatalog
import PlaygroundHTTP

/// `GET /3/search/movie?query=&page=`: a TMDB-compatible search over the shipped catalog, which the
/// MVI sample's repository fetches from over real HTTP (unless `--movie-api` points elsewhere).
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
}
