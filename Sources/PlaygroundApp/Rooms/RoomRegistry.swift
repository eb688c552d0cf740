import AppSeam
import Dispatch
import PlaygroundHTTP
import PlaygroundJournal
import Synchronization

/// Every room, resident or hibernated, with a budget on how many and an idle lifetime.
///
/// A room with no open stream for `hibernateAfter` hibernates: its apps are dropped and only its id, seed and
/// journal stay; the next request or stream for it wakes it from its latest checkpoint and the steps after (one
/// restore however many ask at once). At start-up every journaled room is registered hibernated, so the server
/// listens at once whatever the journal holds.
///
/// `GET /` cannot exhaust the budget: when it is full, a new room takes the place of the least recently
/// touched room nobody ever used (no event, no stream), else of the least recently touched room with no open
/// stream. A room with an open stream is never evicted; only when every room has one does `GET /` answer 503.
/// A sweep every few seconds hibernates rooms past `hibernateAfter` and closes rooms idle past `idleLifetime`
/// with no open stream.
final class RoomRegistry: Sendable {
    /// How a request touches a room: looking (page, state) keeps it fresh; an event or a stream also marks it used.
    enum Touch {
        case look
        case use
    }

    /// Where a room is.
    private enum Slot {
        case resident(Room)
        /// Dropped from memory: its journal (and seed) bring it back.
        case hibernated
        /// Hibernating or waking: whoever asks for it waits until that ends.
        case changing(Transition)
    }

    private struct Entry {
        var slot: Slot
        let seed: UInt64
        var lastTouched: ContinuousClock.Instant
        var used = false

        var room: Room? { if case .resident(let room) = slot { room } else { nil } }
        /// Open streams: a hibernated room has none.
        var streams: Int { room?.hub.count ?? 0 }
        var isChanging: Bool { if case .changing = slot { true } else { false } }
    }

    let maxRooms: Int
    let idleLifetime: Duration
    /// A room with no open stream this long hibernates (nil: rooms stay resident, as without a journal).
    let hibernateAfter: Duration?
    /// The apps every room hosts.
    let apps: AppRegistry
    private let makeRoom: @Sendable (RoomID, UInt64?) -> Room
    /// Brings a hibernated room back from its journal (nil: it had nothing to bring back).
    private let restore: (@Sendable (RoomID, UInt64) async throws(HTTPError) -> Room?)?
    /// Forgets a hibernated room's journal (closed for idleness, or evicted).
    private let forget: (@Sendable (RoomID) -> Void)?
    private let instruments: AppInstruments
    private let entries = Mutex<[RoomID: Entry]>([:])
    /// Rooms not resident (hibernated, hibernating or waking), stored under the lock of ``entries`` at each change:
    /// while it is 0, a request needs no wake check (its room id is not parsed and looked up twice).
    private let notResident = Atomic<Int>(0)
    /// Wakes run their replays at most this many at once (the others wait their turn).
    private let wakeGate: ReplayGate
    /// When a sweep last hibernated rooms: the sweeps in the ``trimWindow`` after it give freed memory back too.
    private let lastHibernation = Mutex<ContinuousClock.Instant?>(nil)
    /// How long after hibernating rooms the sweeps trim: past the deadline of the outside calls (10 s) that a closed
    /// room's cancelled tasks may still be waiting for, whose ends let go of the last small pieces it left.
    static let trimWindow = Duration.seconds(30)
    /// Dispatch sources are thread-safe; after init only `cancel()` is called on it, from any thread.
    private nonisolated(unsafe) let sweeper: DispatchSourceTimer

    init(
        maxRooms: Int, idleLifetime: Duration, apps: AppRegistry, instruments: AppInstruments = AppInstruments(factory: nil),
        hibernateAfter: Duration? = nil, wakesAtOnce: Int = 1,
        restore: (@Sendable (RoomID, UInt64) async throws(HTTPError) -> Room?)? = nil, forget: (@Sendable (RoomID) -> Void)? = nil,
        makeRoom: @escaping @Sendable (RoomID, UInt64?) -> Room
    ) {
        self.apps = apps
        self.maxRooms = maxRooms
        self.idleLifetime = idleLifetime
        self.hibernateAfter = restore == nil ? nil : hibernateAfter
        self.makeRoom = makeRoom
        self.restore = restore
        self.forget = forget
        self.instruments = instruments
        wakeGate = ReplayGate(limit: max(1, wakesAtOnce), line: Int.max / 2)
        let quarters = [idleLifetime / 4] + (self.hibernateAfter.map { [$0 / 4] } ?? [])
        let seconds = max(1, min(30, Int(quarters.min()!.components.seconds)))
        sweeper = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "playground.rooms.sweeper"))
        sweeper.schedule(deadline: .now() + .seconds(seconds), repeating: .seconds(seconds), leeway: .seconds(1))
        sweeper.setEventHandler { [weak self] in
            self?.touchRoomsWithStreams()
            self?.hibernateIdleRooms()
            self?.closeIdleRooms()
        }
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
        let (room, evicted, counts) = try entries.withLock { entries throws(HTTPError) -> (Room, (RoomID, Room?, Eviction)?, Counts) in
            var evicted: (RoomID, Room?, Eviction)?
            if entries.count >= maxRooms {
                guard let (id, eviction) = Self.evictionCandidate(in: entries) else {
                    throw HTTPError(
                        .serviceUnavailable, code: "room_budget_exhausted",
                        message: "All \(maxRooms) rooms have open streams; join an existing room or try again later.",
                        headers: ["Retry-After": "30"])
                }
                evicted = entries.removeValue(forKey: id).map { (id, $0.room, eviction) }
            }
            var id = RoomID.random()
            while entries[id] != nil { id = RoomID.random() }
            let room = makeRoom(id, seed)
            entries[id] = Entry(slot: .resident(room), seed: room.seed, lastTouched: now)
            return (room, evicted, self.counts(entries))
        }
        if let (id, old, eviction) = evicted {
            instruments.roomEvicted(eviction)
            if let old {
                old.hub.finishAll()
                Task { await old.close(forget: true) }
            } else {
                forget?(id)
            }
        }
        instruments.roomCounts(counts)
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
    /// without streams (hibernated ones included; never one that is hibernating or waking). One pass over the budget
    /// (2,000 by default) under the lock, only when it is full.
    private static func evictionCandidate(in entries: [RoomID: Entry]) -> (RoomID, Eviction)? {
        var unused: (RoomID, ContinuousClock.Instant)?
        var idle: (RoomID, ContinuousClock.Instant)?
        for (id, entry) in entries where entry.streams == 0 && !entry.isChanging {
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

    /// The resident room named by `text`, touched now; 404 when there is none, 503 `room_waking` (retry in a second)
    /// while it hibernates or wakes. Requests wake a hibernated room first (``wakeIfNeeded(_:)``).
    func room(_ text: some StringProtocol, touch: Touch = .look) throws(HTTPError) -> Room {
        let id = RoomID(validating: text)
        let found = id.flatMap { id in
            entries.withLock { entries -> Entry? in
                guard var entry = entries[id] else { return nil }
                entry.lastTouched = .now
                if touch == .use { entry.used = true }
                entries[id] = entry
                return entry
            }
        }
        guard let found else {
            throw HTTPError(
                .notFound, code: "unknown_room",
                message: "There is no room \(quoted(String(text))); rooms close when idle. Open / to get a new one.")
        }
        guard let room = found.room else {
            throw HTTPError(
                .serviceUnavailable, code: "room_waking", message: "This room is being brought back from its journal; try again in a second.",
                headers: ["Retry-After": "1"])
        }
        return room
    }

    /// True if the room named `id` is hibernated (or on its way there or back): a request must wake it first.
    func needsWaking(_ id: RoomID) -> Bool {
        entries.withLock { entries in entries[id].map { $0.room == nil } ?? false }
    }

    /// The room, woken from its journal if it hibernated: concurrent callers share one restore. 404 if there is no
    /// such room, 503 `room_unavailable` if its journal could not be read.
    func wake(_ id: RoomID) async throws(HTTPError) -> Room {
        enum Next {
            case ready(Room)
            case wait(Transition)
            case restore(Transition, seed: UInt64)
            case gone
        }
        while true {
            let next = entries.withLock { entries -> Next in
                guard var entry = entries[id] else { return .gone }
                switch entry.slot {
                case .resident(let room): return .ready(room)
                case .changing(let transition): return .wait(transition)
                case .hibernated:
                    let transition = Transition()
                    entry.slot = .changing(transition)
                    entry.lastTouched = .now
                    entries[id] = entry
                    return .restore(transition, seed: entry.seed)
                }
            }
            switch next {
            case .ready(let room): return room
            case .gone:
                throw HTTPError(.notFound, code: "unknown_room", message: "There is no room \(id); rooms close when idle. Open / to get a new one.")
            case .wait(let transition): await transition.wait()
            case .restore(let transition, let seed):
                let start = ContinuousClock.now
                let outcome: Result<Room, HTTPError>
                do throws(HTTPError) {
                    let restore = restore
                    let makeRoom = makeRoom
                    let restored = try await wakeGate.run { () async throws(HTTPError) -> Room? in try await restore?(id, seed) }
                    // A room with nothing in its journal (nobody used it) comes back as it began: fresh, with its seed.
                    outcome = .success(
                        restored
                            ?? {
                                let room = makeRoom(id, seed)
                                room.perform { $0.drawIfNeeded() }
                                return room
                            }())
                } catch {
                    outcome = .failure(error)
                }
                let counts = entries.withLock { entries -> Counts in
                    if case .success(let room) = outcome { entries[id]?.slot = .resident(room) } else { entries[id]?.slot = .hibernated }
                    return self.counts(entries)
                }
                transition.finish()
                instruments.roomCounts(counts)
                switch outcome {
                case .success(let room):
                    instruments.roomRestored(took: .now - start)
                    return room
                case .failure(let error):
                    throw HTTPError(
                        .serviceUnavailable, code: "room_unavailable",
                        message: "This room could not be brought back from its journal (\(error.message)); try again later.",
                        headers: ["Retry-After": "5"])
                }
            }
        }
    }

    /// Rooms: all of them, and how many are hibernated.
    struct Counts {
        var all = 0
        /// Rooms whose hibernation has ended (not those still hibernating or waking: their apps are in memory).
        var hibernated = 0
    }

    /// Counts `entries` and keeps ``notResident`` up to date: called under the lock after every change of a slot.
    private func counts(_ entries: [RoomID: Entry]) -> Counts {
        var counts = Counts(all: entries.count)
        var notResident = 0
        for entry in entries.values {
            if case .hibernated = entry.slot { counts.hibernated += 1 }
            if entry.room == nil { notResident += 1 }
        }
        self.notResident.store(notResident, ordering: .releasing)
        return counts
    }

    /// False while every room is resident: no request needs ``needsWaking(_:)``.
    var anyNotResident: Bool { notResident.load(ordering: .acquiring) > 0 }

    /// Number of rooms, resident or hibernated.
    var count: Int { entries.withLock { $0.count } }

    /// Number of rooms, and how many of them are hibernated.
    var roomCounts: Counts { entries.withLock { self.counts($0) } }

    /// A room with an open stream counts as touched: its idle time runs from its last stream's end, not its start.
    func touchRoomsWithStreams(now: ContinuousClock.Instant = .now) {
        entries.withLock { entries in
            for (id, entry) in entries where entry.streams > 0 { entries[id]?.lastTouched = now }
        }
    }

    /// Hibernates resident rooms with no open stream untouched past `hibernateAfter`: each writes a checkpoint (if
    /// steps came since its last) and drops its apps. One room at a time, off the server threads.
    func hibernateIdleRooms(now: ContinuousClock.Instant = .now) {
        guard let hibernateAfter else { return }
        var due = entries.withLock { entries -> [(RoomID, Room, Transition)] in
            var due: [(RoomID, Room, Transition)] = []
            for (id, entry) in entries where now - entry.lastTouched > hibernateAfter && entry.streams == 0 {
                guard let room = entry.room else { continue }
                let transition = Transition()
                entries[id]?.slot = .changing(transition)
                due.append((id, room, transition))
            }
            if !due.isEmpty { _ = counts(entries) }
            return due
        }
        let hibernated = !due.isEmpty
        // Taken out one by one: a hibernated room is let go of at once, so the trim below finds its memory free (a sweep
        // of thousands of rooms kept every closed room, and what it still held, past the trim).
        due.reverse()
        while let (id, room, transition) = due.popLast() {
            room.hub.finishAll()
            _ = room.perform { $0.hibernate() }
            let counts = entries.withLock { entries -> Counts in
                entries[id]?.slot = .hibernated
                return self.counts(entries)
            }
            transition.finish()
            instruments.roomHibernated()
            instruments.roomCounts(counts)
        }
        // glibc keeps freed memory in its arenas; a sweep that dropped rooms gives it back to the system, and so do the
        // sweeps shortly after: what a closed room's last tasks held is freed as they end, and each small piece of it
        // kept a whole page of the freed rooms from going back.
        let trims = lastHibernation.withLock { last -> Bool in
            if hibernated { last = now }
            guard let since = last else { return false }
            if now - since > Self.trimWindow { last = nil }
            return true
        }
        if trims { MemoryTrim.releaseFreedMemory() }
    }

    /// Closes rooms idle past their lifetime with no open stream (a hibernated one forgets its journal).
    func closeIdleRooms(now: ContinuousClock.Instant = .now) {
        let (closed, counts) = entries.withLock { entries -> ([(RoomID, Room?)], Counts) in
            let idle = entries.filter { now - $0.value.lastTouched > idleLifetime && $0.value.streams == 0 && !$0.value.isChanging }
            for id in idle.keys { entries[id] = nil }
            return (idle.map { ($0.key, $0.value.room) }, self.counts(entries))
        }
        instruments.roomsClosedIdle(closed.count)
        instruments.roomCounts(counts)
        for (id, room) in closed {
            if let room { Task { await room.close(forget: true) } } else { forget?(id) }
        }
    }

    /// Takes in a room restored from its journal (counted as used: it has a history).
    func adopt(_ room: Room, now: ContinuousClock.Instant = .now) {
        let counts = entries.withLock { entries in
            entries[room.id] = Entry(slot: .resident(room), seed: room.seed, lastTouched: now, used: true)
            return self.counts(entries)
        }
        instruments.roomCounts(counts)
    }

    /// Takes in a journaled room as hibernated (start-up): it wakes when it is first asked for.
    func adoptHibernated(_ id: RoomID, seed: UInt64, now: ContinuousClock.Instant = .now) {
        let counts = entries.withLock { entries in
            entries[id] = Entry(slot: .hibernated, seed: seed, lastTouched: now, used: true)
            return self.counts(entries)
        }
        instruments.roomCounts(counts)
    }

    /// Forgets a room that was made but could not be filled (a fork or an import whose replay failed).
    func discard(_ room: Room) {
        _ = entries.withLock { $0.removeValue(forKey: room.id) }
        Task { await room.close(forget: true) }
    }

    /// Closes every room (shutdown). Resident rooms with steps since their last checkpoint write one first (at most
    /// `checkpointBudget` of work in all, busiest first), so a restart wakes them without replaying much.
    func closeAll(checkpointBudget: Duration = .zero) {
        sweeper.cancel()
        let rooms = entries.withLock { entries in
            defer { entries.removeAll() }
            return entries.values.compactMap(\.room)
        }
        for room in rooms { room.hub.finishAll() }
        guard checkpointBudget > .zero else { return }
        let deadline = ContinuousClock.now + checkpointBudget
        let ranked = rooms.map { room in (room, room.perform { $0.stepsSinceCheckpoint }) }.filter { $0.1 > 0 }.sorted { $0.1 > $1.1 }
        for (room, _) in ranked where ContinuousClock.now < deadline {
            _ = room.perform { $0.hibernate() }
        }
    }
}

/// A room on its way to or from hibernation: whoever asks for it meanwhile waits here.
final class Transition: Sendable {
    private let state = Mutex<(done: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = state.withLock { state -> Bool in
                if !state.done { state.waiting.append(continuation) }
                return state.done
            }
            if done { continuation.resume() }
        }
    }

    func finish() {
        let waiting = state.withLock { state in
            state.done = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }
}
