internal import CMicroHTTPD
internal import Synchronization

/// Per-request state, stored in libmicrohttpd's `*con_cls`.
///
/// Ownership: the access handler's first call retains it (`Unmanaged.passRetained`) into `*con_cls`;
/// `MHD_OPTION_NOTIFY_COMPLETED` releases that reference.
final class RequestContext: Sendable {
    struct State {
        var body: [UInt8] = []
        var bodyTooLarge = false
        /// A response was queued (later access-handler calls for this request do nothing).
        var answered = false
        /// The request's client address (`HTTPRequest.clientAddress`), for the per-client stream limit.
        var client: String?
        /// Bytes taken from the server's large-body budget, given back when the request completes.
        var reservedBytes = 0
        /// The client address whose large upload this is, counted until its body is in (or the request ends).
        var uploadingClient: String?
        /// The answer this request waits for, suspended (``HTTPResult/later(_:)``).
        var deferred: DeferredAnswer?
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
}
