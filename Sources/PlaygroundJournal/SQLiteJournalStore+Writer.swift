internal import CSQLite
import Foundation

// The writer's thread: it takes what is queued, commits it (from the log, or straight to SQLite) and answers
// the waiting writes.
extension SQLiteJournalStore.Database {
    func runWriter() {
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
        var moved: [SQLiteJournalStore.Write]
        var batch: [SQLiteJournalStore.Write]
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
    private func commit(_ batch: [SQLiteJournalStore.Write], failedBefore: [RoomID: Failure], on connection: inout Connection) -> [RoomID: Failure] {
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

    static func transaction(
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

    static func run(_ operation: SQLiteJournalStore.Operation, on connection: inout Connection, path: String) throws(JournalError) {
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
            try statement(
                &connection, "DELETE FROM room_presenters WHERE room = (SELECT room FROM room_journals WHERE number = ?)", [.integer(Int(number))],
                path: path, none)
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
}
