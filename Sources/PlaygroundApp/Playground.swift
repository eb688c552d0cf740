import Foundation
import Logging
import MovieCatalog
import MovieSearchMVI
import PlaygroundHTTP
import Prometheus
import Synchronization

/// The whole playground: rooms of live sample apps behind a libmicrohttpd HTTP/SSE server.
///
/// ```swift
/// let playground = try Playground(configuration: .init(publicDirectory: "Public"), logger: logger)
/// try playground.start()          // serves http://127.0.0.1:8080
/// // …
/// playground.shutdown()           // ends every stream, then stops the server
/// ```
public final class Playground: Sendable {
    /// The settings it was made with.
    public let configuration: PlaygroundConfiguration
    private let rooms: RoomRegistry
    private let server: HTTPServer
    /// The base URL of the movie API the rooms fetch from, known once the server is bound.
    private let movieAPIBase: MovieAPIBase
    /// What `GET /metrics` shows: the server's and the rooms' instruments, this playground's alone.
    let metrics = PrometheusCollectorRegistry()

    /// Loads `Public/` and the film catalog (unless one is given) and prepares the server; nothing listens until ``start()``.
    public init(configuration: PlaygroundConfiguration, logger: Logger, catalog: MovieCatalog? = nil) throws {
        self.configuration = configuration
        var metricsFactory = PrometheusMetricsFactory(registry: metrics)
        metricsFactory.durationHistogramBuckets["playground_event_publish_seconds"] = [
            .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .microseconds(2_500),
            .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250), .seconds(1),
        ]
        let instruments = AppInstruments(factory: metricsFactory)
        var http = configuration.http
        if http.metricsFactory == nil { http.metricsFactory = metricsFactory }
        let limits = Room.Limits(
            streamQueueLimit: configuration.http.streamQueueLimit,
            replayCount: configuration.replayCount, eventBudget: configuration.eventsPerRoom)
        let samples = configuration.samples
        let sources = SampleSources(
            samplesDirectory: configuration.samplesDirectory, samples: ["RandomColorEV", "ListView", "MovieSearch"])
        let loadTime = ContinuousClock.now
        let catalog = try catalog ?? MovieCatalog(csvPath: configuration.moviesFile)
        logger.info("movie catalog ready", metadata: ["movies": "\(catalog.movies.count)", "took": "\(ContinuousClock.now - loadTime)"])
        let movieAPIBase = MovieAPIBase(configured: configuration.movieAPIBaseURL, apiKey: configuration.movieAPIKey)
        self.movieAPIBase = movieAPIBase
        rooms = RoomRegistry(maxRooms: configuration.maxRooms, idleLifetime: configuration.roomIdleLifetime, instruments: instruments) { id in
            Room(id: id, limits: limits, samples: samples, sources: sources, movieRepository: movieAPIBase.repository)
        }
        let files = try StaticFiles(directory: configuration.publicDirectory)
        let responder = PlaygroundResponder(
            rooms: rooms, files: files, movies: MovieAPI(catalog: catalog),
            clientLimiter: ClientEventLimiter(budget: configuration.eventsPerClient), metrics: metrics, instruments: instruments)
        server = HTTPServer(configuration: http, responder: responder, logger: logger)
        responder.attach(server)
    }

    /// Binds the address and starts serving.
    public func start() throws {
        try server.start()
        let host = ["0.0.0.0", "::", ""].contains(configuration.http.host) ? "127.0.0.1" : configuration.http.host
        movieAPIBase.bind(ownServer: host.contains(":") ? "http://[\(host)]:\(server.port)" : "http://\(host):\(server.port)")
    }

    /// Rooms alive now.
    var roomCount: Int { rooms.count }

    /// The port actually bound (useful with port 0).
    public var port: UInt16 { server.port }

    /// Ends every stream, closes every room and stops the server. Safe to call twice.
    public func shutdown() {
        rooms.closeAll()
        server.shutdown()
    }
}

/// The repository every room's movie search fetches through: this server's own API by default.
final class MovieAPIBase: Sendable {
    private let configured: String?
    private let apiKey: String?
    private let bound = Mutex<TMDBMovieRepository?>(nil)

    init(configured: String?, apiKey: String?) {
        self.configured = configured
        self.apiKey = apiKey
    }

    /// Fixes the base URL once the server knows its port.
    func bind(ownServer: String) {
        let base = URL(string: configured ?? ownServer) ?? URL(string: ownServer)!
        bound.withLock { $0 = TMDBMovieRepository(baseURL: base, apiKey: configured == nil ? nil : apiKey) }
    }

    /// The repository; rooms exist only once the server is bound.
    var repository: any MovieRepository {
        bound.withLock { $0 } ?? TMDBMovieRepository(baseURL: URL(string: configured ?? "http://127.0.0.1:8080")!, apiKey: apiKey)
    }
}
