/// A snapshot of the server's counters.
public struct HTTPServerMetrics: Sendable, Equatable {
    /// SSE streams open now.
    public var openStreams: Int
    /// The most SSE streams open at once.
    public var peakStreams: Int
    /// Streams ended with an error because their queue was full.
    public var droppedSlowStreams: Int
    /// The deepest subscriber queue seen on an attached stream (messages).
    public var queueHighWater: Int
    /// Requests received (including refused ones).
    public var requests: Int
    /// TCP connections open now (counted by the accepting thread).
    public var openConnections: Int
    /// Streams ended because their client hung up (seen by the hang-up watcher).
    public var hangUps: Int
    /// Connections cut off for not sending a request head in time.
    public var headerTimeouts: Int

    /// A snapshot with explicit values.
    public init(
        openStreams: Int, peakStreams: Int, droppedSlowStreams: Int, queueHighWater: Int, requests: Int,
        openConnections: Int = 0, hangUps: Int = 0, headerTimeouts: Int = 0
    ) {
        self.openConnections = openConnections
        self.hangUps = hangUps
        self.headerTimeouts = headerTimeouts
        self.openStreams = openStreams
        self.peakStreams = peakStreams
        self.droppedSlowStreams = droppedSlowStreams
        self.queueHighWater = queueHighWater
        self.requests = requests
    }
}
