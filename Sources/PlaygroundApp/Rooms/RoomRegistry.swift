import AppSeam
import Dispatch
import PlaygroundHTTP
import Synchronization

/// Every live room, with a budget on how many and an idle lifetime.
///
/// `GET /` cannot exhaust the budget: when it is full, a new room takes the place of the least recently
/// touched room nobody ever used (no event, no stream), else of the least recently touched room with no open
/// stream. A room with an open stream is never evicted; only when every room has one does `GET /` answer 503.
/// A sweep every few seconds also closes rooms idle past `idleLifetime` with no open stream.
final class RoomRegistry: Sendable {
    /// How a request touches a room: looking (page, state) keeps it fresh; an event or a stream also marks it used.
    enum Touch {
        case look
        case use
    }

    private struct Entry {
        let room: Room
        var lastTouched: ContinuousClock.Instant
        var used = false
    }

    let maxRooms: Int
    let idleLifetime: Duration
    /// The apps every room hosts.
    let apps: AppRegistry
    private let makeRoom: @Sendable (RoomID, UInt64?) -> Room
    private let instruments: AppInstruments
    private let entries = Mutex<[RoomID: Entry]>([:])
    /// Dispatch sources are thread-safe; after init only `cancel()` is called on it, from any thread.
    private nonisolated(unsafe) let sweeper: DispatchSourceTimer

    init(
        maxRooms: Int, idleLifetime: Duration, apps: AppRegistry, instruments: AppInstruments = AppInstruments(factory: nil),
        makeRoom: @escaping @Sendable (RoomID, UInt64?) -> Room
    ) {
        self.apps = apps
        self.maxRooms = maxRooms
        self.idleLifetime = idleLifetime
        self.makeRoom = makeRoom
        self.instruments = instruments
        let seconds = max(1, min(30, Int(idleLifetime.components.seconds / 4)))
        sweeper = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "playground.rooms.sweeper"))
        sweeper.schedule(deadline: .now() + .seconds(seconds), repeating: .seconds(seconds), leeway: .seconds(1))
        sweeper.setEventHandler { [weak self] in self?.closeIdleRooms() }
        sweeper.activate()
    }

    deinit {
        sweeper.cancel()
    }

    /// Opens a new room, evicting one without streams when the budget is full; 503 when every room has a stream.
    /// `seed` is the seed of the history a forked or imported room will replay; nil for a new room.
    /// A new room is drawn at once, before anything can reach it (its lists start loading): every look and every
    /// input then meets a drawn room, as a replay does. A room that will replay a history is drawn by the replay.
    func create(seed: UInt64? = nil, draw: Bool = true, now: ContinuousClock.Instant = .now) throws(HTTPError) -> Room {
        let (room, evicted, count) = try entries.withLock { entries throws(HTTPError) -> (Room, (Room, Eviction)?, Int) in
            var evicted: (Room, Eviction)?
            if entries.count >= maxRooms {
                guard let (id, eviction) = Self.evictionCandidate(in: entries) else {
                    throw HTTPError(
                        .serviceUnavailable, code: "room_budget_exhausted",
                        message: "All \(maxRooms) rooms have open streams; join an existing room or try again later.",
                        headers: ["Retry-After": "30"])
                }
                evicted = entries.removeValue(forKey: id).map { ($0.room, eviction) }
            }
            var id = RoomID.random()
            while entries[id] != nil { id = RoomID.random() }
            let room = makeRoom(id, seed)
            entries[id] = Entry(room: room, lastTouched: now)
            return (room, evicted, entries.count)
        }
        if let (old, eviction) = evicted {
            instruments.roomEvicted(eviction)
            old.hub.finishAll()
            Task { await old.close(forget: true) }
        }
        instruments.roomCount(count)
        if draw { room.perform { $0.drawIfNeeded() } }
        return room
    }

    enum Eviction: String {
        /// Nobody ever posted an event to it or opened a stream on it.
        case unused
        /// Used once, but none of its tabs is open now, and it was touched longest ago.
        case leastRecentlyUsed = "least_recently_used"
    }

    /// The room a new one replaces: the least recently touched unused room, else the least recently touched one
    /// without streams. One pass over the budget (2,000 by default) under the lock, only when it is full.
    private static func evictionCandidate(in entries: [RoomID: Entry]) -> (RoomID, Eviction)? {
        var unused: (RoomID, ContinuousClock.Instant)?
        var idle: (RoomID, ContinuousClock.Instant)?
        for (id, entry) in entries where entry.room.hub.count == 0 {
            if !entry.used {
                if unused.map({ entry.lastTouched < $0.1 }) ?? true { unused = (id, entry.lastTouched) }
            } else if idle.map({ entry.lastTouched < $0.1 }) ?? true {
                idle = (id, entry.lastTouched)
            }
        }
        if let unused { return (unused.0, .unused) }
        if let idle { return (idle.0, .leastRecentlyUsed) }
        return nil
    }

    /// The room named by `text`, touched now; 404 when there is none.
    func room(_ text: some StringProtocol, touch: Touch = .look) throws(HTTPError) -> Room {
        let id = RoomID(validating: text)
        let room = id.flatMap { id in
            entries.withLock { entries -> Room? in
                guard var entry = entries[id] else { return nil }
                entry.lastTouched = .now
                if touch == .use { entry.used = true }
                entries[id] = entry
                return entry.room
            }
        }
        guard let room else {
            throw HTTPError(
                .notFound, code: "unknown_room",
                message: "There is no room \(quoted(String(text))); rooms close when idle. Open / to get a new one.")
        }
        return room
    }

    /// Number of live rooms.
    var count: Int { entries.withLock { $0.count } }

    /// Closes rooms idle past their lifetime with no open stream.
    func closeIdleRooms(now: ContinuousClock.Instant = .now) {
        let (closed, count) = entries.withLock { entries -> ([Room], Int) in
            let idle = entries.filter { now - $0.value.lastTouched > idleLifetime && $0.value.room.hub.count == 0 }
            for id in idle.keys { entries[id] = nil }
            return (idle.values.map(\.room), entries.count)
        }
        instruments.roomsClosedIdle(closed.count)
        instruments.roomCount(count)
        for room in closed { Task { await room.close(forget: true) } }
    }

    /// Takes in a room restored from its journal at start-up (counted as used: it has a history).
    func adopt(_ room: Room, now: ContinuousClock.Instant = .now) {
        let count = entries.withLock { entries in
            entries[room.id] = Entry(room: room, lastTouched: now, used: true)
            return entries.count
        }
        instruments.roomCount(count)
    }

    /// Forgets a room that was made but could not be filled (a fork or an import whose replay failed).
    func discard(_ room: Room) {
        _ = entries.withLock { $0.removeValue(forKey: room.id) }
        Task { await room.close(forget: true) }
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
