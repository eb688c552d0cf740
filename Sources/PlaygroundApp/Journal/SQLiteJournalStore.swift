import CSQLite
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

/// The journal in one SQLite database file (WAL mode), through SQLite's C API.
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
    }

    private let connection: Mutex<Connection>
    let path: String

    init(path: String, sync: JournalSync) throws(JournalError) {
        self.path = path
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        guard sqlite3_open_v2(path, &handle, flags, nil) == SQLITE_OK, let db = handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(handle)
            throw JournalError(description: "cannot open the journal \(path): \(message)")
        }
        connection = Mutex(Connection(db: db))
        // One process owns the file: exclusive locking keeps the WAL index in memory and takes no file lock per
        // commit. Entries are appended in rowid order (the history, a past step, a fork and an export read a room's
        // through its index; start-up reads them all in one pass). Small pages
        // keep each commit's WAL frame small; checkpoints (and their fsync) come every 8 MiB of WAL, not every 4.
        try execute(
            """
            PRAGMA page_size = 1024;
            PRAGMA locking_mode = EXCLUSIVE;
            PRAGMA journal_mode = WAL;
            PRAGMA wal_autocheckpoint = 8192;
            PRAGMA synchronous = \(sync == .full ? "FULL" : "NORMAL");
            CREATE TABLE IF NOT EXISTS rooms (room TEXT PRIMARY KEY, seed TEXT NOT NULL, created REAL NOT NULL);
            CREATE TABLE IF NOT EXISTS entries (room TEXT NOT NULL, step INTEGER NOT NULL, entry TEXT NOT NULL);
            CREATE INDEX IF NOT EXISTS entries_by_room ON entries (room, step);
            DELETE FROM entries WHERE room NOT IN (SELECT room FROM rooms);
            """)
    }

    deinit {
        connection.withLock { connection in
            for statement in connection.statements.values { sqlite3_finalize(statement) }
            sqlite3_close(connection.db)
        }
    }

    func createRoom(_ room: RoomID, seed: UInt64) throws(JournalError) {
        try run("INSERT OR REPLACE INTO rooms (room, seed, created) VALUES (?, ?, ?)", [.text(room.description), .text(String(seed)), .real(Date().timeIntervalSince1970)])
    }

    func append(_ room: RoomID, step: Int, entry: String) throws(JournalError) {
        try run("INSERT INTO entries (room, step, entry) VALUES (?, ?, ?)", [.text(room.description), .integer(step), .text(entry)])
    }

    func rooms() throws(JournalError) -> [(room: RoomID, seed: UInt64)] {
        try query("SELECT room, seed FROM rooms ORDER BY created", []) { row in
            guard let id = RoomID(validating: row[0]), let seed = UInt64(row[1]) else { return nil }
            return (id, seed)
        }
    }

    func entries(of room: RoomID) throws(JournalError) -> [String] {
        try query("SELECT entry FROM entries WHERE room = ? ORDER BY step", [.text(room.description)]) { $0[0] }
    }

    func allEntries() throws(JournalError) -> [RoomID: [String]] {
        var entries: [RoomID: [String]] = [:]
        _ = try query("SELECT room, entry FROM entries ORDER BY rowid", []) { row -> Int? in
            if let id = RoomID(validating: row[0]) { entries[id, default: []].append(row[1]) }
            return nil
        }
        return entries
    }

    func deleteRoom(_ room: RoomID) throws(JournalError) {
        try run("DELETE FROM rooms WHERE room = ?", [.text(room.description)])
        try run("DELETE FROM entries WHERE room = ?", [.text(room.description)])
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
        try connection.withLock { connection throws(JournalError) -> [Row] in
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
