internal import Synchronization

/// One subscriber (one browser tab): a bounded outbound queue of shared messages.
///
/// The app creates it, queues an initial message and returns it; the server streams it until it finishes,
/// is dropped, or the client leaves:
/// ```swift
/// let stream = EventStream(queueLimit: 64)
/// stream.send(.retry(2_000))
/// hub.add(stream)
/// return .eventStream(stream)
/// ```
public final class EventStream: Sendable {
    /// How the stream is connected to a libmicrohttpd connection.
    enum Attachment {
        case notYet
        case attached(ConnectionHandle)
        case closed
    }

    struct State {
        var queue: [SSEMessage] = []
        /// Bytes of `queue[0]` already handed to libmicrohttpd.
        var offset = 0
        var finished = false
        var dropped = false
        /// True only while the connection is suspended by our reader (the race-free protocol's flag).
        var suspended = false
        var attachment = Attachment.notYet
        /// The connection's socket while attached (-1 otherwise); see `abortWrites(_:)` and `writeDirectly(_:)`.
        var socket: Int32 = -1
        /// libmicrohttpd wrote to the socket since our last direct write and may have left it corked: uncork it
        /// (and set TCP_NODELAY) before writing ourselves.
        var needsPush = true
        /// A direct write failed (the peer is gone): the reader ends the response.
        var writeFailed = false
        weak var server: ServerCore?
        var highWater = 0
        var terminated = false
        var terminationHandlers: [@Sendable () -> Void] = []
    }

    /// Messages queued before a `send` drops this subscriber.
    public let queueLimit: Int
    let state: Mutex<State>

    /// A stream that holds at most `queueLimit` unsent messages (at least 1).
    public init(queueLimit: Int) {
        self.queueLimit = max(1, queueLimit)
        state = Mutex(State())
    }

    /// Queues `message`; false if finished or just dropped (queue full → finished, connection closed with error).
    @discardableResult
    public func send(_ message: SSEMessage) -> Bool {
        if case .accepted = enqueue(message) { return true }
        return false
    }

    /// End the stream after queued bytes are written.
    public func finish() {
        let handlers = state.withLock { state -> [@Sendable () -> Void] in
            guard !state.finished else { return [] }
            state.finished = true
            resumeIfSuspended(&state)
            return takeHandlersIfUnattached(&state)
        }
        for handler in handlers { handler() }
    }

    /// True once finished, dropped or disconnected; a finished stream accepts no more messages.
    public var isFinished: Bool { state.withLock { $0.finished } }

    /// True when this stream was dropped because its queue was full.
    public var wasDropped: Bool { state.withLock { $0.dropped } }

    /// Messages queued and not yet fully written.
    public var queuedCount: Int { state.withLock { $0.queue.count } }

    /// Called once when the connection is gone (or at `finish` if no connection was ever attached);
    /// at once if that already happened. Handlers run outside the stream's lock.
    public func onTermination(_ handler: @escaping @Sendable () -> Void) {
        let runNow = state.withLock { state -> Bool in
            if state.terminated { return true }
            state.terminationHandlers.append(handler)
            return false
        }
        if runNow { handler() }
    }

    /// The result of queueing one message.
    enum EnqueueResult {
        case accepted(depth: Int)
        case alreadyFinished
        case droppedNow
    }

    /// Queues `message`, resuming the connection if our reader suspended it; drops the subscriber when full.
    func enqueue(_ message: SSEMessage) -> EnqueueResult {
        var resume: ConnectionHandle?
        let result = enqueue(message, deferringResume: &resume)
        if let resume { EventStream.resume([resume]) }
        return result
    }

    /// Queues `message`; a connection our reader suspended is not resumed here but handed back in `resume`,
    /// so a publisher can queue to every subscriber first and then resume them all in one tight batch
    /// (`EventStream.resume(_:)`): libmicrohttpd walks its whole suspended list on each wake-up, so resumes
    /// spread over a long publish loop cost one O(N) walk each.
    ///
    /// Safe outside the lock: the flag is cleared under it, and a connection stays suspended (and alive) until
    /// it is resumed, so the handle is valid and nobody else resumes it in between.
    func enqueue(_ message: SSEMessage, deferringResume resume: inout ConnectionHandle?) -> EnqueueResult {
        var handlers: [@Sendable () -> Void] = []
        var newHighWater: (ServerCore, Int)?
        let result = state.withLock { state -> EnqueueResult in
            guard !state.finished else { return .alreadyFinished }
            guard state.queue.count < queueLimit else {
                state.finished = true
                state.dropped = true
                state.queue = []
                state.offset = 0
                if state.suspended { resumeIfSuspended(&state) } else { abortWrites(&state) }
                handlers = takeHandlersIfUnattached(&state)
                return .droppedNow
            }
            state.queue.append(message)
            let depth = state.queue.count
            if depth > state.highWater {
                state.highWater = depth
                if let server = state.server { newHighWater = (server, depth) }
            }
            // Suspended means libmicrohttpd has written everything it had and will not touch the socket until
            // resumed: write the message ourselves, and resume only if the socket could not take all of it.
            if state.suspended, writeDirectly(&state) == .drained { return .accepted(depth: depth) }
            resume = takeSuspension(&state)
            return .accepted(depth: depth)
        }
        if let (server, depth) = newHighWater { server.noteQueueDepth(depth) }
        for handler in handlers { handler() }
        return result
    }

    /// Termination handlers to run now, when no connection will ever call the free callback.
    private func takeHandlersIfUnattached(_ state: inout State) -> [@Sendable () -> Void] {
        guard case .notYet = state.attachment, !state.terminated else { return [] }
        state.terminated = true
        defer { state.terminationHandlers = [] }
        return state.terminationHandlers
    }
}
