import AppSeam
import Foundation
import Logging
import PlaygroundHTTP
import PlaygroundJournal
import PlaygroundUI

// Hibernation: a checkpoint written as the room lets go of its apps, so waking it replays only the steps after.
extension Room {
    /// Ends the room to hibernate it: its effects stop (an answer still awaited is asked for again when it wakes, as
    /// after a restart), and a checkpoint of it now is written if steps came since the last one, so that waking it
    /// replays only the steps after. The checkpoint is kept only if a room nobody sees restores it to the same
    /// `/state`; else the room wakes from its last good checkpoint (or its snapshot) and replays more.
    /// Returns whether a checkpoint was written.
    @discardableResult
    func hibernate() -> Bool {
        guard !closed else { return false }
        defer { close() }  // on the room's executor: no effect delivers between the checkpoint and the close
        return writeCheckpoint()
    }

    /// Starts this fresh room's sequence numbers after `floor`: a room woken from its journal numbers its patches
    /// above any its earlier life sent, so a tab that reconnects with one of those gets a resync, never patches it
    /// did not miss.
    func startSequence(after floor: UInt64) {
        guard seq < floor else { return }
        (seq, resyncFloor) = (floor, floor)
    }

    /// Steps since the room's latest checkpoint or snapshot: what waking it would replay.
    var stepsSinceCheckpoint: Int { steps - max(lastCheckpoint, base?.step ?? 0) }

    /// Writes a checkpoint of the room now, if steps came since the last and it restores to the same `/state`.
    func writeCheckpoint() -> Bool {
        guard !closed, journalMode == .store, !replaying, journalStarted, journalFailure == nil, let store = blueprint.journal,
            stepsSinceCheckpoint > 0
        else { return false }
        turns.drain()
        var parts: [String: RoomSnapshot.App] = [:]
        var deliveries: [String: Int] = [:]
        for index in appIndices {
            let app = app(index)
            guard let state = app.checkpoint() else { return false }
            parts[app.about.id] = RoomSnapshot.App(state: state, teaching: app.teaching.checkpoint())
            deliveries[app.about.id] = app.deliveries + deliveryBase[index]
        }
        var checkpoint = RoomSnapshot(
            step: steps, time: (Date().timeIntervalSince1970 * 1000).rounded() / 1000, apps: parts, deliveries: deliveries,
            historyBytes: historyBytes)
        checkpoint.order = deliveryTail()?.order
        guard let live = try? state() else { return false }
        let restored = trialState(of: checkpoint, asCheckpoint: true)
        guard case .success(let state) = restored, state == live else {
            Self.foldLogger.warning("room \(id) hibernates without a checkpoint: \(Self.restoreFailure(restored, live: live))")
            return false
        }
        store.checkpoint(id, at: steps, snapshot: checkpoint.jsonText)
        lastCheckpoint = steps
        return true
    }

    /// After a change from an app whose work ran side by side since the last step: once it rests, a checkpoint keeps
    /// how the race ended, which no step records (a restart after `kill -9` would run the rest of it again).
    func checkpointWhenRaceEnds(_ index: Int) {
        guard journalMode == .store, !replaying, !raceCheckpointWaits, let app = apps[index], !app.deliveryOrder.isEmpty else { return }
        raceCheckpointWaits = true
        Task {
            await app.settle()
            // As a hibernation does, from a thread of its own: its trial restore waits for a room of its own.
            DispatchQueue.global().async { [weak self] in
                self?.perform { room in
                    room.raceCheckpointWaits = false
                    if !room.closed, room.deliveryTail() != nil, room.writeCheckpoint() { room.blueprint.raceCheckpointWritten() }
                }
            }
        }
    }

    /// What an operator reads about a checkpoint that did not restore: the error, or the apps whose `/state` differs.
    static func restoreFailure(_ restored: Result<JSONValue, HTTPError>, live: JSONValue) -> String {
        switch restored {
        case .failure(let error): return "it did not restore (\(error.message))"
        case .success(.object(let apps)):
            guard case .object(let liveApps) = live else { return "it did not restore to the same state" }
            let differing = apps.filter { pair in liveApps.first { $0.0 == pair.0 }?.1 != pair.1 }.map(\.0)
            return "it did not restore to the same state (\(differing.joined(separator: ", ")))"
        case .success: return "it did not restore to the same state"
        }
    }
}
