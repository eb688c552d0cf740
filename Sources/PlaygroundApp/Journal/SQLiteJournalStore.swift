import CSQLite
import CSQLiteBatchedWAL
import Foundation
import Synchronization

/// Where rooms' journals are kept. Rooms append on their own executors; the store serializes the writes.
///
/// One embedded SQLite file by default (``SQLiteJournalStore``); a store shared by several instances (see
/// DESIGN.md "Scale") would implement the same five calls.
protocol JournalStore: Sendable {
    /// Starts a room's journal with the seed its apps draw from.
    func createRoom(_ room: RoomID, seed: UInt64) throws(JournalError)
    /// Appends one entry (its JSON); it is durable under the store's sync mode when this returns.
    func append(_ room: RoomID, step: Int, entry: String) throws(JournalError)
    /// Every room with a journal, oldest first, with its seed.
    func rooms() throws(JournalError) -> [(room: RoomID, seed: UInt64)]
    /// A room's entries (JSON), in step order.
    func entries(of room: RoomID) throws(JournalError) -> [String]
    /// Every room's entries (JSON), in step order: one pass for start-up.
    func allEntries() throws(JournalError) -> [RoomID: [String]]
    /// Forgets a room (closed for idleness).
    func deleteRoom(_ room: RoomID) throws(JournalError)
    /// Folds the room's steps 1…`step` into `snapshot` (JSON): one transaction replaces the room's snapshot and
    /// deletes those steps.
    func fold(_ room: RoomID, through step: Int, snapshot: String) throws(JournalError)
    /// Every room's snapshot (JSON), for the rooms that have one.
    func allSnapshots() throws(JournalError) -> [RoomID: String]
}

/// Why the journal could not be read or written.
struct JournalError: Error, CustomStringConvertible {
    let description: String
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
/// ```swift
/// let store = try SQLiteJournalStore(path: ".data/journal.sqlite", sync: .normal)
/// try store.createRoom(id, seed: 7)
/// try store.append(id, step: 1, entry: #"{"kind":"input",…}"#)
/// ```
final class SQLiteJournalStore: JournalStore {
    private struct Connection: @unchecked Sendable {
        let db: OpaquePointer
        var statements: [String: OpaquePointer] = [:]
        /// The append's statement, kept apart: it runs on every step.
        var append: OpaquePointer?
    }

    private let connection: Mutex<Connection>
    let path: String
    /// Each room's number: its steps are keyed `number << 32 | step`, so a room's history is one range of one table
    /// (one b-tree written per step, no index to keep).
    private let numbers = Mutex<[RoomID: Int64]>([:])

    init(path: String, sync: JournalSync) throws(JournalError) {
        self.path = path
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let registered = batched_wal_register()
        guard registered == SQLITE_OK else {
            throw JournalError(description: "cannot open the journal \(path): SQLite refused the batched-wal VFS (\(String(cString: sqlite3_errstr(registered))))")
        }
        guard sqlite3_open_v2(path, &handle, flags, batched_wal_name) == SQLITE_OK, let db = handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(handle)
            throw JournalError(description: "cannot open the journal \(path): \(message)")
        }
        connection = Mutex(Connection(db: db))
        // One process owns the file: exclusive locking keeps the WAL index in memory and takes no file lock per
        // commit. A step's row is keyed by its room's number and its step, so appending writes one b-tree and a
        // room's history is one key range. Small pages keep each commit's WAL frame small; checkpoints (and their
        // fsync) come every 8 MiB of WAL, not every 4.
        try execute(
            """
            PRAGMA page_size = 1024;
            PRAGMA locking_mode = EXCLUSIVE;
            PRAGMA journal_mode = WAL;
            PRAGMA wal_autocheckpoint = 8192;
            PRAGMA synchronous = \(sync == .full ? "FULL" : "NORMAL");
            CREATE TABLE IF NOT EXISTS room_journals (number INTEGER PRIMARY KEY, room TEXT NOT NULL UNIQUE, seed TEXT NOT NULL, created REAL NOT NULL);
            CREATE TABLE IF NOT EXISTS steps (key INTEGER PRIMARY KEY, entry TEXT NOT NULL);
            CREATE TABLE IF NOT EXISTS snapshots (number INTEGER PRIMARY KEY, snapshot TEXT NOT NULL);
            """)
        // A journal written by an earlier version (a rooms table and an entries table indexed by room and step).
        if try !query("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'entries'", [], { $0.first }).isEmpty {
            try execute(
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
        try execute(
            """
            DELETE FROM steps WHERE (key >> 32) NOT IN (SELECT number FROM room_journals);
            DELETE FROM snapshots WHERE number NOT IN (SELECT number FROM room_journals);
            """)
    }

    deinit {
        connection.withLock { connection in
            for statement in connection.statements.values { sqlite3_finalize(statement) }
            sqlite3_finalize(connection.append)
            sqlite3_close(connection.db)
        }
    }

    func createRoom(_ room: RoomID, seed: UInt64) throws(JournalError) {
        let made = try query(
            "INSERT INTO room_journals (room, seed, created) VALUES (?, ?, ?) ON CONFLICT (room) DO UPDATE SET seed = excluded.seed RETURNING number",
            [.text(room.description), .text(String(seed)), .real(Date().timeIntervalSince1970)]
        ) { Int64($0[0]) }
        guard let number = made.first else { throw JournalError(description: "journal \(path): room \(room) was not recorded") }
        numbers.withLock { $0[room] = number }
    }

    func append(_ room: RoomID, step: Int, entry: String) throws(JournalError) {
        guard (1..<(1 << 32)).contains(step) else { throw JournalError(description: "journal \(path): step \(step) is out of range") }
        let key = try number(of: room) << 32 + Int64(step)
        let path = path
        var entry = entry
        try connection.withLock { connection throws(JournalError) in
            let db = connection.db
            if connection.append == nil {
                guard sqlite3_prepare_v2(db, "INSERT INTO steps (key, entry) VALUES (?, ?)", -1, &connection.append, nil) == SQLITE_OK else {
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
        }
    }

    func rooms() throws(JournalError) -> [(room: RoomID, seed: UInt64)] {
        try query("SELECT room, seed, number FROM room_journals ORDER BY created", []) { row in
            guard let id = RoomID(validating: row[0]), let seed = UInt64(row[1]), let number = Int64(row[2]) else { return nil }
            numbers.withLock { $0[id] = number }
            return (id, seed)
        }
    }

    func entries(of room: RoomID) throws(JournalError) -> [String] {
        let first = Int(try number(of: room)) << 32
        return try query("SELECT entry FROM steps WHERE key > ? AND key < ? ORDER BY key", [.integer(first), .integer(first + (1 << 32))]) { $0[0] }
    }

    func allEntries() throws(JournalError) -> [RoomID: [String]] {
        var entries: [RoomID: [String]] = [:]
        _ = try query("SELECT r.room, s.entry FROM steps s JOIN room_journals r ON r.number = (s.key >> 32) ORDER BY s.key", []) { row -> Int? in
            if let id = RoomID(validating: row[0]) { entries[id, default: []].append(row[1]) }
            return nil
        }
        return entries
    }

    func deleteRoom(_ room: RoomID) throws(JournalError) {
        guard let number = try? number(of: room) else { return }
        let first = Int(number) << 32
        try run("DELETE FROM steps WHERE key > ? AND key < ?", [.integer(first), .integer(first + (1 << 32))])
        try run("DELETE FROM snapshots WHERE number = ?", [.integer(Int(number))])
        try run("DELETE FROM room_journals WHERE number = ?", [.integer(Int(number))])
        numbers.withLock { $0[room] = nil }
    }

    func fold(_ room: RoomID, through step: Int, snapshot: String) throws(JournalError) {
        let number = Int(try number(of: room))
        let first = number << 32
        let path = path
        let none = { (_: [String]) in nil as Int? }
        // One lock hold for the whole transaction, so no other room's write falls inside it.
        try connection.withLock { connection throws(JournalError) in
            try Self.statement(&connection, "BEGIN", [], path: path, none)
            do throws(JournalError) {
                try Self.statement(
                    &connection, "INSERT OR REPLACE INTO snapshots (number, snapshot) VALUES (?, ?)", [.integer(number), .text(snapshot)], path: path, none)
                try Self.statement(&connection, "DELETE FROM steps WHERE key > ? AND key <= ?", [.integer(first), .integer(first + step)], path: path, none)
                try Self.statement(&connection, "COMMIT", [], path: path, none)
            } catch {
                _ = try? Self.statement(&connection, "ROLLBACK", [], path: path, none)
                throw error
            }
        }
    }

    func allSnapshots() throws(JournalError) -> [RoomID: String] {
        var snapshots: [RoomID: String] = [:]
        _ = try query("SELECT r.room, s.snapshot FROM snapshots s JOIN room_journals r ON r.number = s.number", []) { row -> Int? in
            if let id = RoomID(validating: row[0]) { snapshots[id] = row[1] }
            return nil
        }
        return snapshots
    }

    /// The room's number, from memory or the table.
    private func number(of room: RoomID) throws(JournalError) -> Int64 {
        if let known = numbers.withLock({ $0[room] }) { return known }
        guard let found = try query("SELECT number FROM room_journals WHERE room = ?", [.text(room.description)], { Int64($0[0]) }).first else {
            throw JournalError(description: "journal \(path): no room \(room)")
        }
        numbers.withLock { $0[room] = found }
        return found
    }

    // MARK: - SQLite

    private enum Value {
        case text(String)
        case integer(Int)
        case real(Double)
    }

    private func execute(_ sql: String) throws(JournalError) {
        try connection.withLock { connection throws(JournalError) in
            var error: UnsafeMutablePointer<CChar>?
            guard sqlite3_exec(connection.db, sql, nil, nil, &error) == SQLITE_OK else {
                let message = error.map { String(cString: $0) } ?? "unknown error"
                sqlite3_free(error)
                throw JournalError(description: "journal \(path): \(message)")
            }
        }
    }

    private func run(_ sql: String, _ values: [Value]) throws(JournalError) {
        _ = try query(sql, values) { _ in nil as Int? }
    }

    /// Runs one statement (prepared once, then reused) and maps its rows' text columns.
    private func query<Row>(_ sql: String, _ values: [Value], _ map: ([String]) -> Row?) throws(JournalError) -> [Row] {
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
        do {
            let db = connection.db
            let statement: OpaquePointer
            if let prepared = connection.statements[sql] {
                statement = prepared
            } else {
                var prepared: OpaquePointer?
                guard sqlite3_prepare_v2(db, sql, -1, &prepared, nil) == SQLITE_OK, let prepared else {
                    throw JournalError(description: "journal \(path): \(String(cString: sqlite3_errmsg(db)))")
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
                    throw JournalError(description: "journal \(path): \(String(cString: sqlite3_errmsg(db)))")
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
