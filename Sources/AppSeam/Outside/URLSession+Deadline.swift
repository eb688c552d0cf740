import Dispatch
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Why a call through ``Foundation/URLSession/data(for:within:)`` ended without an answer.
public enum OutsideCallFailure: Error, Sendable, Equatable {
    /// The transport failed; its description.
    case unreachable(String)
    /// No answer came within the deadline.
    case timedOut(Duration)
    /// The request ended without a response.
    case noResponse
}

extension URLSession {
    /// `data(for:)` that ends at once when the calling task is cancelled (`CancellationError`) or `deadline` passes
    /// (``OutsideCallFailure/timedOut(_:)``): FoundationNetworking on Linux can take seconds to report a
    /// cancellation, and ignores `timeoutInterval` for a server that is connected but silent. The data task itself is
    /// never cancelled but runs to its end, unheard: swift-corelibs-foundation's `URLSessionTask.cancel()` crashes the
    /// process ("a task that in not in the registry") when it meets a task that is just finishing.
    ///
    /// ```swift
    /// let (body, response) = try await session.data(for: request, within: .seconds(10))
    /// ```
    public func data(for request: URLRequest, within deadline: Duration) async throws -> (Data, URLResponse) {
        let call = PendingCall()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = dataTask(with: request) { data, response, error in
                    if let error {
                        call.finish(.failure(OutsideCallFailure.unreachable(error.localizedDescription)))
                    } else if let response {
                        call.finish(.success((data ?? Data(), response)))
                    } else {
                        call.finish(.failure(OutsideCallFailure.noResponse))
                    }
                }
                call.begin(continuation, task: task)
                let (seconds, attoseconds) = deadline.components
                DispatchQueue.global().asyncAfter(
                    deadline: .now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
                ) {
                    call.finish(.failure(OutsideCallFailure.timedOut(deadline)))
                }
            }
        } onCancel: {
            call.finish(.failure(CancellationError()))
        }
    }
}

/// One request's continuation: the first of answer, deadline and cancellation resumes it (the others find it gone).
private final class PendingCall: Sendable {
    private struct State {
        var continuation: CheckedContinuation<(Data, URLResponse), any Error>?
        var ended: (any Error)?
        var done = false
    }

    private let state = Mutex(State())

    /// Starts the data task, unless the call ended already (cancelled before it began).
    func begin(_ continuation: CheckedContinuation<(Data, URLResponse), any Error>, task: URLSessionDataTask) {
        let early = state.withLock { state -> (any Error)? in
            if state.done { return state.ended ?? CancellationError() }
            state.continuation = continuation
            return nil
        }
        if let early {
            continuation.resume(throwing: early)
        } else {
            task.resume()
        }
    }

    /// Ends the call with `result` if it has not ended yet.
    func finish(_ result: Result<(Data, URLResponse), any Error>) {
        let continuation = state.withLock { state -> CheckedContinuation<(Data, URLResponse), any Error>? in
            guard !state.done else { return nil }
            state.done = true
            if case .failure(let error) = result { state.ended = error }
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(with: result)
    }
}
