import Dispatch
import PlaygroundHTTP
import Synchronization

/// Runs rooms' replays (a past step, a fork, an import, a Swift export) and whole-history reads for requests, off
/// the server threads.
///
/// A replay takes up to seconds (apps settle between steps): it runs in a task while the request's connection waits
/// suspended (``HTTPResult/later(_:)``), so no server thread, and none of the other connections it serves, waits for
/// it. At most `limit` run at once and up to `line` more wait their turn (first come, first served); a request past
/// that answers 503 at once.
final class ReplayGate: Sendable {
    let limit: Int
    let line: Int
    /// What runs here, for the 503 (`replay_busy`, "replays").
    let busy: (code: String, work: String)

    private struct State {
        var running = 0
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    init(limit: Int = 1, line: Int = 0, busy: (code: String, work: String) = ("replay_busy", "replays")) {
        (self.limit, self.line, self.busy) = (limit, line, busy)
    }

    /// Admits `work` (or throws 503 `replay_busy`) and answers with what it returns, or its error, once it is done.
    func answerLater(_ work: @escaping @Sendable () async throws(HTTPError) -> HTTPResponse) throws(HTTPError) -> HTTPResult {
        let admitted = state.withLock { state in
            guard state.running + state.waiting.count < limit + line else { return false }
            state.running += 1  // counted now, so the line cannot overfill before the task starts
            return true
        }
        guard admitted else {
            throw HTTPError(
                .serviceUnavailable, code: busy.code,
                message: "Other \(busy.work) are running (at most \(limit) at once, \(line) waiting); try again in a second.",
                headers: ["Retry-After": "1"])
        }
        let answer = DeferredAnswer()
        Task { [self] in
            await self.turn()
            let response: HTTPResponse
            do throws(HTTPError) { response = try await work() } catch { response = error.response }
            self.done()
            answer.send(response)
        }
        return .later(answer)
    }

    /// Runs `work` in its turn (waiting, however long the line, for fewer than `limit` to run) and returns its result.
    func run<Value: Sendable>(_ work: () async throws(HTTPError) -> Value) async throws(HTTPError) -> Value {
        state.withLock { $0.running += 1 }
        await turn()
        defer { done() }
        return try await work()
    }

    /// Waits until fewer than `limit` are running (this task was counted as running when admitted).
    private func turn() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state -> Bool in
                if state.running <= limit { return true }
                state.running -= 1
                state.waiting.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    private func done() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiting.isEmpty else {
                state.running -= 1
                return nil
            }
            return state.waiting.removeFirst()  // its place among the running is this one's
        }
        next?.resume()
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
