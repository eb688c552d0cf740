internal import CSQLite
internal import CSQLiteBatchedWAL
import Foundation
import Synchronization

/// Where rooms' journals are kept. Rooms hand their writes over on their own executors and never wait for the
/// disk: the store commits them in order, many at a time, and says when each one is durable.
///
/// One embedded SQLite file by default (``SQLiteJournalStore``); a store shared by several instances (see
/// DESIGN.md "Scale") would implement the same calls.
package protocol JournalStore: Sendable {
    /// Starts a room's journal with the seed its apps draw from.
    @discardableResult
    func createRoom(_ room: RoomID, seed: UInt64) -> JournalTicket
    /// Queues one entry (its JSON) after the room's earlier writes. `callerSettles`: the caller calls ``settle()``
    /// right after (an event's request), so nothing needs waking for it now.
    func append(_ room: RoomID, step: Int, entry: String, callerSettles: Bool) -> JournalTicket
    /// Queues folding the room's steps 1…`step` into `snapshot` (JSON): one transaction replaces the room's snapshot
    /// and deletes those steps.
    @discardableResult
    func fold(_ room: RoomID, through step: Int, snapshot: String) -> JournalTicket
    /// Queues keeping `snapshot` (JSON) as the room's checkpoint after `step`, in place of an earlier one; the steps
    /// stay (time travel, export), and a room woken from hibernation starts from it and replays only the steps after.
    func checkpoint(_ room: RoomID, at step: Int, snapshot: String)
    /// The room's latest checkpoint, if it has one after its snapshot, with every write queued before the call.
    func latestCheckpoint(of room: RoomID) throws(JournalError) -> (step: Int, snapshot: String)?
    /// The room's snapshot (its folded steps), if it folded.
    func snapshot(of room: RoomID) throws(JournalError) -> String?
    /// A room's entries after `step` (JSON), in step order, with every write queued before the call.
    func entries(of room: RoomID, after step: Int) throws(JournalError) -> [String]
    /// Queues forgetting a room (closed for idleness).
    func deleteRoom(_ room: RoomID)
    /// Queues cutting a room's steps after `step` (a restored room whose later steps could not be replayed): the
    /// room goes on from `step`.
    func cut(_ room: RoomID, after step: Int)
    /// What opening the journal found damaged, and what that cost.
    var damage: JournalDamage { get }
    /// Whether the write and everything queued before it is done (written, or failed).
    func isDone(_ ticket: JournalTicket) -> Bool
    /// Calls `done` once the write is durable under the store's sync mode (nil) or has failed; at once if it is done.
    /// Runs on the store's own thread: `done` must not wait for anything.
    func whenDone(_ ticket: JournalTicket, _ done: @escaping @Sendable (JournalError?) -> Void)
    /// Why the room's journal takes no more writes (one failed: later ones would leave a gap), if it does not.
    func failure(of room: RoomID) -> JournalError?
    /// Every room with a journal, oldest first, with its seed.
    func rooms() throws(JournalError) -> [(room: RoomID, seed: UInt64)]
    /// A room's entries (JSON), in step order, with every write queued before the call.
    func entries(of room: RoomID) throws(JournalError) -> [String]
    /// Every room's entries (JSON), in step order: one pass for start-up.
    func allEntries() throws(JournalError) -> [RoomID: [String]]
    /// Every room's snapshot (JSON), for the rooms that have one.
    func allSnapshots() throws(JournalError) -> [RoomID: String]
    /// Waits until every write queued so far is done (a clean shutdown).
    func flush()
    /// Makes what is queued durable: in its log on the calling thread with `--journal-sync normal`; else by the
    /// writer's thread, which commits it to SQLite.
    func settle()
}

/// A queued write's place in the store's order: a later ticket is done only after every earlier one.
package struct JournalTicket: Sendable, Hashable {
    let number: UInt64
    let room: RoomID
}

/// Why the journal could not be read or written.
package struct JournalError: Error, Equatable, CustomStringConvertible {
    package let description: String
    /// SQLite found the file damaged (`SQLITE_CORRUPT`, `SQLITE_NOTADB`), not merely unable to go on.
    package var damaged = false

    package init(description: String, damaged: Bool = false) {
        (self.description, self.damaged) = (description, damaged)
    }
}

/// How hard a commit waits for the disk (`--journal-sync`).
public enum JournalSync: String, Sendable, CaseIterable {
    /// WAL with `synchronous=NORMAL`: a commit survives the process being killed (`kill -9`), not a power cut.
    case normal
    /// WAL with `synchronous=FULL`: every commit is on the disk before the event is answered.
    case full
}

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
    private let database: Database
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
    private static func open(
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
        // WAL and always run on the writer's thread (``Database``), never inside a commit.
        do throws(JournalError) {
            try database.execute(
                """
                PRAGMA page_size = 1024;
                PRAGMA locking_mode = EXCLUSIVE;
                PRAGMA journal_mode = WAL;
                PRAGMA synchronous = \(sync == .full ? "FULL" : "NORMAL");
                CREATE TABLE IF NOT EXISTS room_journals (number INTEGER PRIMARY KEY, room TEXT NOT NULL UNIQUE, seed TEXT NOT NULL, created REAL NOT NULL);
                CREATE TABLE IF NOT EXISTS steps (key INTEGER PRIMARY KEY, entry TEXT NOT NULL);
                CREATE TABLE IF NOT EXISTS snapshots (number INTEGER PRIMARY KEY, snapshot TEXT NOT NULL);
                CREATE TABLE IF NOT EXISTS checkpoints (number INTEGER PRIMARY KEY, step INTEGER NOT NULL, snapshot TEXT NOT NULL);
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

extension SQLiteJournalStore {
    /// What the writer's thread does with a queued write.
    enum Operation {
        case createRoom(number: Int64, room: String, seed: String, created: Double)
        case append(key: Int64, entry: String)
        case fold(number: Int64, through: Int, snapshot: String)
        case delete(number: Int64)
        /// Deletes the room's steps after `after` (and a checkpoint after it).
        case cut(number: Int64, after: Int)
        /// Keeps the room's checkpoint after `step`, replacing an earlier one.
        case checkpoint(number: Int64, step: Int, snapshot: String)
        /// A write that was wrong when it was queued: it fails its room in its turn.
        case refuse(JournalError)

        /// One statement: it needs no transaction of its own.
        var isOneStatement: Bool {
            switch self {
            case .createRoom, .append, .checkpoint, .refuse: true
            case .fold, .delete, .cut: false
            }
        }
    }

    struct Write {
        let ticket: JournalTicket
        let operation: Operation
    }

    /// The connection, the queue of writes and the thread that commits them.
    ///
    /// The queue's state is read and changed only with `condition` locked, the connection only inside its mutex (held
    /// by whoever commits, and by a reader during a query). Locks are taken in that order: the file, then the queue.
    final class Database: @unchecked Sendable {
        struct Failure {
            let ticket: UInt64
            let error: JournalError

            func covers(_ ticket: JournalTicket) -> Bool { ticket.number >= self.ticket }
        }

        private struct Connection: @unchecked Sendable {
            var db: OpaquePointer?
            var statements: [String: OpaquePointer] = [:]
            /// The append's statement, kept apart: it runs on every step.
            var append: OpaquePointer?
        }

        private let connection: Mutex<Connection>
        let path: String

        private let condition = NSCondition()
        private var pending: [Write] = []
        /// The last ticket handed out; every ticket up to `doneThrough` is written (or failed).
        private var issued: UInt64 = 0
        private let doneThrough = Atomic<UInt64>(0)
        /// Every ticket up to this one is in a batch being committed or logged (or done): its taker answers its waiters.
        private var takenThrough: UInt64 = 0
        /// Every ticket up to this one is in SQLite (or failed): what ``flush()`` waits for, so a read sees it.
        private var storedThrough: UInt64 = 0
        /// Normal sync mode: the log settled writes are appended to, with this lock held (so its records keep the
        /// queue's order; the writer's thread takes logged writes and swaps the log's files with it held too).
        private let log = Mutex<JournalLog?>(nil)
        private var logging = false
        /// Logged writes not yet in SQLite, oldest first, and the last ticket a settle took.
        private var logged: [Write] = []
        private var loggedBytes = 0
        private var loggedThrough: UInt64 = 0
        /// Set once logged writes could not be moved into SQLite: they stay in the log for the next start, and every
        /// later write fails with this.
        private var logFailure: JournalError?
        /// Tests: logged writes stay only in the log (as if the process were killed before the writer moved them).
        private var movesHeld = false
        /// The writer's thread moves logged writes once this many are waiting, or after `moveAfter`.
        static let moveAt = (writes: 1024, bytes: 4 << 20)
        static let moveAfter: TimeInterval = 0.1
        private var waiting: [UInt64: (room: RoomID, callbacks: [@Sendable (JournalError?) -> Void])] = [:]
        /// The first ticket of the batch the writer's thread is committing, while it does: no later ticket counts as
        /// done before it (a settle may log later writes meanwhile; ``isDone(_:)`` is one watermark).
        private var committingFrom: UInt64?
        /// The last ticket a settle took (logged, or failed).
        private var settledThrough: UInt64 = 0
        /// Each room's failed write: it and every later write of the room fail (a room's journal has no gaps).
        private var failures: [RoomID: Failure] = [:]
        private let failureCount = Atomic<Int>(0)
        private var writerIdle = false
        private var wakeRequested = false
        private var stopping = false
        private var writing = false
        /// Threads waiting in ``flush()``: a commit wakes them, and only then (the idle writer waits on the same
        /// condition, and a wake-up per commit would cost it a context switch per event).
        private var flushing = 0
        private let stopped = DispatchSemaphore(value: 0)
        /// Set by SQLite's WAL hook once the WAL holds `checkpointFrames`: the writer's thread checkpoints next.
        private let checkpointWanted = Atomic<Bool>(false)
        static let checkpointFrames: Int32 = 8_192
        let largestCommit = Atomic<Int>(0)
        let checkpoints = Atomic<Int>(0)
        let idleWakeUps = Atomic<Int>(0)

        private let committed: (@Sendable (Int, Duration) -> Void)?

        init(db: OpaquePointer, path: String, committed: (@Sendable (Int, Duration) -> Void)?) {
            connection = Mutex(Connection(db: db))
            self.path = path
            self.committed = committed
        }

        /// From now on settled writes go to `log` (before ``startWriting()``).
        func useLog(_ log: JournalLog) {
            self.log.withLock { $0 = log }
            logging = true
        }

        /// Applies writes read back from a log, in one transaction (see ``JournalLog``).
        func replay(_ writes: [(ticket: UInt64, operation: Operation)]) throws(JournalError) {
            guard !writes.isEmpty else { return }
            let path = path
            try connection.withLock { connection throws(JournalError) in
                try Self.transaction(on: &connection, path: path) { connection throws(JournalError) in
                    for write in writes { try Self.run(write.operation, on: &connection, path: path) }
                }
            }
        }

        /// Starts the writer's thread; from now on checkpoints are its work alone (SQLite's own ones, run inside a
        /// commit on whatever thread commits, are replaced by the WAL hook's request).
        func startWriting() {
            connection.withLock { connection in
                _ = sqlite3_wal_hook(
                    connection.db,
                    { context, _, _, frames in
                        if let context, frames >= Database.checkpointFrames {
                            Unmanaged<Database>.fromOpaque(context).takeUnretainedValue().checkpointWanted.store(true, ordering: .relaxed)
                        }
                        return SQLITE_OK
                    }, Unmanaged.passUnretained(self).toOpaque())
            }
            condition.lock()
            writing = true
            condition.unlock()
            Thread { [self] in runWriter() }.start()
        }

        /// Commits what is queued, then ends the writer's thread and closes the file.
        func stop() {
            condition.lock()
            let wasWriting = writing
            stopping = true
            condition.broadcast()
            condition.unlock()
            if wasWriting { stopped.wait() } else { close() }
        }

        func close() {
            log.withLock { $0?.close() }
            connection.withLock { connection in
                for statement in connection.statements.values { sqlite3_finalize(statement) }
                sqlite3_finalize(connection.append)
                sqlite3_wal_hook(connection.db, nil, nil)
                sqlite3_close(connection.db)
                connection = Connection(db: nil)
            }
        }

        func enqueue(_ room: RoomID, _ operation: Operation, wake: Bool = true) -> JournalTicket {
            condition.lock()
            issued += 1
            let ticket = JournalTicket(number: issued, room: room)
            pending.append(Write(ticket: ticket, operation: operation))
            if wake { requestWakeLocked() }
            condition.unlock()
            return ticket
        }

        /// With `condition` locked: the writer's thread goes round once more.
        private func requestWakeLocked() {
            wakeRequested = true
            if writerIdle {
                writerIdle = false
                condition.broadcast()
            }
        }

        private func requestWake() {
            condition.lock()
            requestWakeLocked()
            condition.unlock()
        }

        func isDone(_ ticket: JournalTicket) -> Bool {
            ticket.number <= doneThrough.load(ordering: .acquiring)
        }

        func whenDone(_ ticket: JournalTicket, _ done: @escaping @Sendable (JournalError?) -> Void) {
            condition.lock()
            guard ticket.number > doneThrough.load(ordering: .relaxed) else {
                let failure = failures[ticket.room].flatMap { $0.covers(ticket) ? $0.error : nil }
                condition.unlock()
                done(failure)
                return
            }
            waiting[ticket.number, default: (ticket.room, [])].callbacks.append(done)
            if ticket.number > takenThrough { requestWakeLocked() }  // still queued: whoever queued it may not settle it
            condition.unlock()
        }

        func failure(of room: RoomID) -> JournalError? {
            guard failureCount.load(ordering: .acquiring) > 0 else { return nil }
            condition.lock()
            defer { condition.unlock() }
            return failures[room]?.error
        }

        func flush() {
            condition.lock()
            let target = issued
            if storedThrough < target { requestWakeLocked() }
            flushing += 1
            while storedThrough < target, writing { condition.wait() }
            flushing -= 1
            condition.unlock()
        }

        func settle() {
            guard logging else {
                condition.lock()
                if !pending.isEmpty { requestWakeLocked() }
                return condition.unlock()
            }
            var calls: [DoneCall] = []
            log.withLock { log in
                condition.lock()
                guard let last = pending.last?.ticket.number else { return condition.unlock() }
                let batch = pending
                pending.removeAll(keepingCapacity: true)
                takenThrough = last
                let failedBefore = failures
                let logFailure = logFailure
                condition.unlock()
                var bytes: [UInt8] = []
                var kept: [Write] = []
                var tornBy: JournalError?
                var failed: [RoomID: Failure] = [:]  // rooms whose write fails now
                for write in batch where failedBefore[write.ticket.room] == nil && failed[write.ticket.room] == nil {
                    if case .refuse(let error) = write.operation {
                        failed[write.ticket.room] = Failure(ticket: write.ticket.number, error: error)
                    } else if let logFailure {
                        failed[write.ticket.room] = Failure(ticket: write.ticket.number, error: logFailure)
                    } else {
                        JournalLog.encode(write, into: &bytes)
                        kept.append(write)
                    }
                }
                if !bytes.isEmpty {
                    do throws(JournalError) {
                        try log!.append(bytes)
                    } catch {
                        for write in kept where failed[write.ticket.room] == nil {
                            failed[write.ticket.room] = Failure(ticket: write.ticket.number, error: error)
                        }
                        kept = []
                        if log!.torn { tornBy = JournalError(description: "\(error.description), and it could not be cut back: nothing more is logged") }
                    }
                }
                condition.lock()
                if let tornBy, self.logFailure == nil { self.logFailure = tornBy }
                if !failed.isEmpty {
                    for (room, failure) in failed where failures[room] == nil { failures[room] = failure }
                    failureCount.store(failures.count, ordering: .releasing)
                }
                settledThrough = last
                calls = markDoneLocked(through: last)
                let wasEmpty = logged.isEmpty
                logged += kept
                loggedBytes += bytes.count
                loggedThrough = last
                if logged.count >= Self.moveAt.writes || loggedBytes >= Self.moveAt.bytes || flushing > 0 {
                    requestWakeLocked()
                } else if wasEmpty, !logged.isEmpty, writerIdle {
                    writerIdle = false  // it goes round again, and waits `moveAfter` at most
                    condition.broadcast()
                }
                condition.unlock()
            }
            for call in calls { call.done(call.failure) }
        }

        /// With `condition` locked: every ticket up to `through` is done — or up to the batch the writer's thread is
        /// still committing. Returns the waiters of the tickets now done, each with how its write ended.
        private func markDoneLocked(through: UInt64) -> [DoneCall] {
            let limit = committingFrom.map { min(through, $0 - 1) } ?? through
            guard limit > doneThrough.load(ordering: .relaxed) else { return [] }
            doneThrough.store(limit, ordering: .releasing)
            var calls: [DoneCall] = []
            for (number, waiter) in waiting where number <= limit {
                waiting[number] = nil
                let failure = failures[waiter.room].flatMap { $0.covers(JournalTicket(number: number, room: waiter.room)) ? $0.error : nil }
                for callback in waiter.callbacks { calls.append(DoneCall(done: callback, failure: failure)) }
            }
            return calls
        }

        private func runWriter() {
            // A batch thread never preempts the thread that woke it: the server thread that queued a write goes on to
            // send the event's patch first, instead of waiting for this commit.
            var parameters = sched_param()
            pthread_setschedparam(pthread_self(), 3 /* SCHED_BATCH */, &parameters)
            while true {
                condition.lock()
                var timedOut = false
                while !wakeRequested, !stopping {
                    writerIdle = true
                    if logged.isEmpty || movesHeld {
                        condition.wait()
                        if !wakeRequested, !stopping, logged.isEmpty { idleWakeUps.add(1, ordering: .relaxed) }
                    } else if !condition.wait(until: Date(timeIntervalSinceNow: Self.moveAfter)) {
                        timedOut = true  // logged writes waited long enough
                        break
                    }
                }
                (writerIdle, wakeRequested) = (false, false)
                condition.unlock()
                let calls = connection.withLock { connection in commitQueued(on: &connection, timedOut: timedOut) }
                for call in calls { call.done(call.failure) }
                condition.lock()
                if stopping, pending.isEmpty, logged.isEmpty {
                    writing = false
                    condition.broadcast()
                    condition.unlock()
                    break
                }
                condition.unlock()
            }
            close()
            stopped.signal()
        }

        /// What the writer's thread takes for one round.
        private struct Taken {
            var moved: [Write]
            var batch: [Write]
            var through: UInt64
            var failedBefore: [RoomID: Failure]
            var logFailure: JournalError?
        }

        /// What a round takes: the logged writes; and the queued ones, unless only the time to move logged writes
        /// came (a queued write is then one its request is about to settle: taken here, its answer would wait).
        private func takeQueued(timedOut: Bool) -> Taken {
            condition.lock()
            defer { condition.unlock() }
            let moving = !movesHeld || stopping
            let batch = timedOut || !moving ? [] : pending  // nothing is committed before the logged writes
            let taken = Taken(
                moved: moving ? logged : [], batch: batch,
                through: max(moving ? loggedThrough : 0, batch.last?.ticket.number ?? 0, storedThrough),
                failedBefore: failures, logFailure: logFailure)
            if moving {
                logged.removeAll(keepingCapacity: true)
                loggedBytes = 0
            }
            if let first = batch.first {
                pending.removeAll(keepingCapacity: true)
                committingFrom = first.ticket.number
            }
            takenThrough = max(takenThrough, taken.through)
            return taken
        }

        /// Tests: while held, logged writes are not moved into SQLite (``flush()`` would wait for them).
        func holdMoves(_ held: Bool) {
            condition.lock()
            movesHeld = held
            if !held, !logged.isEmpty { requestWakeLocked() }
            condition.unlock()
        }

        /// A waiter to tell, outside every lock, how its write ended.
        struct DoneCall: Sendable {
            let done: @Sendable (JournalError?) -> Void
            let failure: JournalError?
        }

        /// On the writer's thread, holding the file: moves the logged writes into SQLite, commits what is queued (in
        /// one transaction each, logged writes first: they are older), then runs the checkpoint the WAL hook asked for.
        private func commitQueued(on connection: inout Connection, timedOut: Bool) -> [DoneCall] {
            var oldLog: Int?
            let taken = log.withLock { log in
                let taken = takeQueued(timedOut: timedOut)
                if !taken.moved.isEmpty { oldLog = log?.swap() }  // the old file holds exactly the writes taken
                return taken
            }
            let (moved, through, failedBefore) = (taken.moved, taken.through, taken.failedBefore)
            var batch = taken.batch
            if let logFailure = taken.logFailure, !batch.isEmpty {
                // Logged writes are missing from SQLite: nothing may be committed after them until a start replays them.
                condition.lock()
                for write in batch where failures[write.ticket.room] == nil {
                    failures[write.ticket.room] = Failure(ticket: write.ticket.number, error: logFailure)
                }
                failureCount.store(failures.count, ordering: .releasing)
                committingFrom = nil
                let calls = markDoneLocked(through: max(batch[batch.count - 1].ticket.number, settledThrough))
                storedThrough = max(storedThrough, through)
                if flushing > 0 { condition.broadcast() }
                condition.unlock()
                batch = []
                return calls
            }
            var calls: [DoneCall] = []
            var moveFailure: JournalError?
            if !moved.isEmpty {
                let start = ContinuousClock.now
                do throws(JournalError) {
                    try Self.transaction(on: &connection, path: path) { connection throws(JournalError) in
                        for write in moved { try Self.run(write.operation, on: &connection, path: path) }
                    }
                    if let oldLog { try log.withLock { log throws(JournalError) in try log?.empty(oldLog) } }
                } catch {
                    moveFailure = JournalError(description: "\(error.description) (the acknowledged writes stay in the log, for the next start)")
                }
                committed?(moved.count, ContinuousClock.now - start)
            }
            if !batch.isEmpty {
                let start = ContinuousClock.now
                let failed = commit(batch, failedBefore: failedBefore, on: &connection)
                committed?(batch.count, ContinuousClock.now - start)
                condition.lock()
                for (room, failure) in failed where failures[room] == nil { failures[room] = failure }
                failureCount.store(failures.count, ordering: .releasing)
                committingFrom = nil
                calls = markDoneLocked(through: max(batch[batch.count - 1].ticket.number, settledThrough))
                condition.unlock()
            }
            let largest = max(moved.count, batch.count)
            if largest > largestCommit.load(ordering: .relaxed) { largestCommit.store(largest, ordering: .relaxed) }
            condition.lock()
            if let moveFailure, logFailure == nil { logFailure = moveFailure }
            storedThrough = max(storedThrough, through)
            if flushing > 0 { condition.broadcast() }
            condition.unlock()
            if checkpointWanted.exchange(false, ordering: .relaxed), let db = connection.db {
                sqlite3_wal_checkpoint_v2(db, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
                checkpoints.add(1, ordering: .relaxed)
            }
            return calls
        }

        /// Writes `batch` in one transaction, skipping rooms that failed before. If that fails, the writes are tried
        /// one at a time, so a write that fails takes only its own room (and that room's later writes) with it.
        private func commit(_ batch: [Write], failedBefore: [RoomID: Failure], on connection: inout Connection) -> [RoomID: Failure] {
            let path = path
            do {
                var failed: [RoomID: Failure] = [:]
                let writes = batch.filter { failedBefore[$0.ticket.room] == nil }
                guard !writes.isEmpty else { return failed }
                do throws(JournalError) {
                    if writes.count == 1, writes[0].operation.isOneStatement {
                        try Self.run(writes[0].operation, on: &connection, path: path)
                    } else {
                        try Self.transaction(on: &connection, path: path) { connection throws(JournalError) in
                            for write in writes { try Self.run(write.operation, on: &connection, path: path) }
                        }
                    }
                    return failed
                } catch {
                    guard writes.count > 1 else { return [writes[0].ticket.room: Failure(ticket: writes[0].ticket.number, error: error)] }
                }
                for write in writes where failed[write.ticket.room] == nil {
                    do throws(JournalError) {
                        if write.operation.isOneStatement {
                            try Self.run(write.operation, on: &connection, path: path)
                        } else {
                            try Self.transaction(on: &connection, path: path) { connection throws(JournalError) in
                                try Self.run(write.operation, on: &connection, path: path)
                            }
                        }
                    } catch {
                        failed[write.ticket.room] = Failure(ticket: write.ticket.number, error: error)
                    }
                }
                return failed
            }
        }

        private static func transaction(
            on connection: inout Connection, path: String, _ body: (inout Connection) throws(JournalError) -> Void
        ) throws(JournalError) {
            let none = { (_: [String]) in nil as Int? }
            try statement(&connection, "BEGIN", [], path: path, none)
            do throws(JournalError) {
                try body(&connection)
                try statement(&connection, "COMMIT", [], path: path, none)
            } catch {
                if let db = connection.db, sqlite3_get_autocommit(db) == 0 { _ = try? statement(&connection, "ROLLBACK", [], path: path, none) }
                throw error
            }
        }

        private static func run(_ operation: Operation, on connection: inout Connection, path: String) throws(JournalError) {
            let none = { (_: [String]) in nil as Int? }
            switch operation {
            case .createRoom(let number, let room, let seed, let created):
                try statement(
                    &connection, "INSERT INTO room_journals (number, room, seed, created) VALUES (?, ?, ?, ?) ON CONFLICT (room) DO UPDATE SET seed = excluded.seed",
                    [.integer(Int(number)), .text(room), .text(seed), .real(created)], path: path, none)
            case .append(let key, var entry):
                guard let db = connection.db else { throw JournalError(description: "journal \(path) is closed") }
                if connection.append == nil {
                    guard sqlite3_prepare_v2(db, "INSERT OR REPLACE INTO steps (key, entry) VALUES (?, ?)", -1, &connection.append, nil) == SQLITE_OK else {
                        throw JournalError(description: "journal \(path): \(String(cString: sqlite3_errmsg(db)))")
                    }
                }
                guard let statement = connection.append else { throw JournalError(description: "journal \(path): the append was not prepared") }
                defer { sqlite3_reset(statement) }
                sqlite3_bind_int64(statement, 1, key)
                let bound = entry.withUTF8 { bytes in
                    bytes.withMemoryRebound(to: CChar.self) { csqlite_bind_text(statement, 2, $0.baseAddress, Int32($0.count)) }
                }
                guard bound == SQLITE_OK, sqlite3_step(statement) == SQLITE_DONE else {
                    throw JournalError(description: "journal \(path): \(String(cString: sqlite3_errmsg(db)))")
                }
            case .fold(let number, let step, let snapshot):
                let first = Int(number) << 32
                try statement(&connection, "INSERT OR REPLACE INTO snapshots (number, snapshot) VALUES (?, ?)", [.integer(Int(number)), .text(snapshot)], path: path, none)
                try statement(&connection, "DELETE FROM steps WHERE key > ? AND key <= ?", [.integer(first), .integer(first + step)], path: path, none)
                // The room goes on from the snapshot: a checkpoint taken before it counted deliveries of apps now gone.
                try statement(&connection, "DELETE FROM checkpoints WHERE number = ?", [.integer(Int(number))], path: path, none)
            case .delete(let number):
                let first = Int(number) << 32
                try statement(&connection, "DELETE FROM steps WHERE key > ? AND key < ?", [.integer(first), .integer(first + (1 << 32))], path: path, none)
                try statement(&connection, "DELETE FROM snapshots WHERE number = ?", [.integer(Int(number))], path: path, none)
                try statement(&connection, "DELETE FROM checkpoints WHERE number = ?", [.integer(Int(number))], path: path, none)
                try statement(&connection, "DELETE FROM room_journals WHERE number = ?", [.integer(Int(number))], path: path, none)
            case .cut(let number, let after):
                let first = Int(number) << 32
                try statement(&connection, "DELETE FROM steps WHERE key > ? AND key < ?", [.integer(first + after), .integer(first + (1 << 32))], path: path, none)
                try statement(&connection, "DELETE FROM checkpoints WHERE number = ? AND step > ?", [.integer(Int(number)), .integer(after)], path: path, none)
            case .checkpoint(let number, let step, let snapshot):
                try statement(
                    &connection, "INSERT OR REPLACE INTO checkpoints (number, step, snapshot) VALUES (?, ?, ?)",
                    [.integer(Int(number)), .integer(step), .text(snapshot)], path: path, none)
            case .refuse(let error):
                throw error
            }
        }

        // MARK: - SQLite

        /// A result code that says the file is damaged, not that SQLite could not go on (a full disk, a lock).
        static func isDamage(_ code: Int32) -> Bool {
            [SQLITE_CORRUPT, SQLITE_NOTADB].contains(code & 0xff)
        }

        enum Value {
            case text(String)
            case integer(Int)
            case real(Double)
        }

        func execute(_ sql: String) throws(JournalError) {
            let path = path
            try connection.withLock { connection throws(JournalError) in
                var error: UnsafeMutablePointer<CChar>?
                guard sqlite3_exec(connection.db, sql, nil, nil, &error) == SQLITE_OK else {
                    let message = error.map { String(cString: $0) } ?? "unknown error"
                    sqlite3_free(error)
                    throw JournalError(description: "journal \(path): \(message)", damaged: connection.db.map { Self.isDamage(sqlite3_errcode($0)) } ?? false)
                }
            }
        }

        /// Runs one statement (prepared once, then reused) and maps its rows' text columns.
        func query<Row>(_ sql: String, _ values: [Value], _ map: ([String]) -> Row?) throws(JournalError) -> [Row] {
            let path = path
            return try connection.withLock { connection throws(JournalError) -> [Row] in
                try Self.statement(&connection, sql, values, path: path, map)
            }
        }

        /// One statement (prepared once, then reused) on a connection whose lock the caller holds.
        @discardableResult
        private static func statement<Row>(
            _ connection: inout Connection, _ sql: String, _ values: [Value], path: String, _ map: ([String]) -> Row?
        ) throws(JournalError) -> sending [Row] {
            guard let db = connection.db else { throw JournalError(description: "journal \(path) is closed") }
            let statement: OpaquePointer
            if let prepared = connection.statements[sql] {
                statement = prepared
            } else {
                var prepared: OpaquePointer?
                guard sqlite3_prepare_v2(db, sql, -1, &prepared, nil) == SQLITE_OK, let prepared else {
                    throw JournalError(description: "journal \(path): \(String(cString: sqlite3_errmsg(db)))", damaged: isDamage(sqlite3_errcode(db)))
                }
                connection.statements[sql] = prepared
                statement = prepared
            }
            defer {
                sqlite3_reset(statement)
                sqlite3_clear_bindings(statement)
            }
            for (index, value) in values.enumerated() {
                let position = Int32(index + 1)
                switch value {
                case .text(let text):
                    var text = text
                    text.withUTF8 { bytes in
                        _ = bytes.withMemoryRebound(to: CChar.self) { csqlite_bind_text(statement, position, $0.baseAddress, Int32($0.count)) }
                    }
                case .integer(let number): sqlite3_bind_int64(statement, position, Int64(number))
                case .real(let number): sqlite3_bind_double(statement, position, number)
                }
            }
            var rows: [Row] = []
            while true {
                let status = sqlite3_step(statement)
                if status == SQLITE_DONE { break }
                guard status == SQLITE_ROW else {
                    throw JournalError(description: "journal \(path): \(String(cString: sqlite3_errmsg(db)))", damaged: isDamage(status))
                }
                let columns = (0..<sqlite3_column_count(statement)).map { column -> String in
                    guard let text = sqlite3_column_text(statement, column) else { return "" }
                    return String(cString: text)
                }
                if let row = map(columns) { rows.append(row) }
            }
            return rows
        }
    }
}
