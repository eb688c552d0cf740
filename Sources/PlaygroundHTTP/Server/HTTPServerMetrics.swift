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

    /// A snapshot with explicit values.
    public init(openStreams: Int, peakStreams: Int, droppedSlowStreams: Int, queueHighWater: Int, requests: Int) {
        self.openStreams = openStreams
        self.peakStreams = peakStreams
        self.droppedSlowStreams = droppedSlowStreams
        self.queueHighWater = queueHighWater
        self.requests = requests
    }
}
