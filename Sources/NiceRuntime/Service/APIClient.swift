import AppSeam
import Foundation
import PlaygroundUI
import RoomServices
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An HTTP API as its errors are named: what the error view and the journal call them.
public protocol NamedAPI: Sendable {
    /// "Posts API Error".
    static var errorName: StaticString { get }
    /// "PostsAPIError": stable across versions.
    static var journalName: String { get }
}

/// Where the seed's services use Netable: `GET {baseURL}{path}` of a JSON API over real HTTP, decoded, each fetch
/// logged with its status and time and reported as the Service (HTTP) stage at the service's line; the fault
/// injection (``APIFaults``) can slow it down or make it fail.
public struct APIClient<API: NamedAPI>: Sendable {
    /// e.g. `http://127.0.0.1:8080` or `https://jsonplaceholder.typicode.com`; a path is kept.
    public let baseURL: String
    public let timeout: Duration
    let faults: APIFaults
    let log: NiceLog

    public init(
        baseURL: String = "https://jsonplaceholder.typicode.com", timeout: Duration = .seconds(10), faults: APIFaults = APIFaults(),
        log: NiceLog
    ) {
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        (self.baseURL, self.timeout, self.faults, self.log) = (base, timeout, faults, log)
        _ = session
    }

    /// Fetches and decodes `path`; throws ``APIError``, ``InjectedFault`` or `CancellationError`.
    public func get<T: Decodable & Sendable>(_ type: T.Type, path: String, file: StaticString = #fileID, line: UInt = #line) async throws -> T {
        var outcome = "cancelled"
        defer { TaskStages.record(NiceStage.service, "client.get(\"\(path)\") → \(outcome)", file: file, line: line) }
        do {
            let (value, status) = try await fetch(type, path: path)
            outcome = "HTTP \(status)"
            return value
        } catch {
            outcome = error is InjectedFault ? "injected failure" : error is CancellationError ? "cancelled" : "failed"
            throw error
        }
    }

    private func fetch<T: Decodable & Sendable>(_ type: T.Type, path: String) async throws -> (T, Int) {
        let clock = ContinuousClock()
        let start = clock.now
        try await faults.apply(path: path, log: log)
        guard let url = URL(string: baseURL + path), url.scheme == "http" || url.scheme == "https" else {
            throw APIError<API>(.transport, "\(baseURL + path) is not an http or https URL")
        }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: 10)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        // A room fetches twice per load, seconds apart at best: an idle keep-alive connection per fetch would only
        // hold a socket at both ends (the server is usually this process).
        request.setValue("close", forHTTPHeaderField: "Connection")
        let (body, response): (Data, URLResponse)
        do {
            (body, response) = try await session.data(for: request, within: timeout)
        } catch let failure as OutsideCallFailure {
            switch failure {
            case .unreachable(let reason): throw APIError<API>(.transport, "\(url.absoluteString) could not be reached: \(reason)")
            case .timedOut(let deadline): throw APIError<API>(.transport, "\(url.absoluteString) did not answer within \(deadline)")
            case .noResponse: throw APIError<API>(.transport, "\(url.absoluteString) ended without a response")
            }
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        let took = (clock.now - start).formatted(.units(allowed: [.milliseconds], width: .narrow))
        log.record("GET \(path) → HTTP \(status), \(body.count) B in \(took)")
        guard (200...299).contains(status) else {
            throw APIError<API>(.httpStatus(status), "GET \(url.absoluteString) answered HTTP \(status)")
        }
        if let shared = decoded.withLock({ $0.value(T.self, url: url.absoluteString, body: body) }) { return (shared, status) }
        let value: T
        do {
            value = try JSONDecoder().decode(T.self, from: body)
        } catch {
            throw APIError<API>(.undecodableBody, "GET \(url.absoluteString) answered \(body.count) bytes that are not \(T.self)")
        }
        decoded.withLock { $0.keep(value, url: url.absoluteString, body: body) }
        return (value, status)
    }
}

/// One session for every client (ephemeral, no response cache); ``init`` makes it, so its one-time set-up
/// (libcurl's handles and descriptors) happens as the first room starts, not in the middle of a load.
private let session: URLSession = {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    return URLSession(configuration: configuration)
}()

/// The last value decoded from each URL, shared by every room: each room's caches held their own copy of the same
/// 100 posts and users (~60 KB a room). A fetch still happens (faults, log and status as before); only an answer
/// whose bytes are the very ones decoded before gets the values decoded then, equal to a new decoding.
private let decoded = Mutex(SharedAnswers())

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
public struct APIError<API: NamedAPI>: LoggableError, DisplayableError, JournaledError, Equatable, CustomStringConvertible {
    public static var journalName: String { API.journalName }

    public enum Kind: Equatable, Sendable, Codable {
        case transport
        case httpStatus(Int)
        case undecodableBody
    }

    public let kind: Kind
    public let errorDescription: String

    public init(_ kind: Kind, _ description: String) {
        (self.kind, self.errorDescription) = (kind, description)
    }

    public var typeDescription: StaticString { API.errorName }
    /// Displayable too (the seed's ErrorService logs it, then forwards it): the error view names the HTTP status.
    public var title: String { typeDescription.description }
    public var message: String { errorDescription }
    public var isConnectionError: Bool { kind == .transport }
    public var description: String { errorDescription }
}
