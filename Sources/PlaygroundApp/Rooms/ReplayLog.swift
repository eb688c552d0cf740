import PlaygroundHTTP

/// The last messages a room sent, so a reconnecting tab gets exactly what it missed.
///
/// Bounded by count and by bytes; when a tab asks for something older than the log holds,
/// ``messages(after:)`` returns nil and the room sends a full resync instead.
struct ReplayLog: Sendable {
    /// One sent message and its room sequence number.
    struct Entry: Sendable {
        let seq: UInt64
        let message: SSEMessage
    }

    let maxCount: Int
    let maxBytes: Int
    private(set) var entries: [Entry] = []
    private(set) var byteCount = 0

    init(maxCount: Int, maxBytes: Int) {
        precondition(maxCount > 0 && maxBytes > 0, "a replay log must hold something")
        self.maxCount = maxCount
        self.maxBytes = maxBytes
    }

    /// Appends the message sent as `seq` (sequence numbers must increase) and forgets the oldest past the limits. A
    /// message over the byte bound by itself (a whole list drawn anew) is not kept either: a tab that missed it gets a
    /// resync, which costs it about as much, and the room does not hold it until the next patch.
    mutating func append(seq: UInt64, message: SSEMessage) {
        precondition(entries.last.map { $0.seq < seq } ?? true, "sequence numbers must increase")
        entries.append(Entry(seq: seq, message: message))
        byteCount += message.byteCount
        var drop = 0
        while entries.count - drop > maxCount || (byteCount > maxBytes && entries.count - drop > 0) {
            byteCount -= entries[drop].message.byteCount
            drop += 1
        }
        if drop > 0 { entries.removeFirst(drop) }
    }

    /// The messages sent after `seq`, in order: empty when `seq` is the latest, nil when the log
    /// no longer reaches back that far (or `seq` is from the future) and a resync is needed.
    func messages(after seq: UInt64, latest: UInt64) -> [SSEMessage]? {
        if seq == latest { return [] }
        guard seq < latest, let first = entries.first, first.seq <= seq + 1 else { return nil }
        return entries.lazy.filter { $0.seq > seq }.map(\.message)
    }
}
