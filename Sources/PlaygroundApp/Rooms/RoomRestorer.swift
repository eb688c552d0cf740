import Foundation
import Logging
import PlaygroundHTTP
import PlaygroundJournal

/// Brings a hibernated room back from its journal: from its latest checkpoint (else its snapshot, else its start),
/// replaying only the steps after it.
///
/// A step that does not read or does not replay ends the room's history there: the steps from it on are cut off the
/// journal (and reported: the log, `/metrics`, `/healthz`, the room's page), so the room goes on from what replayed,
/// as a fork of it would.
struct RoomRestorer: Sendable {
    let store: any JournalStore
    let blueprint: Room.Blueprint
    let damage: JournalDamageLedger
    let instruments: AppInstruments
    let logger: Logger

    /// The room woken from its journal; nil when the journal holds nothing of it (a room nobody used: it comes back
    /// fresh) or only a snapshot this version cannot restore (kept for a version that can).
    func restore(_ id: RoomID, seed: UInt64) async throws(HTTPError) -> Room? {
        let decoder = JSONDecoder()
        let unreadable = { (error: JournalError) in HTTPError(.serviceUnavailable, code: "journal_unavailable", message: error.description) }
        let baseText: String?
        let checkpointRow: (step: Int, snapshot: String)?
        do throws(JournalError) {
            (baseText, checkpointRow) = (try store.snapshot(of: id), try store.latestCheckpoint(of: id))
        } catch {
            throw unreadable(error)
        }
        var base: RoomSnapshot?
        if let baseText {
            guard let decoded = try? decoder.decode(RoomSnapshot.self, from: Data(baseText.utf8)) else {
                logger.error("room \(id) not restored", metadata: ["error": "its snapshot is not JSON this version reads"])
                return nil
            }
            base = decoded
        }
        let room = Room(id: id, blueprint: blueprint, seed: seed, startsJournal: false)
        room.perform { $0.startSequence(after: Self.sequenceFloor()) }
        let start = base?.step ?? 0
        if let base, case .failure(let error) = await Self.restore(room, from: base) {
            logger.error("room \(id) not restored", metadata: ["error": "\(error.message)"])
            room.perform { $0.close() }
            return nil
        }
        // The checkpoint is a shortcut: one that does not restore is passed over (the steps are all there).
        if let checkpointRow, checkpointRow.step > start,
            let checkpoint = try? decoder.decode(RoomSnapshot.self, from: Data(checkpointRow.snapshot.utf8))
        {
            let fresh = Room(id: id, blueprint: blueprint, seed: seed, startsJournal: false)
            fresh.perform { $0.startSequence(after: Self.sequenceFloor()) }
            switch await Self.restore(fresh, checkpoint: checkpoint, base: base) {
            case .success:
                room.perform { $0.close() }
                return try await replay(into: fresh, id: id, after: checkpointRow.step, decoder: decoder)
            case .failure(let error):
                fresh.perform { $0.close() }
                logger.warning("room \(id): its checkpoint did not restore; it replays from its start", metadata: ["error": "\(error.message)"])
            }
        }
        let texts: [String]
        do throws(JournalError) { texts = try store.entries(of: id, after: start) } catch { throw unreadable(error) }
        if texts.isEmpty && base == nil {
            room.perform { $0.close() }
            return nil
        }
        return try await replay(into: room, id: id, after: start, texts: texts, decoder: decoder)
    }

    private static func restore(_ room: Room, from base: RoomSnapshot) async -> Result<Void, HTTPError> {
        do throws(HTTPError) { try await room.restore(from: base) } catch { return .failure(error) }
        return .success(())
    }

    private static func restore(_ room: Room, checkpoint: RoomSnapshot, base: RoomSnapshot?) async -> Result<Void, HTTPError> {
        do throws(HTTPError) { try await room.restore(checkpoint: checkpoint, base: base) } catch { return .failure(error) }
        return .success(())
    }

    /// Milliseconds since 1970: above every sequence number the room's earlier lives sent (one a millisecond at
    /// most would take a room older than the epoch).
    static func sequenceFloor() -> UInt64 { UInt64(Date().timeIntervalSince1970 * 1000) }

    private func replay(into room: Room, id: RoomID, after start: Int, decoder: JSONDecoder) async throws(HTTPError) -> Room {
        let texts: [String]
        do throws(JournalError) {
            texts = try store.entries(of: id, after: start)
        } catch {
            throw HTTPError(.serviceUnavailable, code: "journal_unavailable", message: error.description)
        }
        return try await replay(into: room, id: id, after: start, texts: texts, decoder: decoder)
    }

    private func replay(into room: Room, id: RoomID, after start: Int, texts: [String], decoder: JSONDecoder) async throws(HTTPError) -> Room {
        var entries: [JournalEntry] = []
        var refused: String?
        for text in texts {
            guard let entry = try? decoder.decode(JournalEntry.self, from: Data(text.utf8)) else {
                refused = "it is not an entry this version reads"
                break
            }
            entries.append(entry)
        }
        instruments.roomReplayed(steps: entries.count)
        do throws(HTTPError) {
            try await room.replay(entries, writing: false)
        } catch {
            if error.code == "replay_diverged" {
                logger.warning("room \(id) restored, but its replay diverged", metadata: ["error": "\(error.message)"])
            } else {
                refused = error.message
            }
        }
        let kept = room.perform { $0.steps }
        let lost = start + texts.count - kept
        if let refused, lost > 0 {
            // The room goes on from what replayed; the journal must end there too, or every later step is refused.
            store.cut(id, after: kept)
            let steps = lost == 1 ? "step \(kept + 1)" : "steps \(kept + 1)–\(start + texts.count)"
            let report =
                "room \(id): step \(kept + 1) of its journal did not replay (\(refused)), so \(steps) were cut off; it goes on from step \(kept)"
            damage.add { damage in
                damage.stepsDropped += lost
                damage.reports.append(report)
                damage.roomLost(id, "\(steps) did not replay and were cut off")
            }
            logger.error("journal damaged: \(report)")
            instruments.journalStepsDropped(lost)
        }
        if let notice = damage.notice(for: id) { room.perform { $0.damageNotice = notice } }
        return room
    }
}
