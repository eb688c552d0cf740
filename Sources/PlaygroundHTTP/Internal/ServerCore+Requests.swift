internal import CMicroHTTPD
internal import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The access handler's logic: context per request, body accumulation, answering on the last call.
extension ServerCore {
    /// Handles one access-handler call (MHD thread; never blocks).
    ///
    /// First call: headers only → allocate the context (or refuse an oversized Content-Length at once).
    /// Body calls: consume the chunk. Last call: answer (the 2nd call or later, so keep-alive survives).
    func handleAccess(
        connection: OpaquePointer,
        url: String,
        method: String,
        headerHoldsMore: Bool = false,
        upload: UnsafeRawBufferPointer,
        uploadSize: UnsafeMutablePointer<Int>,
        requestSlot: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        guard let raw = requestSlot.pointee else {
            if let record = ConnectionTracker.record(of: connection) {
                tracker.headersReceived(record)
                // The watchdog's own probes are not clients' requests: they stay out of the count.
                if record.isProbe { return queue(HTTPResponse(status: .noContent), on: connection) }
            }
            requests.add(1, ordering: .relaxed)
            if headerHoldsMore {
                // libmicrohttpd cut the value at the NUL: what the client sent is not what we would read.
                return queue(Self.headerWithNUL.response, on: connection)
            }
            if let length = contentLength(of: connection), length > UInt64(configuration.maxBodyBytes(for: url)) {
                // Answering on the first call closes the connection afterwards, which is what we want here.
                return queue(bodyTooLarge(url).response, on: connection)
            }
            let context = RequestContext(connection: ConnectionHandle(pointer: connection))
            if let cap = configuration.maxBodyBytesByPath[url], cap > configuration.maxBodyBytes {
                let client = clientAddress(of: connection)
                guard beginLargeUpload(of: client) else {
                    let busy = HTTPError(
                        .tooManyRequests, code: "too_many_uploads_from_client",
                        message: "This address already sends \(configuration.maxLargeUploadsPerClient) large upload(s) at once, the most one address may; try again once it ends.",
                        headers: ["Retry-After": "1"])
                    return queue(busy.response, on: connection)
                }
                guard reserveLargeBody(cap) else {
                    endLargeUpload(of: client)
                    let busy = HTTPError(
                        .serviceUnavailable, code: "too_many_uploads",
                        message: "Too many large uploads are running; try again in a second.", headers: ["Retry-After": "1"])
                    return queue(busy.response, on: connection)
                }
                context.state.withLock { ($0.reservedBytes, $0.uploadingClient) = (cap, client) }
            }
            requestSlot.pointee = Unmanaged.passRetained(context).toOpaque()  // released in requestCompleted
            return .YES
        }
        let context = Unmanaged<RequestContext>.fromOpaque(raw).takeUnretainedValue()
        if uploadSize.pointee > 0 {
            context.appendBody(upload, limit: configuration.maxBodyBytes(for: url))
            uploadSize.pointee = 0
            return .YES
        }
        let step = context.state.withLock { state in (state.answered, state.body, state.bodyTooLarge, state.deferred) }
        let (answered, body, tooLarge, deferred) = step
        if answered { return .NO }
        if let deferred {  // resumed: the answer came
            guard let result = deferred.result else { return .YES }
            context.state.withLock { $0.deferred = nil }  // the answer is a result now: a response or a stream
            finishDeferred(deferred)
            return answer(result, context: context, connection: connection)
        }
        endLargeUpload(of: context)  // the body is in: the client may send its next one (its bytes stay reserved)
        if tooLarge { return queue(bodyTooLarge(url).response, on: connection) }
        let request = makeRequest(connection: connection, url: url, method: method, body: body)
        context.state.withLock { $0.client = request.clientAddress }
        return answer(responder.respond(to: request), context: context, connection: connection)
    }

    /// A header value holding a NUL byte, or a header folded over lines: 400, as a `%00` in the path is.
    static let headerWithNUL = HTTPError(
        .badRequest, code: "invalid_header",
        message: "A request header holds a NUL byte or continues on a second line; send each header on one line, without NUL bytes.")

    /// `MHD_OPTION_NOTIFY_COMPLETED`: releases the context retained on the first access-handler call.
    func requestCompleted(_ requestSlot: UnsafeMutablePointer<UnsafeMutableRawPointer?>) {
        guard let raw = requestSlot.pointee else { return }
        requestSlot.pointee = nil
        let context = Unmanaged<RequestContext>.fromOpaque(raw)
        endLargeUpload(of: context.takeUnretainedValue())  // a client that left in the middle of its upload
        let reserved = context.takeUnretainedValue().state.withLock { state in
            defer { state.reservedBytes = 0 }
            return state.reservedBytes
        }
        if reserved > 0 { largeBodyBytes.subtract(reserved, ordering: .relaxed) }
        if let deferred = context.takeUnretainedValue().state.withLock({ $0.deferred }) { finishDeferred(deferred) }
        context.release()
    }

    private func answer(_ result: HTTPResult, context: RequestContext, connection: OpaquePointer) -> MHD_Result {
        switch result {
        case .response(let response):
            context.state.withLock { $0.answered = true }
            return queue(response, on: connection)
        case .eventStream(let stream):
            let client = context.state.withLock { state in
                state.answered = true
                return state.client
            }
            return openStream(stream, on: connection, client: client)
        case .later(let deferred):
            guard admitDeferred(deferred) else {
                context.state.withLock { $0.answered = true }
                return queue(Self.shuttingDown.response, on: connection)
            }
            context.state.withLock { $0.deferred = deferred }
            if let result = deferred.answerOrSuspend(context.connection) {
                context.state.withLock { $0.deferred = nil }
                finishDeferred(deferred)
                return answer(result, context: context, connection: connection)
            }
            return .YES
        }
    }

    /// Counts a large upload of `client`, or returns false when the address already has its most at once.
    private func beginLargeUpload(of client: String?) -> Bool {
        let most = configuration.maxLargeUploadsPerClient
        guard most > 0, let client else { return true }
        return largeUploadsPerClient.withLock { running in
            guard running[client, default: 0] < most else { return false }
            running[client, default: 0] += 1
            return true
        }
    }

    /// Ends the count of the request's large upload, if it still runs.
    private func endLargeUpload(of context: RequestContext) {
        let client = context.state.withLock { state in
            defer { state.uploadingClient = nil }
            return state.uploadingClient
        }
        endLargeUpload(of: client)
    }

    private func endLargeUpload(of client: String?) {
        guard configuration.maxLargeUploadsPerClient > 0, let client else { return }
        largeUploadsPerClient.withLock { running in
            let left = running[client, default: 1] - 1
            running[client] = left > 0 ? left : nil
        }
    }

    /// The request's client address, as ``makeRequest(connection:url:method:body:)`` gives it.
    private func clientAddress(of connection: OpaquePointer) -> String? {
        var headers: [(name: String, value: String)] = []
        withUnsafeMutablePointer(to: &headers) { _ = MHD_get_connection_values(connection, .HEADER_KIND, collectValue, $0) }
        return addresses(of: connection, headers: HTTPHeaders(headers)).client?.description
    }

    /// The connection's peer, and the client it stands for (the forwarded one when the peer is a trusted proxy).
    private func addresses(of connection: OpaquePointer, headers: HTTPHeaders) -> (peer: ClientKey?, client: ClientKey?) {
        let peer = playground_mhd_client_address(connection).flatMap { ClientKey($0) }
        return (peer, peer.map { ForwardedClient.resolve(peer: $0, headers: headers, trusted: trustedProxies) })
    }

    /// Takes `bytes` from the large-body budget, or returns false when it cannot.
    private func reserveLargeBody(_ bytes: Int) -> Bool {
        var current = largeBodyBytes.load(ordering: .relaxed)
        while current + bytes <= configuration.largeBodyBudget {
            let (exchanged, original) = largeBodyBytes.compareExchange(expected: current, desired: current + bytes, ordering: .relaxed)
            if exchanged { return true }
            current = original
        }
        return false
    }

    private func bodyTooLarge(_ path: String) -> HTTPError {
        HTTPError(
            .payloadTooLarge, code: "body_too_large",
            message: "The request body is larger than the accepted \(configuration.maxBodyBytes(for: path)) bytes.")
    }

    private func contentLength(of connection: OpaquePointer) -> UInt64? {
        guard let value = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length") else { return nil }
        return UInt64(String(cString: value).trimmingSpaces)
    }

    private func makeRequest(connection: OpaquePointer, url: String, method: String, body: [UInt8]) -> HTTPRequest {
        var headers: [(name: String, value: String)] = []
        var query: [(name: String, value: String)] = []
        withUnsafeMutablePointer(to: &headers) { _ = MHD_get_connection_values(connection, .HEADER_KIND, collectValue, $0) }
        withUnsafeMutablePointer(to: &query) { _ = MHD_get_connection_values(connection, .GET_ARGUMENT_KIND, collectValue, $0) }
        let headerFields = HTTPHeaders(headers)
        let (peer, client) = addresses(of: connection, headers: headerFields)
        return HTTPRequest(
            method: HTTPMethod(rawValue: method),
            path: url,
            query: query,
            headers: headerFields,
            body: body,
            remoteAddress: peer?.description,
            clientAddress: client?.description
        )
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let bytes = Array(utf8)
        guard let first = bytes.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }),
            let last = bytes.lastIndex(where: { $0 != 0x20 && $0 != 0x09 })
        else { return "" }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}
