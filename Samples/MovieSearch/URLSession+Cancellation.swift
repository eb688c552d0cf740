import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSession {
    /// `data(for:)` that cancels the HTTP request when the calling task is cancelled (then throws
    /// `CancellationError`), and turns transport failures into ``MovieRepositoryError``.
    func cancellableData(for request: URLRequest) async throws -> (Data, URLResponse) {
        let handle = DataTaskHandle()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Data, URLResponse), any Error>) in
                let task = dataTask(with: request) { data, response, error in
                    if let error {
                        if (error as? URLError)?.code == .cancelled || handle.isCancelled {
                            continuation.resume(throwing: CancellationError())
                        } else {
                            let url = request.url?.absoluteString ?? "the movie API"
                            continuation.resume(
                                throwing: MovieRepositoryError(.transport, "\(url) could not be reached: \(error.localizedDescription)"))
                        }
                    } else if let response {
                        continuation.resume(returning: (data ?? Data(), response))
                    } else {
                        continuation.resume(throwing: MovieRepositoryError(.transport, "the request ended without a response"))
                    }
                }
                handle.start(task)
            }
        } onCancel: {
            handle.cancel()
        }
    }
}

/// The data task of one request and whether its caller was cancelled; cancellation may come before the task
/// exists (then the task is cancelled as soon as it is started). Protected by its mutex.
private final class DataTaskHandle: Sendable {
    private let state = Mutex<(task: URLSessionDataTask?, cancelled: Bool)>((nil, false))

    var isCancelled: Bool { state.withLock { $0.cancelled } }

    func start(_ task: URLSessionDataTask) {
        let cancelled = state.withLock { state in
            state.task = task
            return state.cancelled
        }
        task.resume()
        if cancelled { task.cancel() }
    }

    func cancel() {
        let task = state.withLock { state in
            state.cancelled = true
            return state.task
        }
        task?.cancel()
    }
}
