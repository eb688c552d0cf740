internal import CMicroHTTPD
internal import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One accepted connection, from the accepting thread until libmicrohttpd closes it.
final class ConnectionRecord: Sendable {
    let client: ClientKey
    let daemon: Int
    let socket: Int32
    let acceptedAt: ContinuousClock.Instant
    /// A watchdog probe: outside every limit, answered by the server core itself.
    let isProbe: Bool

    init(client: ClientKey, daemon: Int, socket: Int32, acceptedAt: ContinuousClock.Instant, isProbe: Bool = false) {
        self.client = client
        self.daemon = daemon
        self.socket = socket
        self.acceptedAt = acceptedAt
        self.isProbe = isProbe
    }
}

/// Every open connection: the ledger of counts, connections still sending their request head, and the hand-over
/// from the accepting thread to libmicrohttpd's `MHD_OPTION_NOTIFY_CONNECTION` callback.
///
/// Ownership: `started` stores a retained record in the connection's socket context; `closed` releases it.
/// libmicrohttpd calls `closed` before it closes the socket, and both take this lock, so a socket found here under
/// the lock is still the connection's (the header deadline shuts it down safely).
final class ConnectionTracker: Sendable {
    private struct State {
        var ledger: ConnectionLedger
        /// Accepted and handed to a daemon, not yet started there (keyed by socket).
        var pending: [Int32: ConnectionRecord] = [:]
        /// Started connections whose first request head has not arrived yet.
        var awaitingHeaders: [ObjectIdentifier: ConnectionRecord] = [:]
    }

    private let state: Mutex<State>

    init(ledger: ConnectionLedger) {
        state = Mutex(State(ledger: ledger))
    }

    /// Counts a connection accepted on `socket`, or refuses it (the caller closes the socket).
    func admit(socket: Int32, client: ClientKey, now: ContinuousClock.Instant = .now) -> ConnectionLedger.Admission {
        state.withLock { state in
            // A socket number still pending was closed by libmicrohttpd before it started (it reports nothing then).
            if let stale = state.pending.removeValue(forKey: socket), !stale.isProbe {
                state.ledger.release(stale.client, daemon: stale.daemon)
            }
            let admission = state.ledger.admit(client)
            if case .admitted(let daemon) = admission {
                state.pending[socket] = ConnectionRecord(client: client, daemon: daemon, socket: socket, acceptedAt: now)
            }
            return admission
        }
    }

    /// Registers a watchdog probe's socket, outside the limits.
    func admitProbe(socket: Int32, daemon: Int) {
        state.withLock { state in
            state.pending[socket] = ConnectionRecord(
                client: ClientKey(high: 0, low: 0), daemon: daemon, socket: socket, acceptedAt: .now, isProbe: true)
        }
    }

    /// `MHD_add_connection` refused the socket (and closed it): forget it.
    func addFailed(socket: Int32) {
        state.withLock { state in
            guard let record = state.pending.removeValue(forKey: socket), !record.isProbe else { return }
            state.ledger.release(record.client, daemon: record.daemon)
        }
    }

    /// `MHD_CONNECTION_NOTIFY_STARTED` (daemon thread): moves the record into the connection's socket context.
    func started(_ connection: OpaquePointer, socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>) {
        let socket = playground_mhd_connection_fd(connection)
        state.withLock { state in
            guard let record = state.pending.removeValue(forKey: socket) else { return }
            socketContext.pointee = Unmanaged.passRetained(record).toOpaque()
            state.awaitingHeaders[ObjectIdentifier(record)] = record
        }
    }

    /// `MHD_CONNECTION_NOTIFY_CLOSED` (daemon thread, before the socket is closed): releases the record and its
    /// count. True if a counted (non-probe) connection was released.
    @discardableResult
    func closed(socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> Bool {
        guard let raw = socketContext.pointee else { return false }
        socketContext.pointee = nil
        let record = Unmanaged<ConnectionRecord>.fromOpaque(raw).takeRetainedValue()
        state.withLock { state in
            state.awaitingHeaders.removeValue(forKey: ObjectIdentifier(record))
            if !record.isProbe { state.ledger.release(record.client, daemon: record.daemon) }
        }
        return !record.isProbe
    }

    /// The record of a started connection (nil for one that did not come through the acceptor).
    static func record(of connection: OpaquePointer) -> ConnectionRecord? {
        guard let raw = playground_mhd_socket_context(connection) else { return nil }
        return Unmanaged<ConnectionRecord>.fromOpaque(raw).takeUnretainedValue()
    }

    /// The connection's first request head arrived: the header deadline no longer applies to it.
    func headersReceived(_ record: ConnectionRecord) {
        _ = state.withLock { $0.awaitingHeaders.removeValue(forKey: ObjectIdentifier(record)) }
    }

    /// Shuts down connections that have not sent a whole request head within `deadline` of being accepted
    /// (slowloris); libmicrohttpd then reads end-of-file and closes them. Returns how many.
    func expireHeaderDeadlines(deadline: Duration, now: ContinuousClock.Instant = .now) -> Int {
        state.withLock { state in
            var expired = 0
            for (key, record) in state.awaitingHeaders where now - record.acceptedAt > deadline {
                Glibc.shutdown(record.socket, Int32(SHUT_RDWR))
                state.awaitingHeaders.removeValue(forKey: key)
                expired += 1
            }
            return expired
        }
    }

    /// Open connections in total, and of one client.
    var openConnections: Int { state.withLock { $0.ledger.total } }
    func openConnections(of client: ClientKey) -> Int { state.withLock { $0.ledger.count(of: client) } }
}
