internal import Synchronization
import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

/// A room's set of subscribers; `publish` sends one shared message to all, dropping those whose queue is full.
///
/// ```swift
/// let hub = EventStreamHub()
/// // in the stream route:
/// let stream = EventStream(queueLimit: 64)
/// stream.send(.retry(2_000))
/// hub.add(stream)                       // removed automatically when the client leaves
/// return .eventStream(stream)
/// // anywhere, any thread:
/// hub.publish(SSEMessage(event: "patch", id: "7", data: html))
/// ```
public final class EventStreamHub: Sendable {
    private struct State {
        /// Contiguous for a fast publish loop; removal swaps the last element into the gap.
        var streams: [EventStream] = []
        var slots: [ObjectIdentifier: Int] = [:]
    }

    private let state = Mutex(State())
    private let dropped = Atomic<Int>(0)
    private let highWater = Atomic<Int>(0)

    /// An empty hub.
    public init() {}

    /// Adds a subscriber; it is removed automatically on termination (adding twice is a no-op).
    public func add(_ stream: EventStream) {
        let key = ObjectIdentifier(stream)
        let added = state.withLock { state -> Bool in
            guard state.slots[key] == nil else { return false }
            state.slots[key] = state.streams.count
            state.streams.append(stream)
            return true
        }
        // The handler holds the key, not the stream, so the stream never retains itself.
        if added { stream.onTermination { [weak self] in self?.remove(key) } }
    }

    /// Sends one shared message to every subscriber; a subscriber whose queue is full is dropped.
    ///
    /// Per subscriber: one lock, one reference appended (the encoded bytes are shared, never copied) and, for a
    /// waiting subscriber, one direct `send` of them. The few whose socket was full are resumed afterwards in one
    /// batch, so libmicrohttpd picks them all up in one pass.
    public func publish(_ message: SSEMessage) {
        // Copy (a buffer retain), unlock, deliver: never call out while holding the hub's lock.
        let streams = state.withLock { $0.streams }
        // Most subscribers take the message as one direct `send`; a big room shares the sends among the cores
        // (each stream is delivered by exactly one of them, so every stream keeps its order).
        let parts = streams.count >= Self.parallelThreshold ? Self.cores : 1
        guard parts > 1 else {
            // A room's few tabs: delivered here, without the shared tally and its lock the parts need.
            var delivery = Delivery()
            for stream in streams {
                var resume: ConnectionHandle?
                delivery.add(stream.enqueue(message, deferringResume: &resume), resume: resume)
            }
            finish(delivery)
            return
        }
        let outcomes = Outcomes()
        let deliver: @Sendable (Int) -> Void = { part in
            let range = Self.slice(part, of: parts, count: streams.count)
            var delivery = Delivery()
            for stream in streams[range] {
                var resume: ConnectionHandle?
                delivery.add(stream.enqueue(message, deferringResume: &resume), resume: resume)
            }
            outcomes.total.withLock { $0.merge(delivery) }
        }
        DispatchQueue.concurrentPerform(iterations: parts, execute: deliver)
        finish(outcomes.total.withLock { $0 })
    }

    /// Resumes the subscribers whose socket was full, in one batch, and counts drops and the deepest queue.
    private func finish(_ delivery: Delivery) {
        if !delivery.resumes.isEmpty { EventStream.resume(delivery.resumes) }
        if delivery.drops > 0 { dropped.add(delivery.drops, ordering: .relaxed) }
        if delivery.deepest > highWater.load(ordering: .relaxed) { highWater.max(delivery.deepest) }
    }

    /// Subscribers from which one publish is shared among the cores (below it, waking a helper thread costs
    /// more than it saves).
    static let parallelThreshold = 256
    private static let cores = min(4, max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    private static func slice(_ part: Int, of parts: Int, count: Int) -> Range<Int> {
        (count * part / parts)..<(count * (part + 1) / parts)
    }

    private final class Outcomes: Sendable {
        let total = Mutex(Delivery())
    }

    /// What one publish did, per part and in total.
    private struct Delivery: Sendable {
        var drops = 0
        var deepest = 0
        var resumes: [ConnectionHandle] = []

        mutating func add(_ result: EventStream.EnqueueResult, resume: ConnectionHandle?) {
            switch result {
            case .accepted(let depth): deepest = max(deepest, depth)
            case .droppedNow: drops += 1
            case .alreadyFinished: break
            }
            if let resume { resumes.append(resume) }
        }

        mutating func merge(_ other: Delivery) {
            drops += other.drops
            deepest = max(deepest, other.deepest)
            resumes += other.resumes
        }
    }

    /// Subscribers currently in the hub.
    public var count: Int { state.withLock { $0.streams.count } }

    /// Subscribers dropped by `publish` because their queue was full.
    public var droppedCount: Int { dropped.load(ordering: .relaxed) }

    /// The deepest subscriber queue `publish` has seen (messages).
    public var queueHighWater: Int { highWater.load(ordering: .relaxed) }

    /// Finishes every subscriber (each ends after its queued bytes are written).
    public func finishAll() {
        let streams = state.withLock { $0.streams }
        for stream in streams { stream.finish() }
    }

    private func remove(_ key: ObjectIdentifier) {
        state.withLock { state in
            guard let slot = state.slots.removeValue(forKey: key) else { return }
            let last = state.streams.count - 1
            if slot != last {
                state.streams[slot] = state.streams[last]
                state.slots[ObjectIdentifier(state.streams[slot])] = slot
            }
            state.streams.removeLast()
        }
    }
}

extension Atomic where Value == Int {
    /// Raises the value to `candidate` if it is larger.
    func max(_ candidate: Int) {
        var current = load(ordering: .relaxed)
        while candidate > current {
            let (exchanged, original) = compareExchange(
                expected: current, desired: candidate, ordering: .relaxed)
            if exchanged { return }
            current = original
        }
    }
}
