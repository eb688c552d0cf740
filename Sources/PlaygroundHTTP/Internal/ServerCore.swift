internal import CMicroHTTPD
internal import Logging
internal import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Everything the C callbacks need: configuration, responder, logger, counters and the open-stream registry.
///
/// Ownership: `HTTPServer.start()` retains one reference (`Unmanaged.passRetained`) that libmicrohttpd uses as the
/// access-handler, completion and logger context; `HTTPServer.shutdown()` releases it after `MHD_stop_daemon`.
final class ServerCore: Sendable {
    struct State {
        var shuttingDown = false
        /// Admitted streams until their free callback runs (heartbeat and shutdown walk them).
        var streams: [ObjectIdentifier: OpenStream] = [:]
        /// Open streams per client address (`HTTPRequest.clientAddress`), for `maxStreamsPerClient`.
        var streamsPerClient: [String: Int] = [:]
        /// Requests waiting for a ``DeferredAnswer`` until they complete (shutdown answers them).
        var deferred: [ObjectIdentifier: DeferredAnswer] = [:]
    }

    /// An admitted stream with what its close must undo.
    struct OpenStream {
        let stream: EventStream
        let client: String?
        var socket: Int32 = -1
        var watchToken: UInt64 = 0
    }

    let configuration: HTTPServerConfiguration
    let responder: any HTTPResponder
    let logger: Logger
    let state = Mutex(State())
    let requests = Atomic<Int>(0)
    /// Bytes reserved by requests to paths with a larger body cap (``HTTPServerConfiguration/maxBodyBytesByPath``),
    /// so many large uploads at once cannot hold more than ``HTTPServerConfiguration/largeBodyBudget``.
    let largeBodyBytes = Atomic<Int>(0)
    /// Large uploads running, per client address (``HTTPServerConfiguration/maxLargeUploadsPerClient``).
    let largeUploadsPerClient = Mutex<[String: Int]>([:])
    let openStreams = Atomic<Int>(0)
    let peakStreams = Atomic<Int>(0)
    let droppedSlowStreams = Atomic<Int>(0)
    let queueHighWater = Atomic<Int>(0)
    let hangUps = Atomic<Int>(0)
    let headerTimeouts = Atomic<Int>(0)
    /// Every open connection, counted by the accepting thread.
    let tracker: ConnectionTracker
    let instruments: ServerInstruments
    /// Peers whose forwarding headers are believed.
    let trustedProxies: Set<ClientKey>
    /// Set once by `HTTPServer.start()` before any connection exists; read by the stream code.
    let watcher = Mutex<StreamHangUpWatcher?>(nil)

    /// The path of the watchdog's probe requests; answered by the core itself, and only on a probe's connection.
    static let probePath = "/.well-known/playground-watchdog"

    /// Bytes libmicrohttpd allocates (zeroed) per stream response for the reader's buffer. Chunked responses are read
    /// straight into the connection's write buffer, so this block is only used by HTTP/1.0 clients: keep it small,
    /// as it is per subscriber (4 KiB cost 3 KiB more per idle stream).
    static let streamBlockSize = 1_024

    init(configuration: HTTPServerConfiguration, responder: any HTTPResponder, logger: Logger) {
        self.configuration = configuration
        self.responder = responder
        self.logger = logger
        trustedProxies = Set(configuration.trustedProxies.compactMap { ClientKey(parsing: $0) })
        tracker = ConnectionTracker(
            ledger: ConnectionLedger(
                limit: configuration.connectionLimit, perClientLimit: configuration.maxConnectionsPerClient,
                exempt: trustedProxies, daemons: max(1, configuration.threads)))
        instruments = ServerInstruments(factory: configuration.metricsFactory)
    }

    var metrics: HTTPServerMetrics {
        HTTPServerMetrics(
            openStreams: openStreams.load(ordering: .relaxed),
            peakStreams: peakStreams.load(ordering: .relaxed),
            droppedSlowStreams: droppedSlowStreams.load(ordering: .relaxed),
            queueHighWater: queueHighWater.load(ordering: .relaxed),
            requests: requests.load(ordering: .relaxed),
            openConnections: tracker.openConnections,
            hangUps: hangUps.load(ordering: .relaxed),
            headerTimeouts: headerTimeouts.load(ordering: .relaxed)
        )
    }

    func noteQueueDepth(_ depth: Int) {
        if depth > queueHighWater.load(ordering: .relaxed) { queueHighWater.max(depth) }
    }

    /// Sends a comment to every open stream (heartbeat queue); a stream whose queue is full is dropped.
    func heartbeat() {
        let streams = state.withLock { $0.streams.values.map(\.stream) }
        let comment = SSEMessage.comment("heartbeat")
        var resumes: [ConnectionHandle] = []
        resumes.reserveCapacity(streams.count)
        for stream in streams {
            var resume: ConnectionHandle?
            _ = stream.enqueue(comment, deferringResume: &resume)
            if let resume { resumes.append(resume) }
        }
        EventStream.resume(resumes)
    }

    /// The watchdog found daemon `daemon` stuck: report it, then (by default) exit so a supervisor restarts us.
    /// Exiting without cleanup is deliberate: a clean shutdown would wait on the stuck thread.
    func loopStalled(daemon: Int, waited: Duration) {
        let description =
            "server thread \(daemon) has not answered the watchdog's probe for \(waited.components.seconds) s "
            + "(--watchdog-seconds \(configuration.watchdogSeconds)); its loop has stopped"
        if let onStall = configuration.onStall {
            logger.critical("\(description)")
            onStall(description)
        } else {
            logger.critical("\(description); exiting with status 70 so a supervisor restarts the server")
            _exit(70)
        }
    }

    /// Refuses new streams and deferred answers from now on; answers the waiting ones 503; returns the open streams,
    /// to be ended.
    func beginShutdown() -> [EventStream] {
        let (streams, waiting) = state.withLock { state in
            state.shuttingDown = true
            return (state.streams.values.map(\.stream), Array(state.deferred.values))
        }
        for answer in waiting { answer.send(Self.shuttingDown.response) }
        return streams
    }

    static let shuttingDown = HTTPError(
        .serviceUnavailable, code: "shutting_down", message: "The server is shutting down; try again in a moment.", headers: ["Retry-After": "1"])

    /// Records a request that waits for `answer`; false once the server shuts down.
    func admitDeferred(_ answer: DeferredAnswer) -> Bool {
        state.withLock { state in
            guard !state.shuttingDown else { return false }
            state.deferred[ObjectIdentifier(answer)] = answer
            return true
        }
    }

    /// The request that waited for `answer` completed.
    func finishDeferred(_ answer: DeferredAnswer) {
        _ = state.withLock { $0.deferred.removeValue(forKey: ObjectIdentifier(answer)) }
    }

    /// Streams not yet ended and requests not yet completed that waited for a deferred answer (each may hold a
    /// suspended connection).
    var pendingCount: Int { state.withLock { $0.streams.count + $0.deferred.count } }

    /// Queues a complete response, gzip-compressed where the request accepts it (``ContentCoding``); `MUST_COPY` so
    /// the Swift array can go away at once.
    func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        let acceptEncoding = MHD_lookup_connection_value(connection, .HEADER_KIND, "Accept-Encoding").map { String(cString: $0) }
        let response = ContentCoding.encode(response, acceptEncoding: acceptEncoding)
        let created = response.body.withUnsafeBytes { body in
            MHD_create_response_from_buffer(body.count, UnsafeMutableRawPointer(mutating: body.baseAddress), .RESPMEM_MUST_COPY)
        }
        guard let mhdResponse = created else {
            logger.error("libmicrohttpd could not allocate a response; closing the connection")
            return .NO
        }
        addHeaders(response.headers, to: mhdResponse)
        let result = MHD_queue_response(connection, UInt32(response.status.code), mhdResponse)
        MHD_destroy_response(mhdResponse)
        return result
    }

    func addHeaders(_ headers: HTTPHeaders, to response: OpaquePointer) {
        for field in headers where MHD_add_response_header(response, field.name, field.value) != .YES {
            // libmicrohttpd refuses CR/LF/tab in fields: a header that would split the response is dropped, not sent.
            logger.warning("dropped an invalid response header", metadata: ["name": "\(field.name)"])
        }
    }
}
