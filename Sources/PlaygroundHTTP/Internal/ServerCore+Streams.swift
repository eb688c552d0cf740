internal import CMicroHTTPD
internal import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Admitting, streaming and closing SSE subscribers.
extension ServerCore {
    /// Admits `stream` (or answers 503 past `maxStreams` / during shutdown) and queues its streaming response.
    func openStream(_ stream: EventStream, on connection: OpaquePointer) -> MHD_Result {
        let key = ObjectIdentifier(stream)
        let admitted = state.withLock { state -> Bool in
            guard !state.shuttingDown, state.streams[key] == nil else { return false }
            guard state.streams.count < configuration.maxStreams else { return false }
            state.streams[key] = stream
            openStreams.store(state.streams.count, ordering: .relaxed)
            peakStreams.max(state.streams.count)
            return true
        }
        guard admitted else {
            stream.finish()
            let error = HTTPError(
                .serviceUnavailable, code: "too_many_streams",
                message: "The server is at its limit of \(configuration.maxStreams) event streams or shutting down; "
                    + "retry later.",
                headers: ["Retry-After": "5"])
            return queue(error.response, on: connection)
        }
        let socket = playground_mhd_connection_fd(connection)
        limitSendBuffer(of: socket)
        stream.attach(to: ConnectionHandle(pointer: connection), socket: socket, server: self)
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

    /// The stream's response was freed (its connection is done with it).
    func streamClosed(_ stream: EventStream, dropped: Bool) {
        if dropped { droppedSlowStreams.add(1, ordering: .relaxed) }
        state.withLock { state in
            state.streams.removeValue(forKey: ObjectIdentifier(stream))
            openStreams.store(state.streams.count, ordering: .relaxed)
        }
    }
}
