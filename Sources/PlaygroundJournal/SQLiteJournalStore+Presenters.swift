// Presenter records: a table of their own beside the steps, so no history, export or replay ever carries them.
extension SQLiteJournalStore {
    /// Written at once under the connection's lock (outside the writer's queue and its log): a lock or an owner is
    /// rare, and the log's files should hold no digest.
    package func savePresenters(_ room: RoomID, record: String?) {
        let none = { (_: [String]) in nil as Int? }
        do throws(JournalError) {
            if let record {
                _ = try database.query(
                    "INSERT INTO room_presenters (room, record) VALUES (?, ?) ON CONFLICT (room) DO UPDATE SET record = excluded.record",
                    [.text(room.description), .text(record)], none)
            } else {
                _ = try database.query("DELETE FROM room_presenters WHERE room = ?", [.text(room.description)], none)
            }
        } catch {
            // The room goes on with its presenters in memory; a restart would find the room unlocked and unowned.
        }
    }

    /// Records of the rooms the journal holds; any other (a room whose creation a crash lost) is deleted.
    package func allPresenters() throws(JournalError) -> [RoomID: String] {
        database.flush()
        _ = try database.query("DELETE FROM room_presenters WHERE room NOT IN (SELECT room FROM room_journals)", []) { _ in nil as Int? }
        var records: [RoomID: String] = [:]
        _ = try database.query("SELECT room, record FROM room_presenters", []) { row -> Int? in
            if let id = RoomID(validating: row[0]) { records[id] = row[1] }
            return nil
        }
        return records
    }
}
