internal import CMicroHTTPD
internal import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Accepts connections on a thread of its own and deals them to several libmicrohttpd daemons in turn.
///
/// With libmicrohttpd's own thread pool the workers race for the shared listening socket, and the one that
/// wins takes up to ten connections in a row (its accept series). A burst, such as a few keep-alive
/// publishers, then lands on one worker: every POST is handled there and that core saturates while the others
/// idle (measured: one worker at 3.1 s of CPU in 3 s, the other at 0.16 s). A pool's `MHD_add_connection`
/// picks the worker from the socket number, which is no better. So there is one single-threaded daemon per
/// core, and this thread hands each new connection to the next daemon with room (`MHD_add_connection`).
///
/// It also owns the connection count (``ConnectionTracker``): a connection past the server's limit or its client's
/// is closed here, before any daemon sees it, so no daemon ever reaches its own limit (libmicrohttpd 0.9.75
/// deadlocks a daemon thread that does: it returns from the "reached connection limit" path still holding the
/// cleanup mutex). The daemons' own limits are set above anything the acceptor admits.
final class ConnectionAcceptor: @unchecked Sendable {  // the fields are set before the thread starts
    private let listener: Int32
    private let daemons: [OpaquePointer]
    private let core: ServerCore
    private var thread: pthread_t?
    private let stopping = Atomic<Bool>(false)
    /// Refusals since the last log line (touched only by the accepting thread).
    private var refusedServerFull = 0
    private var refusedClientFull = 0
    private var lastRefusalLog = ContinuousClock.now - .seconds(3_600)

    /// Takes over `listener` (already bound and listening, and no longer polled by any daemon).
    init(listener: Int32, daemons: [OpaquePointer], core: ServerCore) {
        self.listener = listener
        self.daemons = daemons
        self.core = core
    }

    /// Starts the accepting thread; false if the thread could not be made.
    func start() -> Bool {
        let context = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { context in
                let acceptor = Unmanaged<ConnectionAcceptor>.fromOpaque(context!).takeRetainedValue()
                acceptor.run()
                return nil
            }, context)
        guard started == 0 else {
            Unmanaged<ConnectionAcceptor>.fromOpaque(context).release()
            return false
        }
        self.thread = thread
        return true
    }

    /// Stops accepting, waits for the thread to end, and closes the listening socket.
    func stop() {
        stopping.store(true, ordering: .releasing)
        // Wakes the blocked accept(2) (it fails with EINVAL); the socket stays open until the thread is gone.
        _ = Glibc.shutdown(listener, Int32(SHUT_RDWR))
        if let thread { pthread_join(thread, nil) }
        close(listener)
    }

    private func run() {
        // libmicrohttpd made the socket non-blocking for its own loop; this thread blocks in accept(2) instead.
        _ = fcntl(listener, F_SETFL, fcntl(listener, F_GETFL) & ~O_NONBLOCK)
        var pauses = 0
        while !stopping.load(ordering: .acquiring) {
            var address = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let socket = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    accept(listener, $0, &length)
                }
            }
            if socket < 0 {
                switch errno {
                case EINTR, ECONNABORTED, EPROTO: continue
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    // Out of descriptors or memory: leave the rest in the backlog for a moment instead of spinning.
                    pauses += 1
                    usleep(pauses < 10 ? 1_000 : 10_000)
                    continue
                default:
                    if stopping.load(ordering: .acquiring) { return }
                    usleep(10_000)
                    continue
                }
            }
            pauses = 0
            _ = fcntl(socket, F_SETFD, FD_CLOEXEC)
            hand(socket, address: &address, length: length)
        }
    }

    /// Counts the connection and gives it to the daemon with the fewest, or closes it at once past a limit.
    private func hand(_ socket: Int32, address: inout sockaddr_storage, length: socklen_t) {
        let client = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { ClientKey($0) }
        }
        guard let client else {
            close(socket)
            return
        }
        switch core.tracker.admit(socket: socket, client: client) {
        case .admitted(let daemon):
            core.instruments.connectionsOpen?.increment()
            let added = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    MHD_add_connection(daemons[daemon % daemons.count], socket, $0, length)
                }
            }
            if added != .YES {
                core.tracker.addFailed(socket: socket)  // libmicrohttpd closed the socket
                core.instruments.connectionsOpen?.decrement()
            }
        case .serverFull:
            close(socket)
            refusedServerFull += 1
            core.instruments.connectionsRefusedServerFull?.increment()
            logRefusals()
        case .clientFull:
            close(socket)
            refusedClientFull += 1
            core.instruments.connectionsRefusedClientFull?.increment()
            logRefusals()
        }
    }

    /// One warning per 10 s at most, however many connections are refused.
    private func logRefusals() {
        let now = ContinuousClock.now
        guard now - lastRefusalLog >= .seconds(10) else { return }
        core.logger.warning(
            "refused connections at the limit",
            metadata: [
                "serverLimit": "\(refusedServerFull) (--max-connections \(core.configuration.connectionLimit))",
                "clientLimit": "\(refusedClientFull) (--max-connections-per-client \(core.configuration.maxConnectionsPerClient))",
            ])
        lastRefusalLog = now
        refusedServerFull = 0
        refusedClientFull = 0
    }
}
