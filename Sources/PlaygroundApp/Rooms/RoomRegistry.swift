import Dispatch
import PlaygroundHTTP
import Synchronization

/// Every live room, with a cap on how many and an idle lifetime.
///
/// A room is idle when nobody has touched it (page, event, stream) for `idleLifetime` and no
/// stream is open on it; an idle room is closed and forgotten by a sweep every few seconds.
final class RoomRegistry: Sendable {
    private struct Entry {
        let room: Room
        var lastUsed: ContinuousClock.Instant
    }

    let maxRooms: Int
    let idleLifetime: Duration
    private let makeRoom: @Sendable (RoomID) -> Room
    private let entries = Mutex<[RoomID: Entry]>([:])
    /// Dispatch sources are thread-safe; after init only `cancel()` is called on it, from any thread.
    private nonisolated(unsafe) let sweeper: DispatchSourceTimer

    init(maxRooms: Int, idleLifetime: Duration, makeRoom: @escaping @Sendable (RoomID) -> Room) {
        self.maxRooms = maxRooms
        self.idleLifetime = idleLifetime
        self.makeRoom = makeRoom
        let seconds = max(1, min(30, Int(idleLifetime.components.seconds / 4)))
        sweeper = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "playground.rooms.sweeper"))
        sweeper.schedule(deadline: .now() + .seconds(seconds), repeating: .seconds(seconds), leeway: .seconds(1))
        sweeper.setEventHandler { [weak self] in self?.closeIdleRooms() }
        sweeper.activate()
    }

    deinit {
        sweeper.cancel()
    }

    /// Opens a new room, or throws 503 when the cap is reached.
    func create() throws(HTTPError) -> Room {
        let room = try entries.withLock { entries throws(HTTPError) -> Room in
            guard entries.count < maxRooms else {
                throw HTTPError(
                    .serviceUnavailable, code: "room_budget_exhausted",
                    message: "All \(maxRooms) rooms are in use; join an existing room or try again when idle rooms have closed.")
            }
            var id = RoomID.random()
            while entries[id] != nil { id = RoomID.random() }
            let room = makeRoom(id)
            entries[id] = Entry(room: room, lastUsed: .now)
            return room
        }
        return room
    }

    /// The room named by `text`, marked as used; 404 when there is none.
    func room(_ text: some StringProtocol) throws(HTTPError) -> Room {
        let id = RoomID(validating: text)
        let room = id.flatMap { id in
            entries.withLock { entries -> Room? in
                entries[id]?.lastUsed = .now
                return entries[id]?.room
            }
        }
        guard let room else {
            throw HTTPError(
                .notFound, code: "unknown_room",
                message: "There is no room \(EventEnvelope.quoted(String(text))); rooms close when idle. Open / to get a new one.")
        }
        return room
    }

    /// Number of live rooms.
    var count: Int { entries.withLock { $0.count } }

    /// Closes rooms idle past their lifetime with no open stream.
    func closeIdleRooms(now: ContinuousClock.Instant = .now) {
        let closed = entries.withLock { entries -> [Room] in
            let idle = entries.filter { now - $0.value.lastUsed > idleLifetime && $0.value.room.hub.count == 0 }
            for id in idle.keys { entries[id] = nil }
            return idle.values.map(\.room)
        }
        for room in closed { Task { await room.close() } }
    }

    /// Closes every room (shutdown).
    func closeAll() {
        sweeper.cancel()
        let rooms = entries.withLock { entries in
            defer { entries.removeAll() }
            return entries.values.map(\.room)
        }
        for room in rooms { room.hub.finishAll() }
    }
}
