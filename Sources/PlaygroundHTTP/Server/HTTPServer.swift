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
        /// Accepts, counts and deals out every connection.
        let acceptor: ConnectionAcceptor
        /// Stream hang-ups, header deadlines and the loop watchdog.
        let watcher: StreamHangUpWatcher
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
                if limit < UInt64(configuration.connectionLimit) + 64 {
                    logger.warning(
                        "the open file limit (\(limit)) is below the connection limit (\(configuration.connectionLimit)) plus room for files: connections past it fail at accept; raise it (systemd LimitNOFILE=, ulimit -Hn)")
                }
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
            // One daemon (one poll thread) per core; the first one's listening socket is taken over by an accepting
            // thread that counts connections and deals them out (see ``ConnectionAcceptor``).
            var daemons = [first]
            for _ in 1..<threads {
                guard let daemon = try Self.startDaemon(configuration, context: context.toOpaque(), listening: false, threads: threads)
                else { break }
                daemons.append(daemon)
            }
            if daemons.count < threads {
                logger.warning("started \(daemons.count) of \(threads) server threads (\(String(cString: strerror(errno))))")
            }
            guard let watcher = makeWatcher(daemons: daemons) else {
                for daemon in daemons { MHD_stop_daemon(daemon) }
                context.release()
                throw HTTPServerError("Could not start the thread that watches streams (epoll or pthread_create failed).")
            }
            core.watcher.withLock { $0 = watcher }
            guard let acceptor = Self.startAcceptor(daemons, core: core, logger: logger) else {
                // No accepting thread: nothing would ever take a connection, so do not pretend to be listening.
                watcher.stop()
                for daemon in daemons { MHD_stop_daemon(daemon) }
                context.release()
                throw HTTPServerError("Could not start the thread that accepts connections; see the log above.")
            }
            lifecycle = .running(
                Running(daemons: daemons, heartbeat: makeHeartbeat(), acceptor: acceptor, watcher: watcher, context: context))
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
        running.acceptor.stop()  // closes the listening socket; the first daemon was quiesced when it started
        running.watcher.stop()  // no watchdog verdicts while the daemons stop
        for stream in core.beginShutdown() { stream.finish() }
        // MHD_stop_daemon aborts the process if a connection is still suspended: wait until every stream's
        // free callback ran.
        let deadline = ContinuousClock.now + .milliseconds(Int(core.configuration.shutdownGraceSeconds * 1_000))
        while core.pendingCount > 0, ContinuousClock.now < deadline { usleep(2_000) }
        if core.pendingCount > 0 {
            core.logger.warning("stopping with \(core.pendingCount) streams still open after the grace period")
        }
        for daemon in running.daemons { MHD_stop_daemon(daemon) }
        core.watcher.withLock { $0 = nil }  // the watcher's closures hold the core: break the cycle
        running.context.release()
        boundPort.store(0, ordering: .relaxed)
        lifecycle.withLock { $0 = .stopped }
    }

    /// Takes the listening socket back from the first daemon (`MHD_quiesce_daemon`) and accepts on a thread of
    /// our own, dealing connections to the daemons in turn (see ``ConnectionAcceptor``).
    private static func startAcceptor(_ daemons: [OpaquePointer], core: ServerCore, logger: Logger) -> ConnectionAcceptor? {
        let listener = MHD_quiesce_daemon(daemons[0])
        guard listener >= 0 else {
            logger.error("could not take over the listening socket")
            return nil
        }
        let acceptor = ConnectionAcceptor(listener: listener, daemons: daemons, core: core)
        guard acceptor.start() else {
            close(listener)
            logger.error("could not start the accepting thread")
            return nil
        }
        return acceptor
    }

    /// The thread that ends streams whose client hung up and, once a second, cuts off connections past the header
    /// deadline and runs the loop watchdog.
    private func makeWatcher(daemons: [OpaquePointer]) -> StreamHangUpWatcher? {
        let configuration = core.configuration
        let watchdog =
            configuration.watchdogSeconds > 0
            ? LoopWatchdog(daemons: daemons, tracker: core.tracker, period: .seconds(configuration.watchdogSeconds)) {
                [core] daemon, waited in core.loopStalled(daemon: daemon, waited: waited)
            } : nil
        let headerDeadline = Duration.seconds(configuration.headerTimeoutSeconds)
        let watcher = StreamHangUpWatcher(
            interval: .seconds(1),
            tick: { [core] in
                if configuration.headerTimeoutSeconds > 0 {
                    let expired = core.tracker.expireHeaderDeadlines(deadline: headerDeadline)
                    if expired > 0 {
                        core.headerTimeouts.add(expired, ordering: .relaxed)
                        core.instruments.headerTimeouts?.increment(by: expired)
                    }
                }
                watchdog?.tick()
            },
            hungUp: { [core] stream in core.streamHungUp(stream) })
        guard let watcher, watcher.start() else { return nil }
        return watcher
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
        // new connections (their requests unread until the connection timeout); poll() is level-triggered and
        // never did, and suspended streams are not in its set, so it costs little (figures: BENCHMARKS.md).
        var flags =
            MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_POLL.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
            | MHD_USE_ERROR_LOG.rawValue
        if !listening { flags |= MHD_USE_NO_LISTEN_SOCKET.rawValue }
        var address = try SocketAddress(host: configuration.host, port: configuration.port)
        if address.isIPv6 { flags |= MHD_USE_IPv6.rawValue }
        let completed: MHD_RequestCompletedCallback = requestCompleted
        let log: MHD_LogCallback = errorLogger
        let notified: MHD_NotifyConnectionCallback = connectionNotified
        return address.withPointer { socketAddress in
            var options: [MHD_OptionItem] = [
                // The logger first, so libmicrohttpd sends every message (even about later options) to it.
                // Two-pointer options: the function pointer goes in `value`, its context in `ptr_value`.
                MHD_OptionItem(option: .EXTERNAL_LOGGER, value: unsafeBitCast(log, to: Int.self), ptr_value: context),
                // Above anything the acceptor admits (it owns the limit; libmicrohttpd 0.9.75 deadlocks a daemon that
                // reaches its own), with room for closed connections awaiting cleanup and watchdog probes.
                MHD_OptionItem(option: .CONNECTION_LIMIT, value: configuration.connectionLimit + 4_096, ptr_value: nil),
                MHD_OptionItem(option: .CONNECTION_TIMEOUT, value: max(0, configuration.connectionTimeout), ptr_value: nil),
                MHD_OptionItem(
                    option: .CONNECTION_MEMORY_LIMIT, value: max(4_096, configuration.connectionMemoryLimit), ptr_value: nil),
                MHD_OptionItem(option: .NOTIFY_COMPLETED, value: unsafeBitCast(completed, to: Int.self), ptr_value: context),
                MHD_OptionItem(option: .NOTIFY_CONNECTION, value: unsafeBitCast(notified, to: Int.self), ptr_value: context),
            ]
            // Percent-decoding that keeps "%00" (a decoded NUL would cut the path or a query value short, unseen).
            options.append(MHD_OptionItem(option: .UNESCAPE_CALLBACK, value: playground_mhd_unescape_callback(), ptr_value: nil))
            if listening { options.append(MHD_OptionItem(option: .SOCK_ADDR, value: 0, ptr_value: socketAddress)) }
            options.append(MHD_OptionItem(option: .END, value: 0, ptr_value: nil))
            return options.withUnsafeMutableBufferPointer { items in
                playground_mhd_start_daemon(
                    UInt32(flags), configuration.port, accessHandler, context, items.baseAddress)
            }
        }
    }
}
