internal import CMicroHTTPD
internal import Synchronization

/// Per-request state, stored in libmicrohttpd's `*con_cls`.
///
/// Ownership: the access handler's first call retains it (`Unmanaged.passRetained`) into `*con_cls`;
/// `MHD_OPTION_NOTIFY_COMPLETED` releases that reference. A deferred Task holds its own strong reference.
final class RequestContext: Sendable {
    enum Phase {
        /// Headers and body arriving; no answer yet.
        case receiving
        /// Suspended while a deferred handler runs.
        case suspended
        /// Resumed with this result, to be queued on the next access-handler call.
        case resumed(HTTPResult)
        /// A response was queued.
        case answered
    }

    struct State {
        var body: [UInt8] = []
        var bodyTooLarge = false
        var phase = Phase.receiving
        /// The request's client address (`HTTPRequest.clientAddress`), for the per-client stream limit.
        var client: String?
    }

    let connection: ConnectionHandle
    let state = Mutex(State())

    init(connection: ConnectionHandle) { self.connection = connection }

    /// Appends a body chunk up to `limit` bytes in total; beyond it nothing more is stored.
    func appendBody(_ chunk: UnsafeRawBufferPointer, limit: Int) {
        state.withLock { state in
            guard !state.bodyTooLarge else { return }
            if state.body.count + chunk.count > limit {
                state.bodyTooLarge = true
                state.body = []
            } else {
                state.body.append(contentsOf: chunk)
            }
        }
    }

    /// Suspends the connection (MHD thread, inside the access handler).
    func suspend() {
        state.withLock { state in
            state.phase = .suspended
            MHD_suspend_connection(connection.pointer)
        }
    }

    /// Stores `result` and resumes, if still suspended; false when someone else resumed first (any thread).
    @discardableResult
    func resume(with result: HTTPResult) -> Bool {
        state.withLock { state in
            guard case .suspended = state.phase else { return false }
            state.phase = .resumed(result)
            MHD_resume_connection(connection.pointer)
            return true
        }
    }
}
