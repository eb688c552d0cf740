import AppSeam
import Foundation
import Logging
import PlaygroundHTTP
import PlaygroundJournal
import PlaygroundUI

// Folding: a room's oldest steps replaced by a snapshot of its apps, and rooms started from one.
extension Room {
    /// Starts this fresh room's apps from `snapshot`, with the outside off as in a replay (``replay(_:following:writing:divergence:observe:)``
    /// of the steps after it follows, and takes the room live). 422 `invalid_snapshot` when an app is missing or
    /// refuses its checkpoint.
    func restore(from snapshot: RoomSnapshot) throws(HTTPError) {
        try startApps(from: snapshot, firstStep: snapshot.step)
        base = snapshot
    }

    /// Starts this fresh room's apps from its checkpoint (taken as it hibernated), over `base`, the snapshot its
    /// history starts from: the steps stay, so the history is still the base and every step after it.
    func restore(checkpoint: RoomSnapshot, base: RoomSnapshot?) throws(HTTPError) {
        try startApps(from: checkpoint, firstStep: base?.step ?? 0)
        self.base = base
        for index in blueprint.registry.apps.indices { deliveryBase[index] = checkpoint.deliveries?[blueprint.registry.apps[index].about.id] ?? 0 }
        historyBytes = checkpoint.historyBytes ?? 0
        lastCheckpoint = checkpoint.step
    }

    private func startApps(from snapshot: RoomSnapshot, firstStep: Int) throws(HTTPError) {
        let invalid = { (reason: String) in
            HTTPError(.unprocessableContent, code: "invalid_snapshot", message: "The snapshot of steps 1…\(snapshot.step) cannot be restored: \(reason).")
        }
        if let unknown = snapshot.apps.keys.sorted().first(where: { blueprint.registry.index(of: $0) == nil }) {
            throw invalid("it names the app \(quoted(unknown)); this playground has \(blueprint.registry.ids.joined(separator: ", "))")
        }
        guard snapshot.step >= 1, snapshot.step < 1 << 31 else { throw invalid("its step \(snapshot.step) is not 1…\(1 << 31 - 1)") }
        let wasReplaying = replaying
        (replaying, restoring) = (true, true)
        defer { (replaying, restoring) = (wasReplaying, false) }
        let registry = blueprint.registry
        let compared = registry.compareIndices.filter { snapshot.apps[registry.apps[$0].about.id] != nil }
        for index in Array(registry.pageIndices) + compared {
            guard apps[index] == nil else {
                throw HTTPError(.internalServerError, code: "room_started", message: "A snapshot is restored only into a room whose apps have not started.")
            }
            let app = app(index)
            guard let part = snapshot.apps[app.about.id] else { throw invalid("it has no checkpoint of \(quoted(app.about.id))") }
            do { try app.restore(part.state) } catch { throw invalid(error.description) }
            app.teaching.restore(part.teaching, firstStep: firstStep)
        }
        turns.drain()
        restoring = false
        renderAllIfNeeded()
        steps = snapshot.step
    }

    /// ``restore(from:)``, and the snapshot written as this new room's journal (a fork or an import of a folded room).
    func restoreAndKeep(_ snapshot: RoomSnapshot) throws(HTTPError) {
        try restore(from: snapshot)
        guard journalMode == .store, let store = blueprint.journal else { return }
        startJournalIfNeeded(store)
        lastWrite = store.fold(id, through: snapshot.step, snapshot: snapshot.jsonText)
    }

    /// Folds the whole history into a snapshot of the room now, if no app works inside (a VVSI action): the store
    /// swaps steps 1…now for it in one transaction, and the room goes on from the snapshot restored into fresh apps —
    /// as a restart will find it: a request that was waiting for its answer is sent again — and patches the tabs with
    /// what that redrew.
    /// A snapshot is kept only if a room nobody sees restores it to the same `/state`; else the room never folds.
    func foldIfPossible() {
        guard journalMode == .store, !replaying, foldRefusal == nil, journalFailure == nil, journalStarted, let store = blueprint.journal,
            steps > (base?.step ?? 0)
        else { return }
        turns.drain()
        var parts: [String: RoomSnapshot.App] = [:]
        for index in appIndices {
            let app = app(index)
            guard let state = app.checkpoint() else { return }
            parts[app.about.id] = RoomSnapshot.App(state: state, teaching: app.teaching.checkpoint())
        }
        let snapshot = RoomSnapshot(step: steps, time: (Date().timeIntervalSince1970 * 1000).rounded() / 1000, apps: parts)
        guard let live = try? state() else { return }
        let trial = Room(id: id, blueprint: blueprint, seed: seed, persists: false)
        let restored = trial.perform { room in Result { () throws(HTTPError) -> JSONValue in try room.restore(from: snapshot); return try room.state() } }
        trial.perform { $0.close() }
        switch restored {
        case .success(let state) where state == live: break
        case .success: foldRefusal = "its snapshot restored to another state"
        case .failure(let error): foldRefusal = error.message
        }
        if let foldRefusal {
            Self.foldLogger.error("room \(id) cannot fold its history", metadata: ["reason": "\(foldRefusal)"])
            return
        }
        lastWrite = store.fold(id, through: snapshot.step, snapshot: snapshot.jsonText)
        for index in appIndices {
            effects[index]?.stop()
            apps[index]?.unmount()
            (apps[index], effects[index], deliveryBase[index]) = (nil, nil, 0)
        }
        do {
            try restore(from: snapshot)
        } catch {
            localJournalFailure = "its snapshot did not restore (\(error.message))"
            return
        }
        for app in apps { app?.releaseDeliveries() }
        for (index, effects) in effects.enumerated() { effects?.goLive(record: outcomeRecorder(index)) }
        historyBytes = 0
        journalUse.removeAll()
        for index in appIndices { publishChanges(of: index, traced: false) }
    }

    static let foldLogger = Logger(label: "playground.journal")
}
