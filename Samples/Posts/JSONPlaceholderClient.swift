import Dispatch
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
    func get<T: Decodable>(_ type: T.Type, path: String) async throws -> T {
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
        let (body, response) = try await Self.session.cancellableData(for: request, timeout: timeout)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        let took = (clock.now - start).formatted(.units(allowed: [.milliseconds], width: .narrow))
        log.record("GET \(path) → HTTP \(status), \(body.count) B in \(took)")
        guard (200...299).contains(status) else {
            throw PostsAPIError(.httpStatus(status), "GET \(url.absoluteString) answered HTTP \(status)")
        }
        do {
            return try JSONDecoder().decode(T.self, from: body)
        } catch {
            throw PostsAPIError(.undecodableBody, "GET \(url.absoluteString) answered \(body.count) bytes that are not \(T.self)")
        }
    }
}

/// Why a fetch failed: logged by the ``ErrorService``, which shows a transport failure as ``ConnectivityError``.
public struct PostsAPIError: LoggableError, JournaledError, Equatable, CustomStringConvertible {
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
    public var isConnectionError: Bool { kind == .transport }
    public var description: String { errorDescription }
}

extension URLSession {
    /// `data(for:)` that ends at once when the task is cancelled or `timeout` passes (FoundationNetworking on Linux
    /// can take seconds to report either); the request itself runs to its end, unheard.
    fileprivate func cancellableData(for request: URLRequest, timeout: Duration) async throws -> (Data, URLResponse) {
        let call = PendingCall()
        let url = request.url?.absoluteString ?? "the posts API"
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = dataTask(with: request) { data, response, error in
                    if let error {
                        call.finish(.failure(PostsAPIError(.transport, "\(url) could not be reached: \(error.localizedDescription)")))
                    } else if let response {
                        call.finish(.success((data ?? Data(), response)))
                    } else {
                        call.finish(.failure(PostsAPIError(.transport, "\(url) ended without a response")))
                    }
                }
                call.begin(continuation, task: task)
                let (seconds, attoseconds) = timeout.components
                DispatchQueue.global().asyncAfter(
                    deadline: .now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
                ) {
                    call.finish(.failure(PostsAPIError(.transport, "\(url) did not answer within \(timeout)")))
                }
            }
        } onCancel: {
            call.finish(.failure(CancellationError()))
        }
    }
}

/// One request's continuation and data task: the first of answer, timeout and cancellation ends it.
private final class PendingCall: Sendable {
    private struct State {
        var continuation: CheckedContinuation<(Data, URLResponse), any Error>?
        var task: URLSessionDataTask?
        var ended: (any Error)?
        var done = false
    }

    private let state = Mutex(State())

    func begin(_ continuation: CheckedContinuation<(Data, URLResponse), any Error>, task: URLSessionDataTask) {
        let early = state.withLock { state -> (any Error)? in
            if state.done { return state.ended ?? CancellationError() }
            state.continuation = continuation
            state.task = task
            return nil
        }
        if let early {
            continuation.resume(throwing: early)
        } else {
            task.resume()
        }
    }

    func finish(_ result: Result<(Data, URLResponse), any Error>) {
        let continuation = state.withLock { state -> CheckedContinuation<(Data, URLResponse), any Error>? in
            guard !state.done else { return nil }
            state.done = true
            if case .failure(let error) = result { state.ended = error }
            defer { state.continuation = nil }
            return state.continuation
        }
        // The data task is left to end by itself, never cancelled: swift-corelibs-foundation's URLSessionTask.cancel()
        // crashes the process ("a task that in not in the registry") when it meets a task that is just finishing.
        continuation?.resume(with: result)
    }
}
