import CSQLite
import Dispatch
import Foundation
import Synchronization
import Testing

@testable import PlaygroundApp

/// The SQLite store under the rooms' journals, on a real file, written through the `batched-wal` VFS: what it
/// acknowledges is there when the file is read again — by the store, and by plain SQLite with its default VFS.
@Suite("The journal's SQLite store")
struct JournalStoreTests {
    static func temporaryPath() -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("journal-store-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent("journal.sqlite").path
    }

    /// An entry of `bytes` bytes or more that names its room and step, with text that needs care (quotes, non-ASCII).
    static func entry(_ room: Int, _ step: Int, bytes: Int = 0) -> String {
        #"{"room":\#(room),"step":\#(step),"text":"é \" ✓ "# + String(repeating: "x", count: bytes) + #""}"#
    }

    /// Opens the file with SQLite's default VFS and answers one integer query.
    static func plainQuery(_ path: String, _ sql: String) -> String? {
        var db: OpaquePointer?
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK, let db else { return nil }
        defer { sqlite3_close(db) }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else { return nil }
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW, let text = sqlite3_column_text(statement, 0) else { return nil }
        return String(cString: text)
    }

    @Test("Steps of rooms appended in turn, from several threads at once, read back in order, also from the file opened again")
    func interleavedAppendsReadBack() throws {
        let path = Self.temporaryPath()
        let rooms = (0..<4).map { _ in RoomID.random() }
        var expected: [RoomID: [String]] = [:]
        do {
            let store = try SQLiteJournalStore(path: path, sync: .normal)
            for (index, room) in rooms.enumerated() { try store.createRoom(room, seed: UInt64(index)) }
            // Four threads, one room each, so commits of different rooms run back to back.
            let failures = Mutex(0)
            DispatchQueue.concurrentPerform(iterations: rooms.count) { index in
                for step in 1...300 {
                    // Every 97th step is larger than the VFS's buffer (1 MiB), and some are larger than a page.
                    let size = step % 97 == 0 ? (1 << 20) + 10 : step % 7 == 0 ? 3_000 : step % 5
                    do { try store.append(rooms[index], step: step, entry: Self.entry(index, step, bytes: size)) } catch {
                        failures.withLock { $0 += 1 }
                    }
                }
            }
            #expect(failures.withLock { $0 } == 0)
            for (index, room) in rooms.enumerated() {
                expected[room] = (1...300).map { step in
                    Self.entry(index, step, bytes: step % 97 == 0 ? (1 << 20) + 10 : step % 7 == 0 ? 3_000 : step % 5)
                }
                #expect(try store.entries(of: room) == expected[room])
            }
            #expect(try store.allEntries() == expected)
        }
        let reopened = try SQLiteJournalStore(path: path, sync: .normal)
        #expect(try reopened.rooms().map(\.room).sorted { $0.description < $1.description } == rooms.sorted { $0.description < $1.description })
        #expect(try reopened.allEntries() == expected)
        try reopened.append(rooms[0], step: 301, entry: Self.entry(0, 301))
        #expect(try reopened.entries(of: rooms[0]).last == Self.entry(0, 301))
    }

    /// The WAL file's size on disk, as the kernel has it.
    static func walSize(_ path: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
    }

    @Test("Each commit is in the file when the call returns: the VFS holds nothing back between calls")
    func everyCommitReachesTheFile() throws {
        let path = Self.temporaryPath()
        let store = try SQLiteJournalStore(path: path, sync: .normal)
        let room = RoomID.random()
        var size = Self.walSize(path)
        try store.createRoom(room, seed: 1)
        #expect(Self.walSize(path) > size)
        for step in 1...50 {
            size = Self.walSize(path)
            try store.append(room, step: step, entry: Self.entry(0, step, bytes: step % 3 == 0 ? 5_000 : 10))
            #expect(Self.walSize(path) > size, "step \(step)")
        }
        size = Self.walSize(path)
        try store.fold(room, through: 40, snapshot: #"{"step":40,"time":0,"apps":{}}"#)
        #expect(Self.walSize(path) > size)
    }

    @Test("The file the store wrote (appends and a fold) is a sound SQLite database for SQLite's own VFS, with every row")
    func plainSQLiteReadsTheFile() throws {
        let path = Self.temporaryPath()
        // The store holds the file exclusively while it is open: it is read once the store is gone, as a restart does.
        do {
            let store = try SQLiteJournalStore(path: path, sync: .full)
            let room = RoomID.random()
            try store.createRoom(room, seed: 7)
            for step in 1...200 { try store.append(room, step: step, entry: Self.entry(0, step, bytes: step * 13)) }
            try store.fold(room, through: 150, snapshot: #"{"step":150,"time":0,"apps":{}}"#)
            #expect(try store.entries(of: room).count == 50)
        }
        #expect(Self.plainQuery(path, "PRAGMA integrity_check") == "ok")
        #expect(Self.plainQuery(path, "SELECT count(*) FROM steps") == "50")
        #expect(Self.plainQuery(path, "SELECT count(*) FROM snapshots") == "1")
    }
}
