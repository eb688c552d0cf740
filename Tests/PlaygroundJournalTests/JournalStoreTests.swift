import CSQLite
import Dispatch
import Foundation
import Synchronization
import Testing

@testable import PlaygroundJournal

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

    /// A store on a new file (normal sync) with one room, created and committed.
    static func storeWithOneRoom() throws -> (path: String, store: SQLiteJournalStore, room: RoomID) {
        let path = temporaryPath()
        let store = try SQLiteJournalStore(path: path, sync: .normal)
        let room = RoomID.random()
        store.createRoom(room, seed: 1)
        store.flush()
        return (path, store, room)
    }

    /// Waits until each write is done; its failure, or nil once it is written.
    static func outcomes(_ store: SQLiteJournalStore, _ tickets: [JournalTicket]) -> [JournalError?] {
        let results = Mutex<[UInt64: JournalError?]>([:])
        let group = DispatchGroup()
        for ticket in tickets {
            group.enter()
            store.whenDone(ticket) { failure in
                results.withLock { $0[ticket.number] = .some(failure) }
                group.leave()
            }
        }
        group.wait()
        return results.withLock { results in tickets.map { results[$0.number] ?? nil } }
    }

    @Test("Steps of rooms appended in turn, from several threads at once, read back in order, also from the file opened again")
    func interleavedAppendsReadBack() throws {
        let path = Self.temporaryPath()
        let rooms = (0..<4).map { _ in RoomID.random() }
        var expected: [RoomID: [String]] = [:]
        do {
            let store = try SQLiteJournalStore(path: path, sync: .normal)
            for (index, room) in rooms.enumerated() { store.createRoom(room, seed: UInt64(index)) }
            // Four threads, one room each, so writes of different rooms are queued between each other's.
            let tickets = Mutex<[JournalTicket]>([])
            DispatchQueue.concurrentPerform(iterations: rooms.count) { index in
                for step in 1...300 {
                    // Every 97th step is larger than the VFS's buffer (64 KiB), and some are larger than a page.
                    let size = step % 97 == 0 ? (1 << 20) + 10 : step % 7 == 0 ? 3_000 : step % 5
                    let ticket = store.append(rooms[index], step: step, entry: Self.entry(index, step, bytes: size))
                    tickets.withLock { $0.append(ticket) }
                }
            }
            #expect(Self.outcomes(store, tickets.withLock { $0 }).allSatisfy { $0 == nil })
            // Writes queued faster than one commit takes are committed together.
            #expect(store.largestCommit > 1)
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
        _ = reopened.append(rooms[0], step: 301, entry: Self.entry(0, 301))
        #expect(try reopened.entries(of: rooms[0]).last == Self.entry(0, 301))  // a read sees every write queued before it
    }

    /// The WAL file's size on disk, as the kernel has it.
    static func walSize(_ path: String) -> Int { fileSize(path + "-wal") }

    static func fileSize(_ path: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }

    /// The store's files as the kernel has them now — what a `kill -9` would leave — copied to another directory. The
    /// writer's thread may be moving logged writes meanwhile: the logs are copied before the WAL, the WAL before the
    /// database, so each write is in a copy that is older than the step that may have removed it from its file.
    static func copyFiles(of path: String) -> String {
        let copy = temporaryPath()
        for suffix in ["-log-a", "-log-b", "-wal", ""] where FileManager.default.fileExists(atPath: path + suffix) {
            try? FileManager.default.copyItem(atPath: path + suffix, toPath: copy + suffix)
        }
        return copy
    }

    @Test("A settled write is in the log when it is done: the files as a killed process leaves them open with every acknowledged write")
    func settledWritesSurviveAKill() throws {
        let path = Self.temporaryPath()
        let store = try SQLiteJournalStore(path: path, sync: .normal)
        let (room, other) = (RoomID.random(), RoomID.random())
        store.createRoom(room, seed: 1)
        store.createRoom(other, seed: 2)
        store.flush()
        store.holdMoves(true)  // every write below stays only in the log, as if the process were killed at once
        var copies: [(path: String, steps: Int)] = []
        for step in 1...120 {
            let ticket = store.append(room, step: step, entry: Self.entry(0, step, bytes: step % 10 == 0 ? 70_000 : step), callerSettles: true)
            if step == 60 { store.fold(room, through: 30, snapshot: #"{"step":30,"time":0,"apps":{}}"#) }
            if step == 90 { store.deleteRoom(other) }
            store.settle()
            #expect(store.isDone(ticket))
            if step % 40 == 0 || step == 61 || step == 91 { copies.append((Self.copyFiles(of: path), step)) }
        }
        // Killed after the writer moved the logged writes into SQLite, before it emptied the log: replayed again, harmlessly.
        let movedTwice = Self.temporaryPath()
        for log in JournalLog.paths(for: path) { try FileManager.default.copyItem(atPath: log, toPath: movedTwice + log.dropFirst(path.count)) }
        store.holdMoves(false)
        store.flush()
        #expect(JournalLog.paths(for: path).map(Self.fileSize) == [0, 0], "moved, then emptied")
        for suffix in ["-wal", ""] { try FileManager.default.copyItem(atPath: path + suffix, toPath: movedTwice + suffix) }
        copies.append((movedTwice, 120))
        for (copy, steps) in copies {
            // One copy is opened by a server started with `--journal-sync full`: it replays the log all the same.
            let reopened = try SQLiteJournalStore(path: copy, sync: steps == 40 ? .full : .normal)
            let expected = ((steps >= 60 ? 31 : 1)...steps).map { Self.entry(0, $0, bytes: $0 % 10 == 0 ? 70_000 : $0) }
            #expect(try reopened.entries(of: room) == expected, "the files copied after step \(steps)")
            #expect(try reopened.rooms().map(\.room).contains(other) == (steps < 90), "the files copied after step \(steps)")
            #expect(JournalLog.paths(for: copy).map(Self.fileSize) == [0, 0], "replayed into SQLite, then emptied")
            // The reopened store goes on where the copy ended, and refuses a step it already has.
            #expect(Self.outcomes(reopened, [reopened.append(room, step: steps + 1, entry: "next")]) == [nil])
            #expect(Self.outcomes(reopened, [reopened.append(room, step: steps, entry: "again")])[0] != nil)
        }
    }

    final class Flag: Sendable {
        let value = Atomic<Bool>(false)
        var isSet: Bool { value.load(ordering: .relaxed) }
    }

    @Test("A write settled while the writer's thread commits an earlier one is done only once that one is")
    func aSettledWriteWaitsForAnEarlierCommit() throws {
        let (inCommit, release, holding) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0), Flag())
        // The store calls this on the writer's thread after a commit, before it marks the commit's writes done.
        let store = try SQLiteJournalStore(path: Self.temporaryPath(), sync: .normal) { _, _ in
            if holding.value.exchange(false, ordering: .relaxed) {
                inCommit.signal()
                release.wait()
            }
        }
        let (first, second) = (RoomID.random(), RoomID.random())
        store.createRoom(second, seed: 2)
        store.flush()
        holding.value.store(true, ordering: .relaxed)
        let earlier = store.createRoom(first, seed: 1)  // queued with a wake: the writer's thread commits it
        inCommit.wait()
        let later = store.append(second, step: 1, entry: "x", callerSettles: true)
        store.settle()  // logged: durable, but not done before the earlier write
        #expect(!store.isDone(earlier))
        #expect(!store.isDone(later))
        let answered = Flag()
        store.whenDone(later) { _ in answered.value.store(true, ordering: .relaxed) }
        #expect(!answered.isSet)
        release.signal()
        #expect(Self.outcomes(store, [earlier, later]) == [nil, nil])
        #expect(answered.isSet)
    }

    @Test("A log write that fails is reported with its reason; a file it cannot cut back is marked torn")
    func aFailedLogWriteIsReported() throws {
        // /dev/full takes no byte (ENOSPC) and cannot be truncated: the worst a full disk can do.
        var full = try JournalLog(paths: ["/dev/full", "/dev/full"])
        defer { full.close() }
        let write = SQLiteJournalStore.Write(ticket: JournalTicket(number: 1, room: RoomID.random()), operation: .append(key: 1 << 32 | 1, entry: "x"))
        var bytes: [UInt8] = []
        JournalLog.encode(write, into: &bytes)
        #expect(throws: JournalError.self) { try full.append(bytes) }
        do {
            try full.append(bytes)
        } catch {
            #expect(error.description.contains("cannot write the journal's log /dev/full: No space left on device"))
        }
        #expect(full.torn)
        // A file that takes the bytes is not torn, and holds exactly the records written.
        let path = Self.temporaryPath()
        var log = try JournalLog(databasePath: path)
        defer { log.close() }
        try log.append(bytes)
        try log.append(bytes)
        #expect(!log.torn)
        #expect(JournalLog.records(at: JournalLog.paths(for: path)[0]).map(\.ticket) == [1, 1])

        // A store whose log cannot be written: the write fails (its room with it), and once the log could not be cut
        // back, every later write fails too, whatever its room; what SQLite holds stays readable.
        let store = try SQLiteJournalStore(path: Self.temporaryPath(), sync: .normal, logPaths: ["/dev/full", "/dev/full"])
        let (room, other) = (RoomID.random(), RoomID.random())
        store.createRoom(room, seed: 1)
        store.createRoom(other, seed: 2)
        store.flush()
        let failed = store.append(room, step: 1, entry: "x", callerSettles: true)
        store.settle()
        #expect(Self.outcomes(store, [failed])[0]?.description.contains("No space left on device") == true)
        let refused = store.append(other, step: 1, entry: "y", callerSettles: true)
        store.settle()
        #expect(Self.outcomes(store, [refused])[0]?.description.contains("nothing more is logged") == true)
        #expect(try store.rooms().count == 2)
    }

    @Test("A log cut short or damaged at its end (a write the process died in) opens with every record before it")
    func aTornLogTailIsLeftOut() throws {
        let (path, store, room) = try Self.storeWithOneRoom()
        for step in 1...5 {
            _ = store.append(room, step: step, entry: Self.entry(0, step), callerSettles: true)
            store.settle()
        }
        let copy = Self.copyFiles(of: path)
        let log = JournalLog.paths(for: copy).max { Self.fileSize($0) < Self.fileSize($1) }!
        var bytes = try #require(FileManager.default.contents(atPath: log))
        #expect(JournalLog.records(at: log).count == 5)
        // The last record loses its end, then a byte of its text changes: either way the first four are kept.
        bytes.removeLast(3)
        try bytes.write(to: URL(fileURLWithPath: log))
        #expect(JournalLog.records(at: log).count == 4)
        bytes.append(contentsOf: [0, 0, 0])
        bytes[bytes.count - 10] ^= 0x20
        try bytes.write(to: URL(fileURLWithPath: log))
        #expect(JournalLog.records(at: log).count == 4)
        let reopened = try SQLiteJournalStore(path: copy, sync: .normal)
        #expect(try reopened.entries(of: room) == (1...4).map { Self.entry(0, $0) })
    }

    @Test("A write is in the file when it is reported done: the VFS holds nothing back after a commit")
    func everyCommitReachesTheFile() throws {
        let path = Self.temporaryPath()
        let store = try SQLiteJournalStore(path: path, sync: .normal)
        let room = RoomID.random()
        var size = Self.walSize(path)
        #expect(Self.outcomes(store, [store.createRoom(room, seed: 1)]) == [nil])
        #expect(Self.walSize(path) > size)
        for step in 1...50 {
            size = Self.walSize(path)
            let ticket = store.append(room, step: step, entry: Self.entry(0, step, bytes: step % 3 == 0 ? 5_000 : 10))
            #expect(Self.outcomes(store, [ticket]) == [nil])
            #expect(Self.walSize(path) > size, "step \(step)")
        }
        size = Self.walSize(path)
        #expect(Self.outcomes(store, [store.fold(room, through: 40, snapshot: #"{"step":40,"time":0,"apps":{}}"#)]) == [nil])
        #expect(Self.walSize(path) > size)
    }

    @Test("A write that fails fails its room's later writes, and no other room's, whether or not they shared its commit")
    func aFailedWriteTakesOnlyItsRoom() throws {
        let store = try SQLiteJournalStore(path: Self.temporaryPath(), sync: .normal)
        let (broken, fine) = (RoomID.random(), RoomID.random())
        store.createRoom(broken, seed: 1)
        store.createRoom(fine, seed: 2)
        for round in 0..<20 {  // queued back to back: most rounds share commits, some may not
            let base = round * 3
            let tickets = [
                store.append(broken, step: base + 1, entry: "b1"), store.append(fine, step: base + 1, entry: "f1"),
                store.append(broken, step: round == 0 ? 1 : base + 2, entry: "b2"),  // round 0: step 1 again, refused when queued
                store.append(fine, step: base + 2, entry: "f2"), store.append(broken, step: base + 3, entry: "b3"),
                store.append(fine, step: base + 3, entry: "f3"),
            ]
            let outcomes = Self.outcomes(store, tickets)
            #expect(outcomes[1] == nil && outcomes[3] == nil && outcomes[5] == nil, "round \(round): \(outcomes)")
            if round == 0 {
                #expect(outcomes[0] == nil)
                #expect(outcomes[2]?.description.contains("step 1 of room \(broken) is not after its last step, 1") == true)
            } else {
                #expect(outcomes[0] != nil)  // the room failed in round 0: nothing of it is written after
            }
            #expect(outcomes[4] != nil)
        }
        #expect(store.largestCommit > 1)  // some rounds did share commits
        #expect(try store.entries(of: broken) == ["b1"])
        #expect(try store.entries(of: fine).count == 60)
        #expect(store.failure(of: broken) != nil)
        #expect(store.failure(of: fine) == nil)
    }

    @Test("Writes settled on the calling thread are logged there and moved into SQLite in batches; the WAL is checkpointed by the writer's thread; log and WAL stay bounded")
    func settledWritesAndCheckpoints() throws {
        let (path, store, room) = try Self.storeWithOneRoom()
        // 30 MB of steps, each settled at once as an event's request does: without checkpoints the WAL would hold it all.
        for step in 1...10_000 {
            let ticket = store.append(room, step: step, entry: Self.entry(0, step, bytes: 3_000), callerSettles: true)
            store.settle()
            if step % 1_000 == 0 { #expect(Self.outcomes(store, [ticket]) == [nil]) }
        }
        store.flush()
        #expect(store.checkpoints >= 2)
        #expect(store.largestCommit > 10, "moved \(store.largestCommit) writes at most in one commit")
        // A write logged on the calling thread does not wake the idle writer for nothing.
        #expect(store.idleWakeUps < 50, "the idle writer was woken \(store.idleWakeUps) times for nothing")
        #expect(Self.walSize(path) < 20 << 20, "WAL \(Self.walSize(path)) bytes")
        #expect(try store.entries(of: room).count == 10_000)
        #expect(JournalLog.paths(for: path).map(Self.fileSize) == [0, 0], "what was moved is emptied from the log")
    }

    @Test("The page cache stays within 256 KiB while 200 rooms write 4 MB of steps (SQLite's default kept 2 MB of written pages)")
    func pageCacheIsSmall() throws {
        let path = Self.temporaryPath()
        let store = try SQLiteJournalStore(path: path, sync: .normal)
        let rooms = (0..<200).map { _ in RoomID.random() }
        for room in rooms { store.createRoom(room, seed: 1) }
        for step in 1...10 {
            for (index, room) in rooms.enumerated() { _ = store.append(room, step: step, entry: Self.entry(index, step, bytes: 2_000)) }
            store.flush()
        }
        let used = store.database.connection.withLock { connection -> Int32 in
            var current: Int32 = 0
            var highest: Int32 = 0
            sqlite3_db_status(connection.db, SQLITE_DBSTATUS_CACHE_USED, &current, &highest, 0)
            return current
        }
        #expect(used > 0)
        #expect(used <= 300 << 10, "the page cache holds \(used) bytes")
        #expect(try store.entries(of: rooms[199]).count == 10)
    }

    @Test("The file the store wrote (appends and a fold) is a sound SQLite database for SQLite's own VFS, with every row")
    func plainSQLiteReadsTheFile() throws {
        let path = Self.temporaryPath()
        // The store holds the file exclusively while it is open: it is read once the store is gone, as a restart does.
        do {
            let store = try SQLiteJournalStore(path: path, sync: .full)
            let room = RoomID.random()
            store.createRoom(room, seed: 7)
            for step in 1...200 { _ = store.append(room, step: step, entry: Self.entry(0, step, bytes: step * 13)) }
            store.fold(room, through: 150, snapshot: #"{"step":150,"time":0,"apps":{}}"#)
            #expect(try store.entries(of: room).count == 50)
        }
        #expect(Self.plainQuery(path, "PRAGMA integrity_check") == "ok")
        #expect(Self.plainQuery(path, "SELECT count(*) FROM steps") == "50")
        #expect(Self.plainQuery(path, "SELECT count(*) FROM snapshots") == "1")
    }
}
