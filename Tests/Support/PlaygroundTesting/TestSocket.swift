// Live-test support shared by the test targets: a raw TCP client that speaks just enough HTTP/1.1 and SSE.
#if canImport(Glibc)
    import Glibc
#endif

/// A POSIX TCP client to 127.0.0.1 with bounded waits, for live tests.
public final class TestSocket {
    public let descriptor: Int32
    /// Bytes received and not yet consumed by `readResponse`.
    public private(set) var buffer: [UInt8] = []
    public private(set) var sawEOF = false

    public struct Failure: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) {
            self.description = description
        }
    }

    /// Connects to 127.0.0.1:`port`; `receiveBuffer` sets SO_RCVBUF before connecting (a tiny window); `source`
    /// binds the client to another loopback address first (`"127.0.0.2"`), so the server sees another client.
    public init(port: UInt16, receiveBuffer: Int32? = nil, source: String? = nil) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket() failed: errno \(errno)") }
        if var size = receiveBuffer {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard bound == 0 else {
                Glibc.close(descriptor)
                throw Failure(description: "bind() to \(source) failed: errno \(errno)")
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            Glibc.close(descriptor)
            throw Failure(description: "connect() to port \(port) failed: errno \(errno)")
        }
    }

    deinit { Glibc.close(descriptor) }

    public func close() { shutdown(descriptor, Int32(SHUT_RDWR)) }

    public func send(_ text: String) throws { try send(Array(text.utf8)) }

    public func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw Failure(description: "send() failed: errno \(errno)") }
            sent += count
        }
    }

    /// Waits up to `milliseconds` for data and appends what arrives; false on timeout or EOF.
    @discardableResult
    public func receive(milliseconds: Int32) -> Bool {
        guard !sawEOF else { return false }
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, milliseconds) > 0 else { return false }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress!, $0.count, 0) }
        if count <= 0 {
            sawEOF = true
            return false
        }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    /// Reads until `condition` holds for the bytes received so far, EOF, or the timeout; returns whether it held.
    /// Waits with `Task.sleep`, never blocking a cooperative thread.
    @discardableResult
    public func read(timeout: Duration = .seconds(15), until condition: ([UInt8]) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !condition(buffer) {
            if sawEOF { return condition(buffer) }
            if ContinuousClock.now >= deadline {
                // A reader that was not scheduled for a while must still see what arrived meanwhile.
                while receive(milliseconds: 0) {}
                return condition(buffer)
            }
            if !receive(milliseconds: 0), !sawEOF { try? await Task.sleep(for: .milliseconds(5)) }
        }
        return true
    }

    /// Reads until the peer closes; true if it did within the timeout.
    public func waitForEOF(timeout: Duration = .seconds(15)) async -> Bool {
        await read(timeout: timeout) { _ in self.sawEOF }
        return sawEOF
    }

    /// Everything received so far as text.
    public var text: String { String(decoding: buffer, as: UTF8.self) }

    /// Reads one complete response (Content-Length, chunked, or bodiless) and removes it from the buffer.
    public func readResponse(timeout: Duration = .seconds(15), bodiless: Bool = false) async throws -> TestResponse {
        var parsed: (TestResponse, Int)?
        await read(timeout: timeout) { bytes in
            parsed = TestResponse.parse(bytes, bodiless: bodiless)
            return parsed != nil
        }
        guard let (response, used) = parsed else {
            throw Failure(description: "no complete response within \(timeout); received: \(text.prefix(300))")
        }
        buffer.removeFirst(used)
        return response
    }

    /// The SSE body received so far, after the response head: the raw bytes (the server streams without chunked
    /// framing, ending with the connection), or decoded incrementally when the head says `chunked`.
    public var streamBody: String {
        if streamCursor == nil, let head = TestResponse.headEnd(buffer) {
            streamCursor = head
            streamIsChunked = TestResponse.parseHead(buffer[..<head])?.header("Transfer-Encoding")?.lowercased() == "chunked"
        }
        guard let cursor = streamCursor else { return "" }
        guard streamIsChunked else { return String(decoding: buffer[cursor...], as: UTF8.self) }
        let (body, used, _) = TestResponse.dechunk(buffer[cursor...])
        decodedStream.append(contentsOf: body[..<min(body.count, completeChunkBytes(body: body, used: used))])
        streamCursor = cursor + used
        return String(decoding: decodedStream, as: UTF8.self)
    }

    private var streamCursor: Int?
    private var streamIsChunked = false
    private var decodedStream: [UInt8] = []

    /// `dechunk` also returns a trailing partial chunk; keep only whole chunks so the cursor and body agree.
    private func completeChunkBytes(body: [UInt8], used: Int) -> Int {
        guard let cursor = streamCursor else { return 0 }
        return TestResponse.dechunk(buffer[cursor..<(cursor + used)]).body.count
    }

    /// The response head received so far, if complete.
    public var streamHead: TestResponse? {
        guard let head = TestResponse.headEnd(buffer) else { return nil }
        return TestResponse.parseHead(buffer[..<head])
    }
}

/// A parsed HTTP response.
public struct TestResponse {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public var text: String { String(decoding: body, as: UTF8.self) }

    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    public static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index + 4
        }
        return nil
    }

    public static func parseHead(_ head: ArraySlice<UInt8>) -> TestResponse? {
        let lines = String(decoding: head, as: UTF8.self).split(separator: "\r\n").map(String.init)
        guard let statusLine = lines.first else { return nil }
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else { return nil }
        let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingCharacters(in: " "))
        }
        return TestResponse(status: status, headers: headers, body: [])
    }

    /// A complete response at the start of `bytes` and how many bytes it used, or nil if more are needed.
    public static func parse(_ bytes: [UInt8], bodiless: Bool) -> (TestResponse, Int)? {
        guard let headEnd = headEnd(bytes), var response = parseHead(bytes[..<headEnd]) else { return nil }
        if bodiless || response.status == 304 || response.status == 204 { return (response, headEnd) }
        if response.header("Transfer-Encoding")?.lowercased() == "chunked" {
            let (body, used, complete) = dechunk(bytes[headEnd...])
            guard complete else { return nil }
            response.body = body
            return (response, headEnd + used)
        }
        let length = Int(response.header("Content-Length") ?? "0") ?? 0
        guard bytes.count - headEnd >= length else { return nil }
        response.body = Array(bytes[headEnd..<(headEnd + length)])
        return (response, headEnd + length)
    }

    /// Decodes chunked framing as far as it goes: body so far, bytes used, and whether the last chunk arrived.
    public static func dechunk(_ bytes: ArraySlice<UInt8>) -> (body: [UInt8], used: Int, complete: Bool) {
        var body: [UInt8] = []
        var index = bytes.startIndex
        while true {
            guard let lineEnd = bytes[index...].firstIndex(of: 13), lineEnd + 1 < bytes.endIndex else {
                return (body, index - bytes.startIndex, false)
            }
            let sizeText = String(decoding: bytes[index..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText, radix: 16) else { return (body, index - bytes.startIndex, false) }
            let dataStart = lineEnd + 2
            if size == 0 {
                let complete = bytes.count >= dataStart - bytes.startIndex + 2
                return (body, dataStart + 2 - bytes.startIndex, complete)
            }
            let available = min(size, bytes.endIndex - dataStart)
            body.append(contentsOf: bytes[dataStart..<(dataStart + max(0, available))])
            guard available == size, dataStart + size + 2 <= bytes.endIndex else {
                return (body, index - bytes.startIndex, false)
            }
            index = dataStart + size + 2
        }
    }
}

private extension String {
    func trimmingCharacters(in character: Character) -> String {
        var text = Substring(self)
        while text.first == character { text = text.dropFirst() }
        while text.last == character { text = text.dropLast() }
        return String(text)
    }
}

/// Polls `condition` until it holds or `timeout` passes.
public func eventually(timeout: Duration = .seconds(15), _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        if ContinuousClock.now >= deadline { return condition() }  // one last look, in case this task was starved
        try? await Task.sleep(for: .milliseconds(10))
    }
    return true
}
