internal import CMicroHTTPD
internal import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The server side of a stream: attaching to a connection, the content reader, and the free callback.
extension EventStream {
    /// What the content reader tells libmicrohttpd.
    enum ReadOutcome: Equatable {
        case bytes(Int)
        case endOfStream
        case endWithError
        case suspended
    }

    /// Binds the stream to `connection`; called on the MHD thread before the response is queued.
    func attach(to connection: ConnectionHandle, socket: Int32, server: ServerCore) {
        let highWater = state.withLock { state -> Int in
            state.attachment = .attached(connection)
            state.socket = socket
            state.server = server
            return state.highWater
        }
        server.noteQueueDepth(highWater)
    }

    /// The race-free reader: write queued bytes straight to the socket, copy out what it would not take, or end,
    /// or suspend (never return 0 without suspending). Called by libmicrohttpd on its own thread, only once
    /// everything it was given before has been sent (so our direct writes never overtake its bytes).
    func read(into buffer: UnsafeMutableRawPointer, capacity: Int) -> ReadOutcome {
        state.withLock { state -> ReadOutcome in
            let outcome = readLocked(&state, into: buffer, capacity: capacity)
            if outcome == .endOfStream || outcome == .endWithError, case .attached(let connection) = state.attachment {
                // libmicrohttpd 0.9.75 closes an unframed response that ends here but leaves the closed connection
                // out of its epoll set and ready list, so its socket would wait for the 60 s timeout sweep. A
                // connection with its own timeout is visited at the end of every loop pass: cleaned up at once.
                _ = playground_mhd_set_connection_timeout(connection.pointer, 1)
            }
            return outcome
        }
    }

    private func readLocked(_ state: inout State, into buffer: UnsafeMutableRawPointer, capacity: Int) -> ReadOutcome {
        if state.dropped { return .endWithError }
        // A peer that left is not an error of ours: end quietly, as libmicrohttpd does when its own send fails.
        if state.writeFailed { return .endOfStream }
        if !state.queue.isEmpty, writeDirectly(&state) == .failed { return .endOfStream }
        var written = 0
        var consumed = 0
        while written < capacity, consumed < state.queue.count {
            let storage = state.queue[consumed].storage
            let count = storage.copy(from: state.offset, into: buffer + written, capacity: capacity - written)
            written += count
            state.offset += count
            if state.offset == storage.bytes.count {
                consumed += 1
                state.offset = 0
            }
        }
        if consumed > 0 { state.queue.removeFirst(consumed) }
        if written > 0 {
            state.needsPush = true  // libmicrohttpd sends these and sets the socket's options as it likes
            return .bytes(written)
        }
        if state.finished { return .endOfStream }
        guard case .attached(let connection) = state.attachment else { return .endWithError }
        // Suspend while holding the lock: a publisher that appends next sees `suspended` and resumes.
        state.suspended = true
        MHD_suspend_connection(connection.pointer)
        return .suspended
    }

    /// What a direct write achieved.
    enum DirectWrite: Equatable {
        /// Every queued byte is on the socket.
        case drained
        /// The socket's buffer is full; the rest stays queued for libmicrohttpd to write when it drains.
        case blocked
        /// The peer is gone (or the socket is); the response ends (quietly: the reader returns end-of-stream).
        case failed
    }

    /// Writes queued messages to the socket with non-blocking `send`s, from the shared buffers (no copy).
    ///
    /// The caller holds the lock, and libmicrohttpd must have nothing unsent: the stream is suspended by our reader,
    /// or we are inside the reader. Streams are sent without chunked framing (`Connection: close`, the body ends
    /// when the connection does), so bytes written here and bytes libmicrohttpd writes later simply follow each
    /// other. The socket stays valid: libmicrohttpd frees the response (our free callback takes this lock) before
    /// it closes the socket.
    func writeDirectly(_ state: inout State) -> DirectWrite {
        guard case .attached = state.attachment, state.socket >= 0 else { return .blocked }
        if state.needsPush {
            // libmicrohttpd may have corked the socket for its own sends; a cork would hold our small frames back.
            var off: Int32 = 0
            var on: Int32 = 1
            setsockopt(state.socket, Int32(IPPROTO_TCP), TCP_CORK, &off, socklen_t(MemoryLayout<Int32>.size))
            setsockopt(state.socket, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
            state.needsPush = false
        }
        var consumed = 0
        defer { if consumed > 0 { state.queue.removeFirst(consumed) } }
        while consumed < state.queue.count {
            let bytes = state.queue[consumed].storage.bytes
            let offset = state.offset
            let sent = bytes.withUnsafeBytes { raw in
                Glibc.send(state.socket, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_DONTWAIT | MSG_NOSIGNAL))
            }
            if sent < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK { return .blocked }
                state.writeFailed = true
                return .failed
            }
            state.offset += sent
            if state.offset < bytes.count { return .blocked }
            state.offset = 0
            consumed += 1
        }
        return .drained
    }

    /// Resumes the connection if (and only if) our reader suspended it; the caller holds the lock.
    func resumeIfSuspended(_ state: inout State) {
        guard state.suspended, case .attached(let connection) = state.attachment else { return }
        state.suspended = false
        MHD_resume_connection(connection.pointer)
    }

    /// A dropped subscriber that is not suspended is blocked in a write to a peer that stopped reading: libmicrohttpd
    /// would wait for writability until the connection timeout. Shutting the socket down makes that write fail now,
    /// so the connection closes and its memory is freed at once. The caller holds the lock; the socket is still the
    /// connection's, as libmicrohttpd frees the response (our free callback, which takes this lock and detaches)
    /// before it closes the socket.
    func abortWrites(_ state: inout State) {
        guard case .attached = state.attachment, state.socket >= 0 else { return }
        shutdown(state.socket, Int32(SHUT_RDWR))
    }

    /// Clears our suspension flag and returns the connection to resume, if our reader suspended it; the caller
    /// holds the lock and must pass the handle to `EventStream.resume(_:)` (with or without the lock).
    func takeSuspension(_ state: inout State) -> ConnectionHandle? {
        guard state.suspended, case .attached(let connection) = state.attachment else { return nil }
        state.suspended = false
        return connection
    }

    /// Resumes connections handed out by `takeSuspension`, in one tight loop (see `enqueue(_:deferringResume:)`).
    static func resume(_ connections: [ConnectionHandle]) {
        for connection in connections { MHD_resume_connection(connection.pointer) }
    }

    /// The connection's response is gone (free callback): finish, detach, and run the termination handlers.
    /// Returns the server it was attached to and whether the stream had been dropped as too slow.
    func connectionClosed() -> (server: ServerCore?, dropped: Bool) {
        let (handlers, server, dropped) = state.withLock { state -> ([@Sendable () -> Void], ServerCore?, Bool) in
            state.finished = true
            state.suspended = false
            state.attachment = .closed
            state.socket = -1
            state.queue = []
            let server = state.server
            state.server = nil
            guard !state.terminated else { return ([], server, state.dropped) }
            state.terminated = true
            defer { state.terminationHandlers = [] }
            return (state.terminationHandlers, server, state.dropped)
        }
        for handler in handlers { handler() }
        return (server, dropped)
    }
}
