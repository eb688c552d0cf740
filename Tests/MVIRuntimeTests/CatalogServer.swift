import Foundation
import Logging
import MovieCatalog
import PlaygroundHTTP
import PlaygroundTesting

/// A real HTTP server on 127.0.0.1 and an ephemeral port (the project's own `HTTPServer`), answering TMDB's
/// `GET /3/search/movie` from the shipped catalog, plus misbehaving variants under path prefixes:
///
/// - `/3/search/movie`: the catalog (400 for a query `SearchRequest` refuses);
/// - `/broken/3/search/movie`: 500 with a JSON error;
/// - `/garbage/3/search/movie`: 200 with a body that is not JSON;
/// - `/echo/3/search/movie`: one movie whose title is the `query` the server decoded and whose overview is the
///   `api_key` (or `-`);
/// - `/slow/3/search/movie`: sends `200` and its headers, then no body until the client leaves (or the server stops).
final class CatalogServer: Sendable {
    let server: HTTPServer

    init() async throws {
        let catalog = try await ShippedCatalog.catalog()
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configuration.heartbeatSeconds = 0
        configuration.shutdownGraceSeconds = 1
        var logger = Logger(label: "catalog-server")
        logger.logLevel = .warning
        server = HTTPServer(configuration: configuration, responder: ClosureResponder { Self.respond(to: $0, catalog) }, logger: logger)
        try server.start()
    }

    deinit { server.shutdown() }

    /// `http://127.0.0.1:PORT` followed by `prefix`.
    func baseURL(_ prefix: String = "") -> URL {
        URL(string: "http://127.0.0.1:\(server.port)\(prefix)")!
    }

    private static func respond(to request: HTTPRequest, _ catalog: MovieCatalog) -> HTTPResult {
        switch request.path {
        case "/3/search/movie":
            do {
                let search = try SearchRequest(query: request.queryValue("query"), page: request.queryValue("page"))
                return .response(.json(.ok, TMDBSearchResponse(catalog.search(search)).jsonText()))
            } catch {
                return .response(.json(.badRequest, #"{"status_message":"bad query"}"#))
            }
        case "/broken/3/search/movie":
            return .response(.json(.internalServerError, #"{"status_message":"broken on purpose"}"#))
        case "/garbage/3/search/movie":
            return .response(.html(.ok, "<html>not json</html>"))
        case "/echo/3/search/movie":
            let echoed = TMDBMovie(
                id: Int(request.queryValue("page") ?? "") ?? -1, title: request.queryValue("query") ?? "(none)",
                overview: request.queryValue("api_key") ?? "-", posterPath: nil, releaseDate: "2000-01-01", voteAverage: 1,
                voteCount: 1)
            return .response(.json(.ok, TMDBSearchResponse(page: 1, results: [echoed], totalPages: 1, totalResults: 1).jsonText()))
        case "/slow/3/search/movie":
            return .eventStream(EventStream(queueLimit: 4))
        default:
            return .response(.json(.notFound, #"{"status_message":"not found"}"#))
        }
    }
}
