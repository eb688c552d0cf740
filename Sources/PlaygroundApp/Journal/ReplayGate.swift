import Dispatch
import PlaygroundHTTP
import Synchronization

/// Runs rooms' replays (a past step, a fork, an import, a Swift export) for requests, off the server threads.
///
/// A replay takes up to seconds (apps settle between steps): it runs in a task while the request's connection waits
/// suspended (``HTTPResult/later(_:)``), so no server thread, and none of the other connections it serves, waits for
/// it. At most `limit` run at once; a request past that answers 503 at once.
final class ReplayGate: Sendable {
    let limit: Int
    private let running = Mutex(0)

    init(limit: Int = 1) {
        self.limit = limit
    }

    /// Admits `work` (or throws 503 `replay_busy`) and answers with what it returns, or its error, once it is done.
    func answerLater(_ work: @escaping @Sendable () async throws(HTTPError) -> HTTPResponse) throws(HTTPError) -> HTTPResult {
        let admitted = running.withLock { running in
            guard running < limit else { return false }
            running += 1
            return true
        }
        guard admitted else {
            throw HTTPError(
                .serviceUnavailable, code: "replay_busy", message: "Other replays are running (at most \(limit) at once); try again in a second.",
                headers: ["Retry-After": "1"])
        }
        let answer = DeferredAnswer()
        Task { [self] in
            let response: HTTPResponse
            do throws(HTTPError) { response = try await work() } catch { response = error.response }
            self.running.withLock { $0 -= 1 }
            answer.send(response)
        }
        return .later(answer)
    }

    /// Blocks the calling thread until `work` is done (start-up).
    static func wait<Value: Sendable>(_ work: @escaping @Sendable () async throws(HTTPError) -> Value) -> Result<Value, HTTPError> {
        let result = Mutex<Result<Value, HTTPError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            let outcome: Result<Value, HTTPError>
            do throws(HTTPError) { outcome = .success(try await work()) } catch { outcome = .failure(error) }
            result.withLock { $0 = outcome }
            done.signal()
        }
        done.wait()
        return result.withLock { $0! }
    }
}
