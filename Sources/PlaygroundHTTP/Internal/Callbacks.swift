internal import CMicroHTTPD

#if canImport(Glibc)
    import Glibc
#endif

// libmicrohttpd's callbacks: file-level functions with the exact C signatures (never closures, so they carry no
// actor isolation), called on libmicrohttpd's threads. None blocks or awaits.

/// `MHD_AccessHandlerCallback`; `cls` is the unretained `ServerCore`.
func accessHandler(
    _ cls: UnsafeMutableRawPointer?,
    _ connection: OpaquePointer?,
    _ url: UnsafePointer<CChar>?,
    _ method: UnsafePointer<CChar>?,
    _ version: UnsafePointer<CChar>?,
    _ uploadData: UnsafePointer<CChar>?,
    _ uploadDataSize: UnsafeMutablePointer<Int>?,
    _ requestSlot: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
    guard let cls, let connection, let url, let method, let uploadDataSize, let requestSlot else { return .NO }
    let core = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()
    return core.handleAccess(
        connection: connection,
        url: String(cString: url),
        method: String(cString: method),
        // Only on the first call: the head is parsed then, and `method` still points into it.
        headerHoldsMore: requestSlot.pointee == nil && playground_mhd_header_line_holds_more(connection, method) != 0,
        upload: UnsafeRawBufferPointer(start: uploadData, count: uploadData == nil ? 0 : uploadDataSize.pointee),
        uploadSize: uploadDataSize,
        requestSlot: requestSlot
    )
}

/// `MHD_RequestCompletedCallback`; releases the per-request context.
func requestCompleted(
    _ cls: UnsafeMutableRawPointer?,
    _ connection: OpaquePointer?,
    _ requestSlot: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    _ code: MHD_RequestTerminationCode
) {
    guard let cls, let requestSlot else { return }
    Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue().requestCompleted(requestSlot)
}

/// `MHD_ContentReaderCallback` for SSE; `cls` is the `EventStream` retained for the response.
func streamReader(_ cls: UnsafeMutableRawPointer?, _ position: UInt64, _ buffer: UnsafeMutablePointer<CChar>?, _ max: Int)
    -> Int
{
    guard let cls, let buffer, max > 0 else { return -2 }  // MHD_CONTENT_READER_END_WITH_ERROR
    let stream = Unmanaged<EventStream>.fromOpaque(cls).takeUnretainedValue()
    switch stream.read(into: UnsafeMutableRawPointer(buffer), capacity: max) {
    case .bytes(let count): return count
    case .endOfStream: return -1  // MHD_CONTENT_READER_END_OF_STREAM
    case .endWithError: return -2  // MHD_CONTENT_READER_END_WITH_ERROR
    case .suspended: return 0  // only ever after MHD_suspend_connection
    }
}

/// `MHD_ContentReaderFreeCallback`: the connection is done with the stream; releases the response's retain.
func streamFree(_ cls: UnsafeMutableRawPointer?) {
    guard let cls else { return }
    let stream = Unmanaged<EventStream>.fromOpaque(cls).takeRetainedValue()
    let (server, dropped) = stream.connectionClosed()
    server?.streamClosed(stream, dropped: dropped)
}

/// `MHD_KeyValueIterator` appending each pair to the `[(name: String, value: String)]` that `cls` points to.
func collectValue(
    _ cls: UnsafeMutableRawPointer?,
    _ kind: MHD_ValueKind,
    _ key: UnsafePointer<CChar>?,
    _ value: UnsafePointer<CChar>?
) -> MHD_Result {
    guard let cls, let key else { return .YES }
    let list = cls.assumingMemoryBound(to: [(name: String, value: String)].self)
    list.pointee.append((name: String(cString: key), value: value.map { String(cString: $0) } ?? ""))
    return .YES
}

/// `MHD_LogCallback`: formats libmicrohttpd's message and sends it to the server's Logger.
func errorLogger(_ cls: UnsafeMutableRawPointer?, _ format: UnsafePointer<CChar>?, _ arguments: CVaListPointer?) {
    guard let cls, let format, let arguments else { return }
    var buffer = [CChar](repeating: 0, count: 1_024)
    _ = vsnprintf(&buffer, buffer.count, format, arguments)
    let message = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }.trimmingSpaces.split(separator: "\n").joined(
        separator: " ")
    let logger = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue().logger
    // Peers that leave or stall are routine for a stream server: keep those out of the error log.
    if clientCausedMessages.contains(where: { message.contains($0) }) {
        logger.debug("libmicrohttpd: \(message)")
    } else {
        logger.error("libmicrohttpd: \(message)")
    }
}

/// Fragments of libmicrohttpd messages caused by clients (disconnects, timeouts, malformed requests).
private let clientCausedMessages = [
    "remote peer", "no longer available", "timed out", "Timeout", "Connection reset", "closed by", "Broken pipe",
    "Failed to receive", "Failed to send", "connection closure",
]

/// `MHD_NotifyConnectionCallback`: a connection started or closed (daemon thread); `cls` is the unretained
/// `ServerCore`. The acceptor's record moves into the socket context on start and is released on close.
func connectionNotified(
    _ cls: UnsafeMutableRawPointer?,
    _ connection: OpaquePointer?,
    _ socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    _ code: MHD_ConnectionNotificationCode
) {
    guard let cls, let connection, let socketContext else { return }
    let core = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()
    if code == .CONNECTION_NOTIFY_STARTED {
        core.tracker.started(connection, socketContext: socketContext)
    } else if code == .CONNECTION_NOTIFY_CLOSED, core.tracker.closed(socketContext: socketContext) {
        core.instruments.connectionsOpen?.decrement()
    }
}
