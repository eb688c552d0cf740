import AppSeam
import Foundation
import MovieCatalog
import RoomServices

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The Films app's back end over real HTTP, the TMDB-shaped API the playground serves: `GET /3/search/movie` (the
/// first page, 20 films) and `GET /3/movie/{id}`. Every request first goes through the room's ``FaultInjection``
/// (latency, failures), so the five implementations fail alike. Call it from an effect (the journal keeps the
/// answers); it throws ``FilmsAPIError``, ``InjectedFault`` or `CancellationError`.
///
/// ```swift
/// let films = try await api.search(query: "alien")     // [FilmSummary], at most 20
/// let detail = try await api.film(id: films[0].id)    // FilmDetail
/// ```
public struct FilmsAPI: Sendable {
    /// Where the API lives (`http://127.0.0.1:8080`, the playground's own address).
    public let baseURL: String
    public let faults: FaultInjection
    public let timeout: Duration

    public init(baseURL: String, faults: FaultInjection, timeout: Duration = .seconds(10)) {
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        (self.baseURL, self.faults, self.timeout) = (base, faults, timeout)
    }

    /// The errors an effect that calls this API names, so a replay fails the same way.
    public static let errors: [any JournaledError.Type] = [FilmsAPIError.self, InjectedFault.self]

    /// The first 20 films matching `query`.
    public func search(query: String) async throws -> [FilmSummary] {
        let body = try await get("/3/search/movie?query=\(PercentEncoding.queryValue(query))&page=1")
        guard let page = try? TMDBSearchResponse.decode(from: body) else { throw FilmsAPIError("the search answer is not a TMDB search response") }
        return page.results.prefix(20).map { FilmSummary(id: $0.id, title: $0.title, year: Self.year($0.releaseDate), rating: $0.voteAverage) }
    }

    /// One film's detail.
    public func film(id: Int) async throws -> FilmDetail {
        let body = try await get("/3/movie/\(id)")
        guard let film = try? TMDBMovieDetail.decode(from: body) else { throw FilmsAPIError("the answer for film \(id) is not a TMDB film") }
        return FilmDetail(
            id: film.id, title: film.title, year: Self.year(film.releaseDate), runtime: film.runtime, overview: film.overview,
            rating: film.voteAverage)
    }

    private func get(_ path: String) async throws -> Data {
        try await faults.inject()
        guard let url = URL(string: baseURL + path) else { throw FilmsAPIError("\(baseURL + path) is not a URL") }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: 10)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let (body, response): (Data, URLResponse)
        do {
            (body, response) = try await Self.session.data(for: request, within: timeout)
        } catch let failure as OutsideCallFailure {
            throw FilmsAPIError("GET \(path) did not answer: \(failure)")
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200...299).contains(status) else { throw FilmsAPIError("GET \(path) answered HTTP \(status)") }
        return body
    }

    private static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        return URLSession(configuration: configuration)
    }()

    private static func year(_ releaseDate: String) -> Int { Int(releaseDate.prefix(4)) ?? 0 }
}

/// Why ``FilmsAPI`` could not answer (the view shows ``FilmsMessages`` instead; this says what really happened).
public struct FilmsAPIError: JournaledError, Sendable, Equatable, CustomStringConvertible {
    public static let journalName = "FilmsAPIError"
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Where the Films apps fetch: the playground's own API unless a test or `--movie-api` says otherwise.
public struct FilmsAPISettings: AppServiceKey, Sendable {
    /// nil: the playground's own address.
    public var baseURL: String?
    public init(baseURL: String? = nil) { self.baseURL = baseURL }
    public static let defaultValue = FilmsAPISettings()
}

extension AppServices {
    /// The Films API of this room, with `faults` (by default its own, drawn from the room's seed, waited on its
    /// clock); each effect takes its fault draw as it starts, on the room's executor.
    public func filmsAPI(faults: FaultInjection? = nil) -> FilmsAPI {
        let faults = faults ?? FaultInjection(random: makeRandomSource(), clock: clock)
        faults.drawn(atStartOf: effects)
        return FilmsAPI(baseURL: values[FilmsAPISettings.self].baseURL ?? ownBaseURL, faults: faults)
    }
}
