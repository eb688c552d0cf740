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
        /// The answer: a response, or an event stream to open (never another deferred answer).
        var result: HTTPResult?
        var response: HTTPResponse? {
            switch result {
            case .response(let response): response
            case .eventStream: HTTPResponse(status: .ok)  // what observers hear of a stream: it was opened
            case .later, nil: nil
            }
        }
        /// Set while the server thread has the connection suspended for this answer.
        var suspended: ConnectionHandle?
        var observers: [@Sendable (HTTPResponse) -> Void] = []
    }

    private let state = Mutex(State())

    public init() {}

    /// Gives the answer; the first call counts (a shutting-down server may have answered 503 already).
    public func send(_ response: HTTPResponse) {
        send(result: .response(response))
    }

    /// Gives the answer as a responder would return it: a response, an event stream (opened on the waiting
    /// connection), or another deferred answer (its answer is this one's).
    public func send(result: HTTPResult) {
        if case .later(let inner) = result {
            inner.observeResult { self.send(result: $0) }
            return
        }
        let observers = state.withLock { state -> [@Sendable (HTTPResponse) -> Void] in
            guard state.result == nil else { return [] }
            state.result = result
            // Resumed under the lock, so the server thread cannot be between suspending and recording it.
            if let connection = state.suspended {
                state.suspended = nil
                MHD_resume_connection(connection.pointer)
            }
            defer { state.observers = [] }
            return state.observers
        }
        let response = state.withLock { $0.response } ?? HTTPResponse(status: .ok)
        for observer in observers { observer(response) }
    }

    /// Calls `body` with the answer as it was given (a response or a stream) once it is sent.
    private func observeResult(_ body: @escaping @Sendable (HTTPResult) -> Void) {
        observe { [self] _ in
            if let result = state.withLock({ $0.result }) { body(result) }
        }
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
    func answerOrSuspend(_ connection: ConnectionHandle) -> HTTPResult? {
        state.withLock { state in
            if let result = state.result { return result }
            state.suspended = connection
            MHD_suspend_connection(connection.pointer)
            return nil
        }
    }

    /// The answer, once it came.
    var response: HTTPResponse? { state.withLock { $0.response } }

    /// The answer as it was given, once it came.
    var result: HTTPResult? { state.withLock { $0.result } }
}
