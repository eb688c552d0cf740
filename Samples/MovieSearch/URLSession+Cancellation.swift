import Dispatch
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSession {
    /// `data(for:)` that ends at once when the calling task is cancelled (`CancellationError`) or `timeout` passes
    /// (a transport ``MovieRepositoryError``); the HTTP request itself runs to its end, unheard. It does not wait for
    /// FoundationNetworking to report the cancellation: on Linux that can take seconds, and it ignores
    /// `timeoutInterval` for a server that is connected but silent.
    func cancellableData(for request: URLRequest, timeout: Duration) async throws -> (Data, URLResponse) {
        let call = DataTaskCall()
        let url = request.url?.absoluteString ?? "the movie API"
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Data, URLResponse), any Error>) in
                call.begin(continuation)
                let task = dataTask(with: request) { data, response, error in
                    if let error {
                        call.finish(
                            .failure(MovieRepositoryError(.transport, "\(url) could not be reached: \(error.localizedDescription)")))
                    } else if let response {
                        call.finish(.success((data ?? Data(), response)))
                    } else {
                        call.finish(.failure(MovieRepositoryError(.transport, "the request ended without a response")))
                    }
                }
                call.start(task)
                let (seconds, attoseconds) = timeout.components
                let deadline = DispatchTime.now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
                DispatchQueue.global().asyncAfter(deadline: deadline) {
                    call.finish(.failure(MovieRepositoryError(.transport, "\(url) did not answer within \(timeout)")))
                }
            }
        } onCancel: {
            call.finish(.failure(CancellationError()))
        }
    }
}

/// One request: its data task and its caller's continuation, which the first of answer, timeout and cancellation
/// resumes (the others find it gone); the data task always runs to its end. Protected by its mutex.
private final class DataTaskCall: Sendable {
    private struct State {
        var continuation: CheckedContinuation<(Data, URLResponse), any Error>?
        var task: URLSessionDataTask?
        var finished: (any Error)?
        var done = false
    }

    private let state = Mutex(State())

    /// Keeps the continuation, or resumes it at once if the call already ended (cancelled before it began).
    func begin(_ continuation: CheckedContinuation<(Data, URLResponse), any Error>) {
        let early = state.withLock { state -> (any Error)? in
            if state.done { return state.finished ?? CancellationError() }
            state.continuation = continuation
            return nil
        }
        if let early { continuation.resume(throwing: early) }
    }

    /// Starts the task, unless the call has already ended.
    func start(_ task: URLSessionDataTask) {
        let done = state.withLock { state in
            state.task = task
            return state.done
        }
        if !done { task.resume() }
    }

    /// Ends the call with `result` if it has not ended yet; the data task ends by itself, unheard.
    func finish(_ result: Result<(Data, URLResponse), any Error>) {
        let continuation = state.withLock { state -> CheckedContinuation<(Data, URLResponse), any Error>? in
            guard !state.done else { return nil }
            state.done = true
            if case .failure(let error) = result { state.finished = error }
            defer { state.continuation = nil }
            return state.continuation
        }
        // The data task is left to end by itself, never cancelled: swift-corelibs-foundation's URLSessionTask.cancel()
        // crashes the process ("a task that in not in the registry") when it meets a task that is just finishing.
        continuation?.resume(with: result)
    }
}
