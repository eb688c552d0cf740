import Dispatch
import PlaygroundHTTP
import Synchronization

/// Runs a room's replay (a past step, a fork, an import) for a request on a server thread, which waits for it.
///
/// A replay is async (apps settle between steps), so the thread blocks until it is done; at most `limit` run at
/// once, and a request past that answers 503 at once, so replays can never hold every server thread.
final class ReplayGate: Sendable {
    let limit: Int
    private let running = Mutex(0)

    init(limit: Int = 2) {
        self.limit = limit
    }

    func run<Value: Sendable>(_ work: @escaping @Sendable () async throws(HTTPError) -> Value) throws(HTTPError) -> Value {
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
        defer { running.withLock { $0 -= 1 } }
        return try Self.wait(work).get()
    }

    /// Blocks the calling thread until `work` is done (start-up, and the gate above).
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
