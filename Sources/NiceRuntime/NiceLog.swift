import PlaygroundUI
import RoomServices
import Synchronization

/// What the seed sends to its logger (`clog`): logged errors, cache hits and misses, fetches and their timings.
/// One per room (``InjectedValues/log``); the room's trace takes the lines in order with ``drain()``. Any task may
/// record; at most ``capacity`` lines wait, the oldest are dropped and counted.
public final class NiceLog: Sendable {
    /// Most lines kept between two drains.
    public let capacity: Int
    private let lines = Mutex<(lines: [String], dropped: Int)>(([], 0))

    /// A log keeping at most `capacity` lines between drains.
    public init(capacity: Int = 200) {
        self.capacity = capacity
    }

    /// Adds a line.
    public func record(_ line: String) {
        lines.withLock { state in
            state.lines.append(line)
            if state.lines.count > capacity {
                state.lines.removeFirst()
                state.dropped += 1
            }
        }
    }

    /// The lines recorded since the last drain, oldest first (with a note of any dropped).
    public func drain() -> [String] {
        lines.withLock { state in
            defer { state = ([], 0) }
            return state.dropped > 0 ? ["… \(state.dropped) earlier lines dropped"] + state.lines : state.lines
        }
    }
}

/// Where the seed writes `RunLoop.main` and `Task { @MainActor in … }`: the room's executor, which every view
/// model job runs on, and how to tell the room its views changed after a task.
///
/// `@unchecked Sendable`: it travels in ``InjectedValues``, but its `effects` are only touched on the room's executor.
public struct RoomLoop: @unchecked Sendable {
    /// The room; view model tasks run isolated to it.
    public let isolation: any Actor
    /// Tells the room to render and patch; called on the room's executor.
    public let changed: @Sendable () -> Void
    /// The room's door to the outside, which view model tasks go through (nil: a door of their own).
    public let effects: Effects?

    /// The loop of the room `isolation`, which `changed` tells to render.
    public init(isolation: any Actor, effects: Effects? = nil, changed: @escaping @Sendable () -> Void) {
        (self.isolation, self.effects, self.changed) = (isolation, effects, changed)
    }
}

/// The room values the runtime itself reads.
public struct NiceLogKey: InjectionKey {
    /// A new log for each room.
    public static var currentValue: NiceLog { NiceLog() }
}

/// The key of ``InjectedValues/roomLoop``.
public struct RoomLoopKey: InjectionKey {
    /// Outside a room: the main actor, and nothing to tell.
    public static var currentValue: RoomLoop { RoomLoop(isolation: MainActor.shared, changed: {}) }
}

extension InjectedValues {
    /// The room's log.
    public var log: NiceLog {
        get { self[NiceLogKey.self] }
        set { self[NiceLogKey.self] = newValue }
    }

    /// The room's executor and its "views changed" signal.
    public var roomLoop: RoomLoop {
        get { self[RoomLoopKey.self] }
        set { self[RoomLoopKey.self] = newValue }
    }
}
