import Dispatch
import PlaygroundTesting

/// A room for tests, built like the playground's: an actor on a serial executor over one dispatch queue.
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
