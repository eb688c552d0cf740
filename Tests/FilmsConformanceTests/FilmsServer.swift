import Foundation
import Logging
import MovieCatalog
import MovieSearchBackEnd
import PlaygroundHTTP
import PlaygroundTesting

/// The playground's own film API (`MovieAPI`: `GET /3/search/movie`, `GET /3/movie/{id}`) on a real HTTP server at
/// 127.0.0.1 and an ephemeral port, over the shipped catalog: what every Films implementation fetches from.
final class FilmsServer: Sendable {
    let server: HTTPServer
    let catalog: MovieCatalog

    init() async throws {
        let catalog = try await ShippedCatalog.catalog()
        let api = MovieAPI(catalog: catalog)
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configuration.heartbeatSeconds = 0
        configuration.shutdownGraceSeconds = 1
        var logger = Logger(label: "films-server")
        logger.logLevel = .warning
        server = HTTPServer(
            configuration: configuration,
            responder: ClosureResponder { request in
                if request.path == "/3/search/movie" { return .response(api.search(request)) }
                if request.path.hasPrefix("/3/movie/") { return .response(api.movie(id: String(request.path.dropFirst("/3/movie/".count)))) }
                return .response(.json(.notFound, #"{"status_message":"not found"}"#))
            }, logger: logger)
        self.catalog = catalog
        try server.start()
    }

    deinit { server.shutdown() }

    var baseURL: String { "http://127.0.0.1:\(server.port)" }

    /// The ids the list shows for `query`: the first 20 results.
    func ids(_ query: String) -> [Int] { FilmsCatalogIDs(catalog).ids(query) }
}
