import CSQLite
import Foundation
import Testing

@testable import PlaygroundJournal

/// The store opened on damaged files: a database SQLite cannot read, a damaged record in the log, a gap in a room's
/// steps. It opens, nothing is applied past a loss, every room can go on, and the loss is reported.
@Suite("The journal opened damaged")
struct JournalDamageTests {
    /// A store's files with one room of `steps` steps, closed; its path and the room.
    static func closedStore(steps: Int) throws -> (path: String, room: RoomID) {
        let path = JournalStoreTests.temporaryPath()
        let room = RoomID.random()
        do {
            let store = try SQLiteJournalStore(path: path, sync: .normal)
            store.createRoom(room, seed: 1)
            if steps > 0 {
                for step in 1...steps { _ = store.append(room, step: step, entry: JournalStoreTests.entry(0, step)) }
            }
            store.flush()
        }
        return (path, room)
    }

    /// Log records of steps `steps` of the store's first room (number 1), with the given first ticket.
    static func logRecords(steps: ClosedRange<Int>, firstTicket: UInt64, room: RoomID) -> [UInt8] {
        var bytes: [UInt8] = []
        for (offset, step) in steps.enumerated() {
            let write = SQLiteJournalStore.Write(
                ticket: JournalTicket(number: firstTicket + UInt64(offset), room: room),
                operation: .append(key: 1 << 32 | Int64(step), entry: JournalStoreTests.entry(0, step)))
            JournalLog.encode(write, into: &bytes)
        }
        return bytes
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    @Test("A damaged record in the older log file: nothing after it is applied, in either file, and it is reported")
    func nothingIsAppliedPastADamagedRecord() throws {
        let (path, room) = try Self.closedStore(steps: 4)
        let logs = JournalLog.paths(for: path)
        var older = Self.logRecords(steps: 5...9, firstTicket: 10, room: room)
        older[40] ^= 0x08  // inside the first record's text
        // The newer file is written to log-a, the older to log-b: which file is older is read from the tickets.
        try Self.write(Self.logRecords(steps: 10...12, firstTicket: 15, room: room), to: logs[0])
        try Self.write(older, to: logs[1])
        let store = try SQLiteJournalStore(path: path, sync: .normal)
        #expect(try store.entries(of: room) == (1...4).map { JournalStoreTests.entry(0, $0) })
        #expect(store.damage.logRecordsDropped == 1 + 4 + 3)
        #expect(store.damage.stepsDropped == 0)
        let reports = store.damage.reports.joined(separator: "\n")
        #expect(reports.contains("\(logs[1]) has a damaged record at byte 0; 4 sound records after it not applied (tickets 11–14: room \(room) steps 6–9)"))
        #expect(reports.contains("\(logs[0]) comes after a damaged record; 3 sound records after it not applied (tickets 15–17: room \(room) steps 10–12)"))
        #expect(store.damage.rooms[room]?.contains("steps 6–9") == true)
        // The damaged file is kept for a look (sound records follow its damaged one); the log starts empty.
        let kept = try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent).filter { $0.contains("-log-b.damaged-") }
        #expect(kept.count == 1)
        #expect(logs.map(JournalStoreTests.fileSize) == [0, 0])
        // The room goes on from its last step.
        let ticket = store.append(room, step: 5, entry: JournalStoreTests.entry(0, 5), callerSettles: true)
        store.settle()
        #expect(JournalStoreTests.outcomes(store, [ticket]) == [nil])
    }

    @Test("A damaged newest record costs only itself: the older file's records are applied")
    func aDamagedNewestRecordCostsOnlyItself() throws {
        let (path, room) = try Self.closedStore(steps: 0)
        let logs = JournalLog.paths(for: path)
        var newer = Self.logRecords(steps: 4...4, firstTicket: 20, room: room)
        newer[newer.count - 3] ^= 0x01
        try Self.write(Self.logRecords(steps: 1...3, firstTicket: 10, room: room), to: logs[0])
        try Self.write(newer, to: logs[1])
        let store = try SQLiteJournalStore(path: path, sync: .normal)
        #expect(try store.entries(of: room) == (1...3).map { JournalStoreTests.entry(0, $0) })
        #expect(store.damage.logRecordsDropped == 1)
        #expect(store.damage.reports.count == 1)
    }

    @Test("A log cut short at its end (a write the process was killed in) is no damage")
    func aTornTailIsNoDamage() throws {
        let (path, room) = try Self.closedStore(steps: 0)
        var bytes = Self.logRecords(steps: 1...3, firstTicket: 10, room: room)
        bytes.removeLast(5)
        try Self.write(bytes, to: JournalLog.paths(for: path)[0])
        let store = try SQLiteJournalStore(path: path, sync: .normal)
        #expect(try store.entries(of: room).count == 2)
        #expect(store.damage.isEmpty)
    }

    @Test("A room whose steps have a gap is cut back to the steps before it, and takes its next step")
    func aGapIsCutBack() throws {
        let (path, room) = try Self.closedStore(steps: 6)
        var db: OpaquePointer?
        #expect(sqlite3_open(path, &db) == SQLITE_OK)
        #expect(sqlite3_exec(db, "DELETE FROM steps WHERE key = \(1 << 32 | 3)", nil, nil, nil) == SQLITE_OK)
        sqlite3_close(db)
        let store = try SQLiteJournalStore(path: path, sync: .normal)
        #expect(try store.entries(of: room) == (1...2).map { JournalStoreTests.entry(0, $0) })
        #expect(store.damage.stepsDropped == 3)
        #expect(store.damage.reports == ["room \(room): step 3 is missing from the journal, so the 3 steps after it (4–6) were cut off; it goes on from step 2"])
        #expect(JournalStoreTests.outcomes(store, [store.append(room, step: 3, entry: "x")]) == [nil])
    }

    @Test("A cut write deletes a room's steps after a step, also from the log")
    func aCutDeletesLaterSteps() throws {
        let (path, room) = try Self.closedStore(steps: 5)
        do {
            let store = try SQLiteJournalStore(path: path, sync: .normal)
            store.holdMoves(true)
            store.cut(room, after: 2)
            _ = store.append(room, step: 3, entry: "three", callerSettles: true)
            store.settle()
            let copy = JournalStoreTests.copyFiles(of: path)  // as a kill leaves it: the cut only in the log
            let reopened = try SQLiteJournalStore(path: copy, sync: .normal)
            #expect(try reopened.entries(of: room) == [JournalStoreTests.entry(0, 1), JournalStoreTests.entry(0, 2), "three"])
            store.holdMoves(false)
        }
    }

    @Test("A database SQLite cannot read is refused, or set aside with its companions and the store starts empty")
    func anUnreadableDatabaseIsSetAside() throws {
        let path = JournalStoreTests.temporaryPath()
        let garbage = Data((0..<200 * 1024).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) })
        try garbage.write(to: URL(fileURLWithPath: path))
        try Data("wal".utf8).write(to: URL(fileURLWithPath: path + "-wal"))
        let refusal = #expect(throws: JournalError.self) { _ = try SQLiteJournalStore(path: path, sync: .normal, onDamage: .refuse) }
        #expect(refusal?.description.contains("is damaged") == true)
        #expect(refusal?.description.contains("file is not a database") == true)
        #expect(FileManager.default.contents(atPath: path) == garbage, "refused: nothing moved")
        let store = try SQLiteJournalStore(path: path, sync: .normal)
        let aside = try #require(store.damage.setAside.first?.to)
        #expect(aside.range(of: #"journal\.sqlite\.corrupt-\d{8}T\d{6}Z$"#, options: .regularExpression) != nil)
        #expect(FileManager.default.contents(atPath: aside) == garbage)
        #expect(FileManager.default.contents(atPath: aside + "-wal") == Data("wal".utf8))
        #expect(try store.rooms().isEmpty)
        let room = RoomID.random()
        store.createRoom(room, seed: 3)
        #expect(JournalStoreTests.outcomes(store, [store.append(room, step: 1, entry: "x")]) == [nil])
    }

    @Test("A database with a damaged page is set aside, and the rooms and steps before the damage are kept")
    func aDamagedPageIsSalvaged() throws {
        let path = JournalStoreTests.temporaryPath()
        let (room, other) = (RoomID.random(), RoomID.random())
        do {
            let store = try SQLiteJournalStore(path: path, sync: .full)
            store.createRoom(room, seed: 1)
            store.createRoom(other, seed: 2)
            for step in 1...200 { _ = store.append(room, step: step, entry: JournalStoreTests.entry(0, step, bytes: 300)) }
            _ = store.append(other, step: 1, entry: "other")
            store.flush()
        }
        // The last page of the room's steps: its b-tree page header says it is a page of no kind.
        let pages = JournalStoreTests.fileSize(path) / 1024
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        try handle.seek(toOffset: UInt64((pages - 2) * 1024))
        try handle.write(contentsOf: Data([0x55, 0x55, 0x55, 0x55]))
        try handle.close()
        let store = try SQLiteJournalStore(path: path, sync: .normal)
        #expect(store.damage.setAside.count >= 1)
        let kept = try store.entries(of: room)
        #expect(kept.count < 200)
        #expect(kept == (1...kept.count).map { JournalStoreTests.entry(0, $0, bytes: 300) }, "a prefix, in order")
        #expect(try store.rooms().count == 2)
        #expect(store.damage.reports.first?.contains("set aside") == true)
    }
}
