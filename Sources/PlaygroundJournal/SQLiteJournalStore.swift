internal import CSQLite
internal import CSQLiteBatchedWAL
import Foundation
import Synchronization

/// The journal in one SQLite database file (WAL mode), through SQLite's C API and the `batched-wal` VFS (SQLite's
/// default one, with a commit's WAL frames sent to the kernel in one write instead of two per frame).
///
/// Writes are queued. An event's request settles its own (``settle()``): in normal sync mode it appends what is
/// queued to the store's log (``JournalLog``) on its own thread — one write to the kernel, no fsync — and the store's
/// thread moves logged writes into SQLite hundreds per transaction; with `--journal-sync full` the store's thread
/// commits everything queued at that moment in one transaction (group commit: one fsync for many rooms' steps).
/// The store's thread runs every checkpoint. No server thread or room ever waits for the disk.
///
/// ```swift
/// let store = try SQLiteJournalStore(path: ".data/journal.sqlite", sync: .normal)
/// store.createRoom(id, seed: 7)
/// let ticket = store.append(id, step: 1, entry: #"{"kind":"input",…}"#, callerSettles: true)
/// store.settle()
/// store.whenDone(ticket) { failure in /* answer the event */ }
/// ```
package final class SQLiteJournalStore: JournalStore {
    package let path: String
    let database: Database
    /// Each room's number: its steps are keyed `number << 32 | step`, so a room's history is one range of one table
    /// (one b-tree written per step, no index to keep). Loaded at open and handed out here, so a write never waits
    /// for the table to say it.
    private let numbers: Mutex<Numbers>

    private struct Numbers {
        var known: [RoomID: Int64] = [:]
        var next: Int64 = 1
        /// Each room's last step queued: a step must come after it, so a write is refused when it is queued, never
        /// once it is logged and acknowledged.
        var lastStep: [RoomID: Int] = [:]
    }

    /// What opening the journal found damaged, and what that cost.
    package let damage: JournalDamage

    /// `committed` hears each commit (on the writer's thread, which makes them all): how many writes it carried and how long it took.
    /// `logPaths`: the log's two files (tests); by default beside the database. `onDamage`: what to do with a database
    /// file SQLite cannot read (``JournalDamagePolicy``).
    package init(
        path: String, sync: JournalSync, onDamage: JournalDamagePolicy = .setAside, logPaths: [String]? = nil,
        committed: (@Sendable (_ writes: Int, _ took: Duration) -> Void)? = nil
    ) throws(JournalError) {
        self.path = path
        let logPaths = logPaths ?? JournalLog.paths(for: path)
        var damage = JournalDamage()
        let database: Database
        do {
            database = try Self.open(path, sync: sync, committed: committed)
        } catch where error.damaged {
            guard onDamage == .setAside else {
                throw JournalError(
                    description: "the journal \(path) is damaged (\(error.description)); --on-corrupt-journal refuse: not starting. "
                        + "Move it and its -wal, -shm, -log-a and -log-b files aside, or start with --on-corrupt-journal set-aside.")
            }
            // The damaged files go aside with the time in their names; a new database takes what of them still reads.
            let moved = Self.setAside(path, logPaths: logPaths)
            damage.setAside = moved
            database = try Self.open(path, sync: sync, committed: committed)
            let salvage = moved.first.map { Self.salvage(from: $0.to) } ?? Salvage(writes: [], rooms: 0, steps: 0, problems: [])
            do {
                try database.replay(salvage.writes.map { (0, $0) })
            } catch {
                database.close()
                throw error
            }
            let names = moved.map { "\($0.from) → \($0.to)" }.joined(separator: ", ")
            damage.reports.append(
                "the journal \(path) could not be read (\(error.description)); set aside: \(names); "
                    + (salvage.rooms == 0
                        ? "nothing in it could be read, the journal starts empty"
                        : "\(salvage.rooms) rooms and \(salvage.steps) steps still read and kept (steps past one SQLite could not read are lost)"))
            for (room, problem) in salvage.problems { damage.roomLost(room, problem) }
        }
        do {
            // Writes a killed process had logged but not yet moved into SQLite (see ``JournalLog``): up to the first
            // damaged record of either file, never past it.
            let reading = damage.setAside.isEmpty ? JournalLog.read(logPaths) : JournalLog.Reading()
            try database.replay(reading.writes.map { ($0.ticket, $0.operation) })
            try database.execute(
                """
                DELETE FROM steps WHERE (key >> 32) NOT IN (SELECT number FROM room_journals);
                DELETE FROM snapshots WHERE number NOT IN (SELECT number FROM room_journals);
                """)
            let names = try database.query("SELECT number, room FROM room_journals", []) { row in
                Int64(row[0]).flatMap { number in RoomID(validating: row[1]).map { (number, $0) } }
            }
            let roomOf = Dictionary(names, uniquingKeysWith: { first, _ in first })
            Self.report(reading, roomOf: roomOf, into: &damage)
            try Self.cutGaps(in: database, rooms: roomOf, into: &damage)
            var state = Numbers()
            for (number, room) in names {
                state.known[room] = number
                state.next = max(state.next, number + 1)
                let first = Int(number) << 32
                let last = try database.query("SELECT max(key) FROM steps WHERE key > ? AND key < ?", [.integer(first), .integer(first + (1 << 32))]) { Int($0[0]) }
                state.lastStep[room] = (last.first ?? first) - first
            }
            numbers = Mutex(state)
            if sync == .normal {
                var log = try JournalLog(paths: logPaths)
                try log.empty(0)
                try log.empty(1)
                database.useLog(log)
            } else {
                for logPath in logPaths where JournalLog.isRegularFile(logPath) { unlink(logPath) }  // replayed above
            }
        } catch {
            database.close()
            throw error
        }
        self.damage = damage
        self.database = database
        database.startWriting()
    }

    /// Opens the file, makes its tables and checks it (`quick_check`: every page of every table and the free list,
    /// so a damaged page is found now rather than by a later write, which would fail every room's).
    static func open(
        _ path: String, sync: JournalSync, committed: (@Sendable (_ writes: Int, _ took: Duration) -> Void)?
    ) throws(JournalError) -> Database {
        // Checked before SQLite opens it: SQLite would delete the WAL beside a file it cannot read, and a WAL is kept
        // with the file it belongs to.
        if let file = FileHandle(forReadingAtPath: path) {
            let header = (try? file.read(upToCount: 16)) ?? Data()
            try? file.close()
            guard header.isEmpty || header == Data("SQLite format 3\0".utf8) else {
                throw JournalError(description: "journal \(path): file is not a database (it does not start with SQLite's header)", damaged: true)
            }
        }
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let registered = batched_wal_register()
        guard registered == SQLITE_OK else {
            throw JournalError(description: "cannot open the journal \(path): SQLite refused the batched-wal VFS (\(String(cString: sqlite3_errstr(registered))))")
        }
        guard sqlite3_open_v2(path, &handle, flags, batched_wal_name) == SQLITE_OK, let db = handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            let damaged = handle.map { Database.isDamage(sqlite3_errcode($0)) } ?? false
            sqlite3_close(handle)
            throw JournalError(description: "cannot open the journal \(path): \(message)", damaged: damaged)
        }
        let database = Database(db: db, path: path, committed: committed)
        // One process owns the file: exclusive locking keeps the WAL index in memory and takes no file lock per
        // commit. Small pages keep each commit's WAL frames small; checkpoints (and their fsync) come every 8 MiB of
        // WAL and always run on the writer's thread (``Database``), never inside a commit. The page cache is 256 KiB, not
        // SQLite's 2 MB: the journal only appends (a commit touches a few pages), so a bigger one only kept pages already
        // written, ~10 KB a room at 200 rooms.
        do throws(JournalError) {
            try database.execute(
                """
                PRAGMA page_size = 1024;
                PRAGMA cache_size = -256;
                PRAGMA locking_mode = EXCLUSIVE;
                PRAGMA journal_mode = WAL;
                PRAGMA synchronous = \(sync == .full ? "FULL" : "NORMAL");
                CREATE TABLE IF NOT EXISTS room_journals (number INTEGER PRIMARY KEY, room TEXT NOT NULL UNIQUE, seed TEXT NOT NULL, created REAL NOT NULL);
                CREATE TABLE IF NOT EXISTS steps (key INTEGER PRIMARY KEY, entry TEXT NOT NULL);
                CREATE TABLE IF NOT EXISTS snapshots (number INTEGER PRIMARY KEY, snapshot TEXT NOT NULL);
                CREATE TABLE IF NOT EXISTS checkpoints (number INTEGER PRIMARY KEY, step INTEGER NOT NULL, snapshot TEXT NOT NULL);
                CREATE TABLE IF NOT EXISTS room_presenters (room TEXT PRIMARY KEY, record TEXT NOT NULL);
                """)
            let check = try database.query("PRAGMA quick_check", []) { $0.first }
            guard check == ["ok"] else {
                throw JournalError(description: "SQLite's quick_check: \(check.prefix(3).joined(separator: "; "))", damaged: true)
            }
            // A journal written by an earlier version (a rooms table and an entries table indexed by room and step).
            if try !database.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'entries'", [], { $0.first }).isEmpty {
                try database.execute(
                    """
                    BEGIN;
                    INSERT OR IGNORE INTO room_journals (room, seed, created) SELECT room, seed, created FROM rooms ORDER BY created;
                    INSERT OR IGNORE INTO steps (key, entry)
                        SELECT (r.number << 32) + e.step, e.entry FROM entries e JOIN room_journals r ON r.room = e.room;
                    DROP TABLE entries;
                    DROP TABLE rooms;
                    COMMIT;
                    """)
            }
        } catch {
            database.close()
            throw error
        }
        return database
    }

    deinit {
        database.stop()
    }

    @discardableResult
    package func createRoom(_ room: RoomID, seed: UInt64) -> JournalTicket {
        let number = numbers.withLock { numbers in
            if let known = numbers.known[room] { return known }
            defer { numbers.next += 1 }
            numbers.known[room] = numbers.next
            return numbers.next
        }
        return database.enqueue(room, .createRoom(number: number, room: room.description, seed: String(seed), created: Date().timeIntervalSince1970))
    }

    package func append(_ room: RoomID, step: Int, entry: String, callerSettles: Bool = false) -> JournalTicket {
        guard (1..<(1 << 32)).contains(step) else {
            return database.enqueue(room, .refuse(JournalError(description: "journal \(path): step \(step) is out of range")))
        }
        let number = numbers.withLock { numbers -> Result<Int64, JournalError> in
            guard let number = numbers.known[room] else { return .failure(JournalError(description: "journal \(path): no room \(room)")) }
            let last = numbers.lastStep[room] ?? 0
            guard step > last else {
                return .failure(JournalError(description: "journal \(path): step \(step) of room \(room) is not after its last step, \(last)"))
            }
            numbers.lastStep[room] = step
            return .success(number)
        }
        switch number {
        case .success(let number): return database.enqueue(room, .append(key: number << 32 + Int64(step), entry: entry), wake: !callerSettles)
        case .failure(let error): return database.enqueue(room, .refuse(error))
        }
    }

    @discardableResult
    package func fold(_ room: RoomID, through step: Int, snapshot: String) -> JournalTicket {
        guard let number = numbers.withLock({ $0.known[room] }) else {
            return database.enqueue(room, .refuse(JournalError(description: "journal \(path): no room \(room)")))
        }
        return database.enqueue(room, .fold(number: number, through: step, snapshot: snapshot))
    }

    package func checkpoint(_ room: RoomID, at step: Int, snapshot: String) {
        guard let number = numbers.withLock({ $0.known[room] }) else { return }
        _ = database.enqueue(room, .checkpoint(number: number, step: step, snapshot: snapshot))
    }

    package func cut(_ room: RoomID, after step: Int) {
        guard let number = numbers.withLock({ numbers -> Int64? in
            guard let number = numbers.known[room] else { return nil }
            numbers.lastStep[room] = step
            return number
        }) else { return }
        _ = database.enqueue(room, .cut(number: number, after: step))
    }

    package func deleteRoom(_ room: RoomID) {
        guard let number = numbers.withLock({ numbers in
            numbers.lastStep[room] = nil
            return numbers.known.removeValue(forKey: room)
        }) else { return }
        _ = database.enqueue(room, .delete(number: number))
    }

    package func isDone(_ ticket: JournalTicket) -> Bool { database.isDone(ticket) }

    package func whenDone(_ ticket: JournalTicket, _ done: @escaping @Sendable (JournalError?) -> Void) {
        database.whenDone(ticket, done)
    }

    package func failure(of room: RoomID) -> JournalError? { database.failure(of: room) }

    package func flush() { database.flush() }

    /// Tests: while held, settled writes stay only in the log (see ``JournalLog``).
    func holdMoves(_ held: Bool) { database.holdMoves(held) }

    package func settle() { database.settle() }

    /// The most writes one commit has carried so far.
    var largestCommit: Int { database.largestCommit.load(ordering: .relaxed) }
    /// Checkpoints the writer's thread has run.
    var checkpoints: Int { database.checkpoints.load(ordering: .relaxed) }
    /// Times the idle writer's thread was woken with nothing asked of it.
    var idleWakeUps: Int { database.idleWakeUps.load(ordering: .relaxed) }

    package func rooms() throws(JournalError) -> [(room: RoomID, seed: UInt64)] {
        database.flush()
        return try database.query("SELECT room, seed FROM room_journals ORDER BY created", []) { row in
            guard let id = RoomID(validating: row[0]), let seed = UInt64(row[1]) else { return nil }
            return (id, seed)
        }
    }

    package func entries(of room: RoomID) throws(JournalError) -> [String] {
        database.flush()
        guard let number = numbers.withLock({ $0.known[room] }) else { return [] }
        let first = Int(number) << 32
        return try database.query("SELECT entry FROM steps WHERE key > ? AND key < ? ORDER BY key", [.integer(first), .integer(first + (1 << 32))]) { $0[0] }
    }

    package func entries(of room: RoomID, after step: Int) throws(JournalError) -> [String] {
        database.flush()
        guard let number = numbers.withLock({ $0.known[room] }) else { return [] }
        let first = Int(number) << 32
        return try database.query(
            "SELECT entry FROM steps WHERE key > ? AND key < ? ORDER BY key", [.integer(first + max(0, step)), .integer(first + (1 << 32))]
        ) { $0[0] }
    }

    package func latestCheckpoint(of room: RoomID) throws(JournalError) -> (step: Int, snapshot: String)? {
        database.flush()
        guard let number = numbers.withLock({ $0.known[room] }) else { return nil }
        return try database.query("SELECT step, snapshot FROM checkpoints WHERE number = ?", [.integer(Int(number))]) { row in
            Int(row[0]).map { ($0, row[1]) }
        }.first
    }

    package func snapshot(of room: RoomID) throws(JournalError) -> String? {
        database.flush()
        guard let number = numbers.withLock({ $0.known[room] }) else { return nil }
        return try database.query("SELECT snapshot FROM snapshots WHERE number = ?", [.integer(Int(number))]) { $0[0] }.first
    }

    package func allEntries() throws(JournalError) -> [RoomID: [String]] {
        database.flush()
        var entries: [RoomID: [String]] = [:]
        _ = try database.query("SELECT r.room, s.entry FROM steps s JOIN room_journals r ON r.number = (s.key >> 32) ORDER BY s.key", []) { row -> Int? in
            if let id = RoomID(validating: row[0]) { entries[id, default: []].append(row[1]) }
            return nil
        }
        return entries
    }

    package func allSnapshots() throws(JournalError) -> [RoomID: String] {
        database.flush()
        var snapshots: [RoomID: String] = [:]
        _ = try database.query("SELECT r.room, s.snapshot FROM snapshots s JOIN room_journals r ON r.number = s.number", []) { row -> Int? in
            if let id = RoomID(validating: row[0]) { snapshots[id] = row[1] }
            return nil
        }
        return snapshots
    }
}
