import Dispatch

/// A room for tests, built like the playground's: an actor on a custom serial executor over one dispatch queue.
final class TestRoomExecutor: SerialExecutor {
    private static let key = DispatchSpecificKey<ObjectIdentifier>()
    let queue = DispatchQueue(label: "vvsi.test.room")

    init() {
        queue.setSpecific(key: Self.key, value: ObjectIdentifier(self))
    }

    /// Whether the caller runs on this executor's queue (checked without trapping).
    var isCurrent: Bool { DispatchQueue.getSpecific(key: Self.key) == ObjectIdentifier(self) }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    func checkIsolated() {
        dispatchPrecondition(condition: .onQueue(queue))
    }
}

actor TestRoom {
    private let executor = TestRoomExecutor()
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// Whether the caller runs on the room's executor.
    nonisolated var isCurrent: Bool { executor.isCurrent }

    /// Whatever a test keeps in the room (non-`Sendable` objects live here, as in the playground's room).
    var objects: [String: AnyObject] = [:]

    /// Runs `body` on the room's executor.
    func run<T: Sendable>(_ body: @Sendable (isolated TestRoom) async throws -> T) async rethrows -> T {
        try await body(self)
    }

    /// The object stored under `key` as `T`.
    func object<T: AnyObject>(_ key: String, as type: T.Type = T.self) -> T {
        objects[key] as! T
    }
}
