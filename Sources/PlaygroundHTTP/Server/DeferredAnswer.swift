internal import CMicroHTTPD
internal import Synchronization

/// An answer a responder gives later, from any thread (``HTTPResult/later(_:)``): until then the request's connection
/// waits suspended, off the server thread's poll set, so long work (a room's replay) holds no server thread.
///
/// ```swift
/// let answer = DeferredAnswer()
/// Task { answer.send(await slowWork()) }
/// return .later(answer)
/// ```
public final class DeferredAnswer: Sendable {
    private struct State {
        var response: HTTPResponse?
        /// Set while the server thread has the connection suspended for this answer.
        var suspended: ConnectionHandle?
        var observers: [@Sendable (HTTPResponse) -> Void] = []
    }

    private let state = Mutex(State())

    public init() {}

    /// Gives the answer; the first call counts (a shutting-down server may have answered 503 already).
    public func send(_ response: HTTPResponse) {
        let observers = state.withLock { state -> [@Sendable (HTTPResponse) -> Void] in
            guard state.response == nil else { return [] }
            state.response = response
            // Resumed under the lock, so the server thread cannot be between suspending and recording it.
            if let connection = state.suspended {
                state.suspended = nil
                MHD_resume_connection(connection.pointer)
            }
            defer { state.observers = [] }
            return state.observers
        }
        for observer in observers { observer(response) }
    }

    /// Calls `body` with the answer once it is sent (at once if it was).
    public func observe(_ body: @escaping @Sendable (HTTPResponse) -> Void) {
        let sent = state.withLock { state -> HTTPResponse? in
            if state.response == nil { state.observers.append(body) }
            return state.response
        }
        if let sent { body(sent) }
    }

    /// On the server thread: the answer if it came already, else the connection is suspended until it comes (nil).
    func answerOrSuspend(_ connection: ConnectionHandle) -> HTTPResponse? {
        state.withLock { state in
            if let response = state.response { return response }
            state.suspended = connection
            MHD_suspend_connection(connection.pointer)
            return nil
        }
    }

    /// The answer, once it came.
    var response: HTTPResponse? { state.withLock { $0.response } }
}
