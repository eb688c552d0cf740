internal import CSQLite
import Foundation

/// Opening a damaged journal. A database SQLite cannot read is set aside and what of it still reads is kept; log
/// records after a damaged one are not applied; a room's steps after a missing one are cut off. Each is reported
/// (``JournalDamage``): nothing acknowledged is lost silently, and no room is left refusing every event.
extension SQLiteJournalStore {
    /// What could still be read from a damaged database: writes that rebuild it, oldest first.
    struct Salvage {
        var writes: [Operation]
        var rooms: Int
        var steps: Int
        var problems: [(RoomID, String)]
    }

    /// Moves the database and its companions (WAL, shared memory, the log's two files) aside, named with the time:
    /// `journal.sqlite.corrupt-20261126T134500Z`, `…-wal`, `…-log-a`.
    static func setAside(_ path: String, logPaths: [String], now: Date = Date()) -> [JournalDamage.SetAside] {
        let stamp = JournalDamage.stamp(now)
        var aside = "\(path).corrupt-\(stamp)"
        var suffix = 2
        while FileManager.default.fileExists(atPath: aside) {
            aside = "\(path).corrupt-\(stamp)-\(suffix)"
            suffix += 1
        }
        let companions =
            [(path, aside), (path + "-wal", aside + "-wal"), (path + "-shm", aside + "-shm")]
            + logPaths.map { log in (log, log.hasPrefix(path) ? aside + log.dropFirst(path.count) : "\(log).corrupt-\(stamp)") }
        var moved: [JournalDamage.SetAside] = []
        for (from, to) in companions where FileManager.default.fileExists(atPath: from) && rename(from, to) == 0 {
            moved.append(JournalDamage.SetAside(from: from, to: to))
        }
        return moved
    }

    /// Reads what it can of a damaged database, with SQLite's default VFS and read-only: every room, every snapshot,
    /// and each room's steps in order up to the first one SQLite cannot read.
    static func salvage(from path: String) -> Salvage {
        var salvage = Salvage(writes: [], rooms: 0, steps: 0, problems: [])
        var handle: OpaquePointer?
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY, nil) == SQLITE_OK, let db = handle else {
            sqlite3_close(handle)
            return salvage
        }
        defer { sqlite3_close(db) }
        var rooms: [(number: Int64, room: RoomID)] = []
        _ = rows(db, "SELECT number, room, seed, created FROM room_journals ORDER BY number", []) { row in
            guard let number = Int64(row[0]), let room = RoomID(validating: row[1]), UInt64(row[2]) != nil else { return }
            rooms.append((number, room))
            salvage.writes.append(.createRoom(number: number, room: row[1], seed: row[2], created: Double(row[3]) ?? 0))
        }
        salvage.rooms = rooms.count
        _ = rows(db, "SELECT number, snapshot FROM snapshots", []) { row in
            guard let number = Int64(row[0]), let step = snapshotStep(row[1]) else { return }
            salvage.writes.append(.fold(number: number, through: step, snapshot: row[1]))
        }
        for (number, room) in rooms {
            let first = number << 32
            var last = 0
            let whole = rows(db, "SELECT key, entry FROM steps WHERE key > ? AND key < ? ORDER BY key", [first, first + (1 << 32)]) { row in
                guard let key = Int64(row[0]) else { return }
                salvage.writes.append(.append(key: key, entry: row[1]))
                salvage.steps += 1
                last = Int(key - first)
            }
            if !whole { salvage.problems.append((room, "its steps after step \(last) were in a damaged page of the journal's file and are lost")) }
        }
        return salvage
    }

    /// Runs one query, handing each row's text columns to `each`; false if it stopped at an error.
    private static func rows(_ db: OpaquePointer, _ sql: String, _ values: [Int64], _ each: ([String]) -> Void) -> Bool {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else { return false }
        defer { sqlite3_finalize(statement) }
        for (index, value) in values.enumerated() { sqlite3_bind_int64(statement, Int32(index + 1), value) }
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { return true }
            guard status == SQLITE_ROW else { return false }
            each((0..<sqlite3_column_count(statement)).map { column in sqlite3_column_text(statement, column).map { String(cString: $0) } ?? "" })
        }
    }

    /// The step a snapshot (JSON) folds through; nil if it is not one this version reads.
    static func snapshotStep(_ json: String) -> Int? {
        struct Step: Decodable { let step: Int }
        return (try? JSONDecoder().decode(Step.self, from: Data(json.utf8)))?.step
    }

    /// Says what the log's damage cost: each damaged file, the sound records not applied (by ticket, and by room and
    /// step), and keeps a file aside where a record's own checksum holds after a damaged one (it is worth a look).
    static func report(_ reading: JournalLog.Reading, roomOf known: [Int64: RoomID], into damage: inout JournalDamage) {
        damage.logRecordsDropped += reading.droppedCount
        var roomOf = known
        for file in reading.files {
            for record in file.dropped {
                if case .createRoom(let number, let room, _, _) = record.operation, let id = RoomID(validating: room) { roomOf[number] = id }
            }
        }
        for (file, dropped, damaged) in reading.files where damaged || !dropped.isEmpty {
            var sentence =
                damaged
                ? "the journal's log \(file.path) has a damaged record at byte \(file.problem ?? 0)"
                : "the journal's log \(file.path) comes after a damaged record"
            if dropped.isEmpty {
                sentence += "; no sound record follows it"
            } else {
                var steps: [RoomID: [Int]] = [:]
                var others: [String] = []
                for record in dropped {
                    let name = { (number: Int64) in roomOf[number].map { "room \($0)" } ?? "room #\(number)" }
                    switch record.operation {
                    case .append(let key, _):
                        if let room = roomOf[key >> 32] { steps[room, default: []].append(Int(key & 0xffff_ffff)) } else { others.append("a step of \(name(key >> 32))") }
                    case .createRoom(let number, _, _, _): others.append("the start of \(name(number))")
                    case .fold(let number, let through, _): others.append("the fold of \(name(number)) through step \(through)")
                    case .delete(let number): others.append("the deletion of \(name(number))")
                    case .cut(let number, let after): others.append("the cut of \(name(number)) after step \(after)")
                    case .checkpoint(let number, let step, _): others.append("the checkpoint of \(name(number)) after step \(step)")
                    case .refuse: break
                    }
                }
                let tickets = JournalDamage.ranges(dropped.map { Int($0.ticket) })
                let rooms = steps.sorted { $0.key.description < $1.key.description }.map { "room \($0.key) steps \(JournalDamage.ranges($0.value))" }
                sentence += "; \(dropped.count) sound records after it not applied (tickets \(tickets): \((rooms + others).joined(separator: ", ")))"
                for (room, lost) in steps {
                    damage.roomLost(room, "steps \(JournalDamage.ranges(lost)) came after a damaged record of the journal's log and are lost")
                }
            }
            if damaged, !file.after.isEmpty {
                let aside = "\(file.path).damaged-\(JournalDamage.stamp())"
                if rename(file.path, aside) == 0 { sentence += "; the file is kept as \(aside)" }
            }
            damage.reports.append(sentence)
        }
    }

    /// Cuts each room's steps back to the run that follows its base without a gap: a step after a missing one can
    /// never be replayed in its place, and the store would refuse every later step (its last step is the highest).
    static func cutGaps(in database: Database, rooms: [Int64: RoomID], into damage: inout JournalDamage) throws(JournalError) {
        let bases = Dictionary(
            try database.query("SELECT number, snapshot FROM snapshots", []) { row in Int64(row[0]).map { ($0, snapshotStep(row[1])) } },
            uniquingKeysWith: { first, _ in first })
        for (number, room) in rooms.sorted(by: { $0.key < $1.key }) {
            let first = Int(number) << 32
            var base = 0
            if let snapshot = bases[number] {
                guard let step = snapshot else { continue }  // a snapshot this version cannot read: the room is not restored
                base = step
            }
            let steps = try database.query("SELECT key FROM steps WHERE key > ? AND key < ? ORDER BY key", [.integer(first), .integer(first + (1 << 32))]) {
                Int($0[0]).map { $0 - first }
            }
            var next = base + 1
            for step in steps where step > base {
                guard step == next else { break }
                next += 1
            }
            let cut = steps.filter { $0 >= next }
            // Steps at or before the base are folded into it (the fold deletes them in its own transaction).
            let none = { (_: [String]) in nil as Int? }
            if let oldest = steps.first, oldest <= base {
                _ = try database.query("DELETE FROM steps WHERE key > ? AND key <= ?", [.integer(first), .integer(first + base)], none)
            }
            // A checkpoint past the steps that are left (its steps were lost with a damaged log) is no shortcut to them.
            _ = try database.query("DELETE FROM checkpoints WHERE number = ? AND step >= ?", [.integer(Int(number)), .integer(next)], none)
            guard !cut.isEmpty else { continue }
            _ = try database.query("DELETE FROM steps WHERE key >= ? AND key < ?", [.integer(first + next), .integer(first + (1 << 32))], none)
            damage.stepsDropped += cut.count
            damage.reports.append(
                "room \(room): step \(next) is missing from the journal, so the \(cut.count) steps after it (\(JournalDamage.ranges(cut))) were cut off; it goes on from step \(next - 1)")
            damage.roomLost(room, "step \(next) was lost, and the steps after it (\(JournalDamage.ranges(cut))) were cut off")
        }
    }
}
