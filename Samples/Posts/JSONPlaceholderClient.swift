import AppSeam
import Foundation
import NiceRuntime
import PlaygroundUI
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Not in the seed (it uses Netable): `GET {baseURL}{path}` of a JSONPlaceholder-compatible API over real HTTP,
/// decoded as JSON, each fetch logged with its status and time. By default the playground's own `/posts` and
/// `/users`; the fault injection (``PostsFaults``) can slow it down or make it fail.
public struct JSONPlaceholderClient: Sendable {
    /// e.g. `http://127.0.0.1:8080` or `https://jsonplaceholder.typicode.com`; a path is kept.
    public let baseURL: String
    public let timeout: Duration
    let faults: PostsFaults
    let log: NiceLog

    public init(
        baseURL: String = "https://jsonplaceholder.typicode.com", timeout: Duration = .seconds(10), faults: PostsFaults = PostsFaults(),
        log: NiceLog
    ) {
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        (self.baseURL, self.timeout, self.faults, self.log) = (base, timeout, faults, log)
        _ = Self.session
    }

    /// One session for every room (ephemeral, no response cache); ``init`` makes it, so its one-time set-up
    /// (libcurl's handles and descriptors) happens as the first room starts, not in the middle of a load.
    private static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return URLSession(configuration: configuration)
    }()

    /// Fetches and decodes `path`; throws ``PostsAPIError``, ``InjectedFault`` or `CancellationError`.
    func get<T: Decodable & Sendable>(_ type: T.Type, path: String) async throws -> T {
        let clock = ContinuousClock()
        let start = clock.now
        try await faults.apply(path: path, log: log)
        guard let url = URL(string: baseURL + path), url.scheme == "http" || url.scheme == "https" else {
            throw PostsAPIError(.transport, "\(baseURL + path) is not an http or https URL")
        }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: 10)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        // A room fetches twice per load, seconds apart at best: an idle keep-alive connection per fetch would only
        // hold a socket at both ends (the server is usually this process).
        request.setValue("close", forHTTPHeaderField: "Connection")
        let (body, response): (Data, URLResponse)
        do {
            (body, response) = try await Self.session.data(for: request, within: timeout)
        } catch let failure as OutsideCallFailure {
            switch failure {
            case .unreachable(let reason): throw PostsAPIError(.transport, "\(url.absoluteString) could not be reached: \(reason)")
            case .timedOut(let deadline): throw PostsAPIError(.transport, "\(url.absoluteString) did not answer within \(deadline)")
            case .noResponse: throw PostsAPIError(.transport, "\(url.absoluteString) ended without a response")
            }
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        let took = (clock.now - start).formatted(.units(allowed: [.milliseconds], width: .narrow))
        log.record("GET \(path) → HTTP \(status), \(body.count) B in \(took)")
        guard (200...299).contains(status) else {
            throw PostsAPIError(.httpStatus(status), "GET \(url.absoluteString) answered HTTP \(status)")
        }
        if let shared = Self.decoded.withLock({ $0.value(T.self, url: url.absoluteString, body: body) }) { return shared }
        let value: T
        do {
            value = try JSONDecoder().decode(T.self, from: body)
        } catch {
            throw PostsAPIError(.undecodableBody, "GET \(url.absoluteString) answered \(body.count) bytes that are not \(T.self)")
        }
        Self.decoded.withLock { $0.keep(value, url: url.absoluteString, body: body) }
        return value
    }

    /// The last value decoded from each URL, shared by every room: each room's caches held their own copy of the
    /// same 100 posts and users (~60 KB a room). A fetch still happens (faults, log and status as before); only an
    /// answer whose bytes are the very ones decoded before gets the values decoded then, equal to a new decoding.
    private static let decoded = Mutex(SharedAnswers())
}

/// Decoded answers by URL and type, with the bytes they were decoded from.
struct SharedAnswers: ~Copyable {
    private struct Key: Hashable {
        let url: String
        let type: ObjectIdentifier
    }

    private var answers: [Key: (body: Data, value: any Sendable)] = [:]
    /// Bounds for an API other than the playground's (`--posts-api`): answers past them are not shared.
    static let maxAnswers = 256
    static let maxBody = 1 << 20

    func value<T: Sendable>(_ type: T.Type, url: String, body: Data) -> T? {
        guard let kept = answers[Key(url: url, type: ObjectIdentifier(T.self))], kept.body == body else { return nil }
        return kept.value as? T
    }

    mutating func keep<T: Sendable>(_ value: T, url: String, body: Data) {
        let key = Key(url: url, type: ObjectIdentifier(T.self))
        guard body.count <= Self.maxBody, answers[key] != nil || answers.count < Self.maxAnswers else { return }
        answers[key] = (body, value)
    }
}

/// Why a fetch failed: logged by the ``ErrorService``, which shows a transport failure as ``ConnectivityError``.
public struct PostsAPIError: LoggableError, DisplayableError, JournaledError, Equatable, CustomStringConvertible {
    public static let journalName = "PostsAPIError"

    public enum Kind: Equatable, Sendable, Codable {
        case transport
        case httpStatus(Int)
        case undecodableBody
    }

    public let kind: Kind
    public let errorDescription: String

    init(_ kind: Kind, _ description: String) {
        (self.kind, self.errorDescription) = (kind, description)
    }

    public var typeDescription: StaticString { "Posts API Error" }
    /// Displayable too (the seed's ErrorService logs it, then forwards it): the error view names the HTTP status.
    public var title: String { typeDescription.description }
    public var message: String { errorDescription }
    public var isConnectionError: Bool { kind == .transport }
    public var description: String { errorDescription }
}
