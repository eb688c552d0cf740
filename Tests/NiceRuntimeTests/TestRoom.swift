import NiceRuntime
import OpenCombine
import PlaygroundTesting

/// A room for runtime tests: its own executor, its own ``InjectedValues`` (with the room loop pointing here), and a
/// count of the "views changed" signals its view models' tasks sent.
actor TestRoom {
    private let executor = TestRoomExecutor(label: "nice.test.room")
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    nonisolated let values = InjectedValues()
    private(set) var changes = 0

    init() {
        var values = self.values
        let changed = Changed()
        values.roomLoop = RoomLoop(isolation: self) { changed.room?.assumeIsolated { $0.changes += 1 } }
        changed.room = self
    }

    /// Runs `body` in the room, with its values current.
    func run<T: Sendable>(_ body: @Sendable (isolated TestRoom) throws -> T) rethrows -> T {
        try InjectedValues.withValues(values) { try body(self) }
    }

    /// Waits until `condition` holds in the room (or fails after `timeout`).
    func waitUntil(timeout: Duration = .seconds(15), _ condition: @Sendable (isolated TestRoom) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !condition(self) {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return true
    }

    /// What tests keep in the room between steps (view models, recorded states), by name.
    var kept: [String: Kept] = [:]
}

/// A non-`Sendable` value kept in the room.
final class Kept {
    let value: AnyObject
    init(_ value: AnyObject) { self.value = value }
    func callAsFunction<T: AnyObject>(_ type: T.Type = T.self) -> T { value as! T }
}

private final class Changed: @unchecked Sendable {
    weak var room: TestRoom?
}

/// Records every `contentLoadState` a view model publishes, starting with the current one.
final class StateRecorder {
    private(set) var states: [ContentLoadState] = []
    private var subscription: AnyCancellable?

    init(_ viewModel: ObservableVM) {
        subscription = viewModel.$contentLoadState.sink { [unowned self] in self.states.append($0) }
    }

    var names: [String] { states.map(\.caseName) }
}
