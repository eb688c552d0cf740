internal import CMicroHTTPD
internal import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Admitting, streaming and closing SSE subscribers.
extension ServerCore {
    /// Why a stream was not admitted.
    private enum StreamRefusal {
        case serverFull
        case clientFull
    }

    /// Admits `stream` (or answers 503 past `maxStreams`, 429 past `maxStreamsPerClient`, 503 during shutdown) and
    /// queues its streaming response.
    func openStream(_ stream: EventStream, on connection: OpaquePointer, client: String?) -> MHD_Result {
        let key = ObjectIdentifier(stream)
        let perClientLimit = configuration.maxStreamsPerClient
        let refusal = state.withLock { state -> StreamRefusal? in
            guard !state.shuttingDown, state.streams[key] == nil else { return .serverFull }
            guard state.streams.count < configuration.maxStreams else { return .serverFull }
            if let client, perClientLimit > 0 {
                let held = state.streamsPerClient[client, default: 0]
                guard held < perClientLimit else { return .clientFull }
                state.streamsPerClient[client] = held + 1
            }
            state.streams[key] = OpenStream(stream: stream, client: client)
            openStreams.store(state.streams.count, ordering: .relaxed)
            peakStreams.max(state.streams.count)
            return nil
        }
        if let refusal {
            stream.finish()
            let error: HTTPError
            switch refusal {
            case .serverFull:
                instruments.streamsRefusedServerFull?.increment()
                error = HTTPError(
                    .serviceUnavailable, code: "too_many_streams",
                    message: "The server is at its limit of \(configuration.maxStreams) event streams or shutting down; "
                        + "retry later.",
                    headers: ["Retry-After": "5"])
            case .clientFull:
                instruments.streamsRefusedClientFull?.increment()
                error = HTTPError(
                    .tooManyRequests, code: "too_many_streams_from_client",
                    message: "Your address already has \(perClientLimit) event streams open (the per-client limit, "
                        + "--max-streams-per-client); close some tabs or retry later.",
                    headers: ["Retry-After": "5"])
            }
            return queue(error.response, on: connection)
        }
        instruments.streamsOpen?.increment()
        let socket = playground_mhd_connection_fd(connection)
        limitSendBuffer(of: socket)
        stream.attach(to: ConnectionHandle(pointer: connection), socket: socket, server: self)
        // Watched from here until `streamClosed` (this daemon thread frees the response, so not before this).
        let token = watcher.withLock { $0 }?.watch(stream, socket: socket) ?? 0
        state.withLock { state in
            state.streams[key]?.socket = socket
            state.streams[key]?.watchToken = token
        }
        // Ownership: this retain belongs to libmicrohttpd's response; `streamFree` releases it.
        let context = Unmanaged.passRetained(stream).toOpaque()
        guard
            let response = MHD_create_response_from_callback(
                UInt64.max, Self.streamBlockSize, streamReader, context, streamFree)
        else {
            streamFree(context)
            logger.error("libmicrohttpd could not allocate a stream response; closing the connection")
            return .NO
        }
        // No chunked framing: the body is the event stream itself and ends when the connection closes, so our
        // direct writes (`EventStream.writeDirectly`) and libmicrohttpd's own can follow each other.
        _ = playground_mhd_set_response_flags(response, .RF_HTTP_1_0_COMPATIBLE_STRICT)
        addHeaders(Self.streamHeaders, to: response)
        let result = MHD_queue_response(connection, 200, response)
        MHD_destroy_response(response)  // if queueing failed this runs streamFree, which does the bookkeeping
        return result
    }

    /// Applies `streamSendBufferBytes` to the stream's socket (best effort: a failure only costs kernel memory).
    private func limitSendBuffer(of fd: Int32) {
        var bytes = Int32(clamping: configuration.streamSendBufferBytes)
        guard bytes > 0, fd >= 0 else { return }
        if setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &bytes, socklen_t(MemoryLayout<Int32>.size)) != 0 {
            logger.debug("could not set SO_SNDBUF on a stream socket", metadata: ["errno": "\(errno)"])
        }
    }

    static let streamHeaders: HTTPHeaders = [
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-cache",
        "X-Accel-Buffering": "no",
    ]

    /// The stream's response was freed (its connection is done with it; the socket is not closed yet).
    func streamClosed(_ stream: EventStream, dropped: Bool) {
        if dropped {
            droppedSlowStreams.add(1, ordering: .relaxed)
            instruments.slowStreamsDropped?.increment()
        }
        let closed = state.withLock { state -> OpenStream? in
            guard let open = state.streams.removeValue(forKey: ObjectIdentifier(stream)) else { return nil }
            if let client = open.client, let held = state.streamsPerClient[client] {
                state.streamsPerClient[client] = held > 1 ? held - 1 : nil
            }
            openStreams.store(state.streams.count, ordering: .relaxed)
            return open
        }
        guard let closed else { return }
        instruments.streamsOpen?.decrement()
        watcher.withLock { $0 }?.unwatch(token: closed.watchToken, socket: closed.socket)
    }

    /// The hang-up watcher saw the stream's peer leave: end it now, so its slot and memory are freed at once.
    func streamHungUp(_ stream: EventStream) {
        guard !stream.isFinished else { return }
        hangUps.add(1, ordering: .relaxed)
        instruments.streamHangUps?.increment()
        stream.finish()
    }
}
