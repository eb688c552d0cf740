import MovieCatalog
import PlaygroundHTTP

/// `GET /3/search/movie?query=&page=`: a TMDB-compatible search over the shipped catalog, which the
/// MVI sample's repository fetches from over real HTTP (unless `--movie-api` points elsewhere).
struct MovieAPI: Sendable {
    let catalog: MovieCatalog

    /// Answers one search in TMDB's shape, or a 400 naming what is accepted.
    func search(_ request: HTTPRequest) -> HTTPResponse {
        do {
            let search = try SearchRequest(query: request.queryValue("query"), page: request.queryValue("page"))
            let page = catalog.search(search)
            return .json(.ok, TMDBSearchResponse(page).jsonText()).adding("Cache-Control", "public, max-age=300")
        } catch {
            return HTTPError(.badRequest, code: "invalid_search", message: error.message).response
        }
    }
}
