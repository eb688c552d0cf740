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
    /// Keeps a room's presenter record (owner digests, lock, spotlight) beside its journal, never in its steps; nil
    /// deletes it.
    func savePresenters(_ room: RoomID, record: String?)
    /// Every room's presenter record.
    func allPresenters() throws(JournalError) -> [RoomID: String]
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

extension JournalStore {
    /// A store that keeps no presenter records: a restart forgets locks and owners.
    package func savePresenters(_ room: RoomID, record: String?) {}
    package func allPresenters() throws(JournalError) -> [RoomID: String] { [:] }
}
