internal import CSQLite
import Foundation
import Synchronization

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

        struct Connection: @unchecked Sendable {
            var db: OpaquePointer?
            var statements: [String: OpaquePointer] = [:]
            /// The append's statement, kept apart: it runs on every step.
            var append: OpaquePointer?
        }

        let connection: Mutex<Connection>
        let path: String

        let condition = NSCondition()
        var pending: [Write] = []
        /// The last ticket handed out; every ticket up to `doneThrough` is written (or failed).
        private var issued: UInt64 = 0
        private let doneThrough = Atomic<UInt64>(0)
        /// Every ticket up to this one is in a batch being committed or logged (or done): its taker answers its waiters.
        var takenThrough: UInt64 = 0
        /// Every ticket up to this one is in SQLite (or failed): what ``flush()`` waits for, so a read sees it.
        var storedThrough: UInt64 = 0
        /// Normal sync mode: the log settled writes are appended to, with this lock held (so its records keep the
        /// queue's order; the writer's thread takes logged writes and swaps the log's files with it held too).
        let log = Mutex<JournalLog?>(nil)
        private var logging = false
        /// Logged writes not yet in SQLite, oldest first, and the last ticket a settle took.
        var logged: [Write] = []
        var loggedBytes = 0
        var loggedThrough: UInt64 = 0
        /// Set once logged writes could not be moved into SQLite: they stay in the log for the next start, and every
        /// later write fails with this.
        var logFailure: JournalError?
        /// Tests: logged writes stay only in the log (as if the process were killed before the writer moved them).
        var movesHeld = false
        /// The writer's thread moves logged writes once this many are waiting, or after `moveAfter`.
        static let moveAt = (writes: 1024, bytes: 4 << 20)
        static let moveAfter: TimeInterval = 0.1
        private var waiting: [UInt64: (room: RoomID, callbacks: [@Sendable (JournalError?) -> Void])] = [:]
        /// The first ticket of the batch the writer's thread is committing, while it does: no later ticket counts as
        /// done before it (a settle may log later writes meanwhile; ``isDone(_:)`` is one watermark).
        var committingFrom: UInt64?
        /// The last ticket a settle took (logged, or failed).
        var settledThrough: UInt64 = 0
        /// Each room's failed write: it and every later write of the room fail (a room's journal has no gaps).
        var failures: [RoomID: Failure] = [:]
        let failureCount = Atomic<Int>(0)
        var writerIdle = false
        var wakeRequested = false
        var stopping = false
        var writing = false
        /// Threads waiting in ``flush()``: a commit wakes them, and only then (the idle writer waits on the same
        /// condition, and a wake-up per commit would cost it a context switch per event).
        var flushing = 0
        let stopped = DispatchSemaphore(value: 0)
        /// Set by SQLite's WAL hook once the WAL holds `checkpointFrames`: the writer's thread checkpoints next.
        let checkpointWanted = Atomic<Bool>(false)
        static let checkpointFrames: Int32 = 8_192
        let largestCommit = Atomic<Int>(0)
        let checkpoints = Atomic<Int>(0)
        let idleWakeUps = Atomic<Int>(0)

        let committed: (@Sendable (Int, Duration) -> Void)?

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
        func requestWakeLocked() {
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
        func markDoneLocked(through: UInt64) -> [DoneCall] {
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
    }
}
