import Dispatch

/// A serial executor on one dispatch queue, built like the playground's `RoomExecutor`, for runtime tests that
/// need a room: an actor naming it as its executor runs every job on the queue, and tests can ask whether code
/// runs there.
public final class TestRoomExecutor: SerialExecutor {
    private static let key = DispatchSpecificKey<ObjectIdentifier>()
    /// The queue every job runs on.
    public let queue: DispatchQueue

    public init(label: String = "test.room") {
        queue = DispatchQueue(label: label)
        queue.setSpecific(key: Self.key, value: ObjectIdentifier(self))
    }

    /// Whether the caller runs on this executor's queue (checked without trapping).
    public var isCurrent: Bool { DispatchQueue.getSpecific(key: Self.key) == ObjectIdentifier(self) }

    /// Whether the caller runs on any test room's queue.
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
