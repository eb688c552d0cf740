import AppSeam
import Foundation
import MovieCatalog

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fetches movies over real HTTP from a TMDB-compatible server:
/// `GET {baseURL}/3/search/movie?query=…&page=…[&api_key=…]`, decoded as a ``TMDBSearchResponse``.
///
/// Unlike the seed, the query is percent-encoded (`&`, `#`, `+`, spaces and non-ASCII survive), every request has
/// a timeout, and a non-2xx status or a body that is not a search response is an error
/// (``MovieRepositoryError``). Cancelling the calling task cancels the HTTP request.
///
/// ```swift
/// let repository = TMDBMovieRepository(baseURL: URL(string: "https://api.themoviedb.org")!, apiKey: key)
/// let page = try await repository.searchMovies(query: "C++ & friends", page: 1)
/// ```
public struct TMDBMovieRepository: MovieRepository {
    /// Where the API lives, e.g. `http://127.0.0.1:8080` (the playground's own endpoint); a path is kept
    /// (`http://host/tmdb` → `http://host/tmdb/3/search/movie`).
    public let baseURL: URL
    /// TMDB's `api_key` query parameter, sent only when set.
    public let apiKey: String?
    /// How long one request may take before it fails.
    public let timeout: Duration
    private let session: URLSession

    /// A repository for the API at `baseURL`; `session` defaults to a shared ephemeral session without a cache.
    public init(baseURL: URL, apiKey: String? = nil, timeout: Duration = .seconds(10), session: URLSession? = nil) {
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.timeout = timeout
        self.session = session ?? Self.sharedSession
    }

    /// One session for every repository: ephemeral and without a response cache, so every search is fetched.
    private static let sharedSession: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return URLSession(configuration: configuration)
    }()

    /// The request URL for `query` and `page`, every value percent-encoded (RFC 3986 unreserved characters only):
    /// `…/3/search/movie?query=C%2B%2B%20%26%20Friends&page=1`.
    public func searchURL(query: String, page: Int) throws(MovieRepositoryError) -> URL {
        guard let scheme = baseURL.scheme?.lowercased(), scheme == "http" || scheme == "https", baseURL.host != nil,
            baseURL.query == nil, baseURL.fragment == nil
        else {
            throw MovieRepositoryError(
                .invalidBaseURL,
                "the movie API base URL \(baseURL.absoluteString) is not accepted; use an absolute http or https URL "
                    + "without query or fragment, for example http://127.0.0.1:8080")
        }
        var text = baseURL.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        text += "/3/search/movie?query=\(PercentEncoding.queryValue(query))&page=\(page)"
        if let apiKey { text += "&api_key=\(PercentEncoding.queryValue(apiKey))" }
        guard let url = URL(string: text) else {
            throw MovieRepositoryError(.invalidBaseURL, "could not build a request URL from \(baseURL.absoluteString)")
        }
        return url
    }

    /// Fetches and decodes one page; throws ``MovieRepositoryError`` or `CancellationError`.
    public func searchMovies(query: String, page: Int) async throws -> TMDBSearchResponse {
        let url = try searchURL(query: query, page: page)
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout.seconds)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let (body, status) = try await fetch(request, url: url)
        guard let status else {
            throw MovieRepositoryError(.transport, "\(url.absoluteString) did not answer with HTTP")
        }
        guard (200...299).contains(status) else {
            throw MovieRepositoryError(.httpStatus(status), "\(url.absoluteString) answered HTTP \(status)")
        }
        do {
            return try TMDBSearchResponse.decode(from: body)
        } catch {
            throw MovieRepositoryError(
                .undecodableBody, "\(url.absoluteString) answered \(body.count) bytes that are not a TMDB search response")
        }
    }
}

extension TMDBMovieRepository {
    /// The body and HTTP status of `request`, or a transport error once ``timeout`` has passed (enforced here as
    /// well, since FoundationNetworking on Linux does not end a request that is connected but silent).
    private func fetch(_ request: URLRequest, url: URL) async throws -> (body: Data, status: Int?) {
        do {
            let (body, response) = try await session.data(for: request, within: timeout)
            return (body, (response as? HTTPURLResponse)?.statusCode)
        } catch let failure as OutsideCallFailure {
            switch failure {
            case .unreachable(let reason): throw MovieRepositoryError(.transport, "\(url.absoluteString) could not be reached: \(reason)")
            case .timedOut(let deadline): throw MovieRepositoryError(.transport, "\(url.absoluteString) did not answer within \(deadline)")
            case .noResponse: throw MovieRepositoryError(.transport, "the request ended without a response")
            }
        }
    }
}

extension Duration {
    /// The duration in seconds, as `URLRequest` wants it.
    fileprivate var seconds: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
