import AppSeam
import Foundation
import PlaygroundHTTP
import PlaygroundJournal
import PlaygroundUI

// Reading the history back: from memory or the store, for past pages, forks, exports and `/history`.
extension Room {
    /// The whole history, oldest first: read back from the store, or from memory; 404 when the server keeps none.
    func history() throws(HTTPError) -> [JournalEntry] {
        switch journalMode {
        case .memory: return memoryHistory
        case .off:
            throw HTTPError(
                .notFound, code: "journal_off", message: "This server keeps no journal (it runs with --no-journal): rooms have no history.")
        case .store:
            guard journalStarted, let store = blueprint.journal else { return [] }
            return try Self.entries(of: id, in: store)
        }
    }

    /// A room's entries read back from the store.
    static func entries(of id: RoomID, in store: any JournalStore) throws(HTTPError) -> [JournalEntry] {
        let unreadable = { (reason: String) in
            HTTPError(.internalServerError, code: "journal_unreadable", message: "This room's journal cannot be read (\(reason)).")
        }
        let texts: [String]
        do { texts = try store.entries(of: id) } catch { throw unreadable(error.description) }
        let decoder = JSONDecoder()
        var entries: [JournalEntry] = []
        entries.reserveCapacity(texts.count)
        for text in texts {
            guard let entry = try? decoder.decode(JournalEntry.self, from: Data(text.utf8)) else { throw unreadable("an entry is not JSON") }
            entries.append(entry)
        }
        return entries
    }

    /// Where the history is: at hand (memory, or nothing written yet), or in the store after `base`.
    enum HistorySource: Sendable {
        case ready(RoomHistory)
        case store(any JournalStore, base: RoomSnapshot?)
    }

    func historySource() throws(HTTPError) -> HistorySource {
        guard journalMode == .store, journalStarted, let store = blueprint.journal else { return .ready(try recordedHistory()) }
        return .store(store, base: base)
    }

    /// The history, read without holding the room: a whole history takes ~0.1 s to read, and the room goes on
    /// meanwhile. Only what says where it is is taken on the room's queue; if the room folded while the store was
    /// read (its base moved), it is read again.
    nonisolated func readHistory() throws(HTTPError) -> RoomHistory {
        for _ in 0..<3 {
            switch try perform({ room in Result { () throws(HTTPError) in try room.historySource() } }).get() {
            case .ready(let history):
                return history
            case .store(let store, let base):
                let entries = try Self.entries(of: id, in: store)
                if perform({ $0.base?.step }) == base?.step { return RoomHistory(base: base, entries: entries) }
            }
        }
        return try perform { room in Result { () throws(HTTPError) in try room.recordedHistory() } }.get()
    }

    /// The whole history as an export document, read as ``readHistory()`` does.
    /// With what the apps applied after its last step, when some of it ran side by side (see ``DeliveryTail``).
    nonisolated func readExportDocument() throws(HTTPError) -> JournalDocument {
        let history = try readHistory()
        let tail = perform { $0.deliveryTail() }.flatMap { $0.step == history.lastStep ? $0 : nil }
        let version = tail != nil || history.entries.contains { $0.order != nil } ? 4 : history.base == nil ? 2 : 3
        return JournalDocument(
            format: JournalDocument.formatName, version: version, room: id.description, seed: String(seed), apps: blueprint.registry.ids,
            base: history.base, entries: history.entries, tail: tail)
    }

    /// The earliest step kept and the latest, without reading the history (404 `journal_off` when none is kept).
    func historyBounds() throws(HTTPError) -> (first: Int, last: Int) {
        if journalMode == .off { _ = try history() }
        return (base?.step ?? 0, steps)
    }

    /// The history as the journal keeps it: the snapshot, if the room folded, and the steps after it.
    func recordedHistory() throws(HTTPError) -> RoomHistory {
        RoomHistory(base: base, entries: try history())
    }
}
