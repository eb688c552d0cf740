internal import CMicroHTTPD
import Dispatch
public import Logging
internal import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// An HTTP/1.1 + Server-Sent Events server on libmicrohttpd (one daemon, one poll thread, per server thread).
///
/// ```swift
/// var configuration = HTTPServerConfiguration()
/// configuration.port = 0
/// let server = HTTPServer(configuration: configuration, responder: router, logger: Logger(label: "http"))
/// try server.start()
/// print("listening on \(server.port)")
/// // …
/// server.shutdown()   // ends every stream, answers suspended requests with 503, stops the daemon
/// ```
public final class HTTPServer: Sendable {
    private enum Lifecycle {
        case idle
        case running(Running)
        case stopping
        case stopped
    }

    private struct Running {
        /// One libmicrohttpd daemon per server thread; the first one bound the listening socket.
        let daemons: [OpaquePointer]
        let heartbeat: DispatchSourceTimer?
        /// Accepts for several daemons (nil with one thread: libmicrohttpd accepts by itself).
        let acceptor: ConnectionAcceptor?
        /// The retain libmicrohttpd holds as callback context; released after `MHD_stop_daemon`.
        let context: Unmanaged<ServerCore>
    }

    private let core: ServerCore
    private let lifecycle = Mutex(Lifecycle.idle)
    private let boundPort = Atomic<UInt16>(0)

    /// A server that answers with `responder`; nothing listens until `start()`.
    public init(configuration: HTTPServerConfiguration, responder: any HTTPResponder, logger: Logger) {
        core = ServerCore(configuration: configuration, responder: responder, logger: logger)
    }

    deinit { shutdown() }

    /// The configuration the server was made with.
    public var configuration: HTTPServerConfiguration { core.configuration }

    /// The actual bound port (`MHD_DAEMON_INFO_BIND_PORT`) after `start()`, else 0.
    public var port: UInt16 { boundPort.load(ordering: .relaxed) }

    /// A snapshot of the counters.
    public var metrics: HTTPServerMetrics { core.metrics }

    /// Raises `RLIMIT_NOFILE` to its hard limit, binds and starts serving; throws `HTTPServerError` with a reason.
    public func start() throws {
        try lifecycle.withLock { lifecycle in
            guard case .idle = lifecycle else {
                throw HTTPServerError("start() was already called: an HTTPServer starts once; make a new one to restart.")
            }
            let configuration = core.configuration
            let logger = core.logger
            if let limit = SystemLimits.raiseOpenFileLimit() {
                logger.debug("open file limit \(limit)")
            } else {
                logger.warning("could not raise RLIMIT_NOFILE; the stream capacity may be limited by the soft limit")
            }
            let context = Unmanaged.passRetained(core)
            let threads = max(1, configuration.threads)
            guard let first = try Self.startDaemon(configuration, context: context.toOpaque(), listening: true, threads: threads)
            else {
                let reason = String(cString: strerror(errno))
                context.release()
                throw HTTPServerError(
                    "Could not listen on \(configuration.host):\(configuration.port) (\(reason)). "
                        + "Is the port already in use? Pick another port, or 0 for any free port.")
            }
            boundPort.store(playground_mhd_bind_port(first), ordering: .relaxed)
            var daemons = [first]
            var acceptor: ConnectionAcceptor?
            if threads > 1 {
                // One daemon (one poll thread) per core; the first one's listening socket is taken over by an
                // accepting thread that deals connections to them in turn (see ``ConnectionAcceptor``).
                for _ in 1..<threads {
                    guard let daemon = try Self.startDaemon(configuration, context: context.toOpaque(), listening: false, threads: threads)
                    else { break }
                    daemons.append(daemon)
                }
                acceptor = Self.startAcceptor(daemons, connectionLimit: max(1, configuration.connectionLimit / threads), logger: logger)
                guard acceptor != nil else {
                    // No accepting thread: nothing would ever take a connection, so do not pretend to be listening.
                    for daemon in daemons { MHD_stop_daemon(daemon) }
                    context.release()
                    throw HTTPServerError(
                        "Could not start the thread that accepts connections for \(threads) server threads; try --threads 1.")
                }
                if daemons.count < threads {
                    logger.warning("started \(daemons.count) of \(threads) server threads (\(String(cString: strerror(errno))))")
                }
            }
            lifecycle = .running(Running(daemons: daemons, heartbeat: makeHeartbeat(), acceptor: acceptor, context: context))
            logger.info("HTTP server listening", metadata: ["host": "\(configuration.host)", "port": "\(port)"])
        }
    }

    /// Idempotent: finish every stream and resume every suspended request (503), wait (bounded), then stop.
    /// Safe before `start()` and when called twice.
    public func shutdown() {
        let running = lifecycle.withLock { lifecycle -> Running? in
            switch lifecycle {
            case .running(let running):
                lifecycle = .stopping
                return running
            case .idle:
                lifecycle = .stopped
                return nil
            case .stopping, .stopped:
                return nil
            }
        }
        guard let running else { return }
        running.heartbeat?.cancel()
        // Stop accepting: the listening socket is handed back to us to close.
        if let acceptor = running.acceptor {
            acceptor.stop()  // closes the listening socket; the first daemon was quiesced when it started
        } else {
            let listener = MHD_quiesce_daemon(running.daemons[0])
            if listener >= 0 { close(listener) }
        }
        let (streams, deferred) = core.beginShutdown()
        for stream in streams { stream.finish() }
        for request in deferred { request.resume(with: .error(ServerCore.shuttingDownError)) }
        // MHD_stop_daemon aborts the process if a connection is still suspended: wait until every stream's
        // free callback ran and every deferred request was answered (all were resumed above).
        let deadline = ContinuousClock.now + .milliseconds(Int(core.configuration.shutdownGraceSeconds * 1_000))
        while core.pendingCount > 0, ContinuousClock.now < deadline { usleep(2_000) }
        if core.pendingCount > 0 {
            core.logger.warning("stopping with \(core.pendingCount) streams or requests still open after the grace period")
        }
        for daemon in running.daemons { MHD_stop_daemon(daemon) }
        running.context.release()
        boundPort.store(0, ordering: .relaxed)
        lifecycle.withLock { $0 = .stopped }
    }

    /// Takes the listening socket back from the first daemon (`MHD_quiesce_daemon`) and accepts on a thread of
    /// our own, dealing connections to the daemons in turn (see ``ConnectionAcceptor``).
    private static func startAcceptor(_ daemons: [OpaquePointer], connectionLimit: Int, logger: Logger) -> ConnectionAcceptor? {
        let listener = MHD_quiesce_daemon(daemons[0])
        guard listener >= 0 else {
            logger.error("could not take over the listening socket")
            return nil
        }
        let acceptor = ConnectionAcceptor(listener: listener, daemons: daemons, connectionLimit: connectionLimit)
        guard acceptor.start() else {
            close(listener)
            logger.error("could not start the accepting thread")
            return nil
        }
        return acceptor
    }

    private func makeHeartbeat() -> DispatchSourceTimer? {
        let seconds = core.configuration.heartbeatSeconds
        guard seconds > 0 else { return nil }
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "PlaygroundHTTP.heartbeat"))
        timer.schedule(deadline: .now() + .seconds(seconds), repeating: .seconds(seconds), leeway: .milliseconds(250))
        timer.setEventHandler { [core] in core.heartbeat() }
        timer.resume()
        return timer
    }

    /// Starts one daemon with one internal poll() thread and its share of the connection limit. Only a `listening`
    /// daemon binds the configured address; the others get their connections from the acceptor.
    private static func startDaemon(
        _ configuration: HTTPServerConfiguration, context: UnsafeMutableRawPointer, listening: Bool, threads: Int
    ) throws -> OpaquePointer? {
        // poll(), not epoll: libmicrohttpd 0.9.75's edge-triggered epoll loop now and then loses a whole burst of
        // new connections (256 sockets with their requests unread until the 60 s timeout, in ~1 of 8 bursts of
        // 1,000 connects); poll() is level-triggered and never did in 28 bursts, and suspended streams are not in
        // its set, so it costs ~5 % at 10,000 subscribers (BENCHMARKS.md).
        var flags =
            MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_POLL.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
            | MHD_USE_ERROR_LOG.rawValue
        if !listening { flags |= MHD_USE_NO_LISTEN_SOCKET.rawValue }
        var address = try SocketAddress(host: configuration.host, port: configuration.port)
        if address.isIPv6 { flags |= MHD_USE_IPv6.rawValue }
        let completed: MHD_RequestCompletedCallback = requestCompleted
        let log: MHD_LogCallback = errorLogger
        return address.withPointer { socketAddress in
            var options: [MHD_OptionItem] = [
                // The logger first, so libmicrohttpd sends every message (even about later options) to it.
                // Two-pointer options: the function pointer goes in `value`, its context in `ptr_value`.
                MHD_OptionItem(option: .EXTERNAL_LOGGER, value: unsafeBitCast(log, to: Int.self), ptr_value: context),
                MHD_OptionItem(option: .CONNECTION_LIMIT, value: max(1, configuration.connectionLimit / threads), ptr_value: nil),
                MHD_OptionItem(option: .CONNECTION_TIMEOUT, value: max(0, configuration.connectionTimeout), ptr_value: nil),
                MHD_OptionItem(
                    option: .CONNECTION_MEMORY_LIMIT, value: max(4_096, configuration.connectionMemoryLimit), ptr_value: nil),
                MHD_OptionItem(option: .NOTIFY_COMPLETED, value: unsafeBitCast(completed, to: Int.self), ptr_value: context),
            ]
            if listening { options.append(MHD_OptionItem(option: .SOCK_ADDR, value: 0, ptr_value: socketAddress)) }
            options.append(MHD_OptionItem(option: .END, value: 0, ptr_value: nil))
            return options.withUnsafeMutableBufferPointer { items in
                playground_mhd_start_daemon(
                    UInt32(flags), configuration.port, accessHandler, context, items.baseAddress)
            }
        }
    }
}
