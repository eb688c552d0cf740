import Dispatch

/// A serial executor on one dispatch queue: a room's "main thread", shared by the playground and the tests.
///
/// The seeds run their UI work on the main queue; here each room gets its own queue, and the room actor names
/// this executor, so OpenCombine's `receive(on: executor.queue)` delivers inside the room's isolation
/// (`assumeIsolated` holds there).
public final class RoomExecutor: SerialExecutor {
    private static let key = DispatchSpecificKey<ObjectIdentifier>()
    /// The queue every job of the room runs on.
    public let queue: DispatchQueue

    public init(label: String = "room") {
        queue = DispatchQueue(label: label)
        queue.setSpecific(key: Self.key, value: ObjectIdentifier(self))
    }

    /// Whether the caller runs on this executor's queue (checked without trapping).
    public var isCurrent: Bool { DispatchQueue.getSpecific(key: Self.key) == ObjectIdentifier(self) }

    /// Whether the caller runs on any room's queue.
    public static var isOnRoomQueue: Bool { DispatchQueue.getSpecific(key: key) != nil }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }

    public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    public func checkIsolated() {
        dispatchPrecondition(condition: .onQueue(queue))
    }
}
