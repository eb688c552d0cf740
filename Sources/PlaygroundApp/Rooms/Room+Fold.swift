import AppSeam
import Foundation
import Logging
import PlaygroundHTTP
import PlaygroundJournal
import PlaygroundUI
import Synchronization

// Folding: a room's oldest steps replaced by a snapshot of its apps, and rooms started from one.
extension Room {
    /// Starts this fresh room's apps from `snapshot`, with the outside off as in a replay (``replay(_:following:writing:divergence:observe:)``
    /// of the steps after it follows, and takes the room live). 422 `invalid_snapshot` when an app is missing or
    /// refuses its checkpoint.
    func restore(from snapshot: RoomSnapshot) async throws(HTTPError) {
        try await startApps(from: snapshot, firstStep: snapshot.step)
        base = snapshot
    }

    /// Starts this fresh room's apps from its checkpoint (taken as it hibernated), over `base`, the snapshot its
    /// history starts from: the steps stay, so the history is still the base and every step after it.
    func restore(checkpoint: RoomSnapshot, base: RoomSnapshot?) async throws(HTTPError) {
        try await startApps(from: checkpoint, firstStep: base?.step ?? 0)
        self.base = base
        for index in blueprint.registry.apps.indices where apps[index]?.restoresDeliveries != true {
            deliveryBase[index] = checkpoint.deliveries?[blueprint.registry.apps[index].about.id] ?? 0
        }
        historyBytes = checkpoint.historyBytes ?? 0
        lastCheckpoint = checkpoint.step
        if let order = checkpoint.order {
            checkpointTail = DeliveryTail(step: checkpoint.step, deliveries: (checkpoint.deliveries ?? [:]).filter { $0.value > 0 }, order: order)
        }
    }

    private func startApps(from snapshot: RoomSnapshot, firstStep: Int) async throws(HTTPError) {
        let wasReplaying = replaying
        (replaying, restoring) = (true, true)
        defer { (replaying, restoring) = (wasReplaying, false) }
        // Apps whose checkpoint is the steps they took restore after the others, waiting for their deliveries.
        for (app, part) in try startAppsNow(from: snapshot, firstStep: firstStep, kept: [], waiting: true) {
            do { try await app.restore(part.state) } catch { throw Self.invalid(snapshot, error.description) }
            app.teaching.restore(part.teaching, firstStep: firstStep)
        }
        finishStart(snapshot)
    }

    /// Starts the snapshot's apps and restores those that restore themselves; returns the others with their parts
    /// (`waiting`), or refuses them. `kept`: apps of the room that stay as they are (a fold keeps the apps whose
    /// checkpoint is the steps they took: restored, they would be the same apps).
    private func startAppsNow(
        from snapshot: RoomSnapshot, firstStep: Int, kept: Set<Int>, waiting: Bool
    ) throws(HTTPError) -> [(AnyHostedApp, RoomSnapshot.App)] {
        if let unknown = snapshot.apps.keys.sorted().first(where: { blueprint.registry.index(of: $0) == nil }) {
            throw Self.invalid(snapshot, "it names the app \(quoted(unknown)); this playground has \(blueprint.registry.ids.joined(separator: ", "))")
        }
        guard snapshot.step >= 1, snapshot.step < 1 << 31 else { throw Self.invalid(snapshot, "its step \(snapshot.step) is not 1…\(1 << 31 - 1)") }
        let registry = blueprint.registry
        let compared = registry.compareIndices.filter { snapshot.apps[registry.apps[$0].about.id] != nil }
        var later: [(AnyHostedApp, RoomSnapshot.App)] = []
        for index in Array(registry.pageIndices) + compared {
            if kept.contains(index), let app = apps[index], let part = snapshot.apps[app.about.id] {
                app.teaching.restore(part.teaching, firstStep: firstStep)
                continue
            }
            guard apps[index] == nil else {
                throw HTTPError(.internalServerError, code: "room_started", message: "A snapshot is restored only into a room whose apps have not started.")
            }
            let app = app(index)
            guard let part = snapshot.apps[app.about.id] else { throw Self.invalid(snapshot, "it has no checkpoint of \(quoted(app.about.id))") }
            guard app.restoresItself(from: part.state) else {
                guard waiting else { throw Self.invalid(snapshot, "\(quoted(app.about.id)) restores only by waiting for its deliveries") }
                later.append((app, part))
                continue
            }
            do { try app.restoreItself(part.state) } catch { throw Self.invalid(snapshot, error.description) }
            app.teaching.restore(part.teaching, firstStep: firstStep)
        }
        return later
    }

    private func finishStart(_ snapshot: RoomSnapshot) {
        turns.drain()
        restoring = false
        renderAllIfNeeded()
        steps = snapshot.step
    }

    private static func invalid(_ snapshot: RoomSnapshot, _ reason: String) -> HTTPError {
        HTTPError(.unprocessableContent, code: "invalid_snapshot", message: "The snapshot of steps 1…\(snapshot.step) cannot be restored: \(reason).")
    }

    /// ``restore(from:)``, and the snapshot written as this new room's journal (a fork or an import of a folded room).
    func restoreAndKeep(_ snapshot: RoomSnapshot) async throws(HTTPError) {
        try await restore(from: snapshot)
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
            steps > (base?.step ?? 0), steps - lastTry.fold >= Self.foldRetrySteps || isAtBound
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
        switch trialState(of: snapshot, asCheckpoint: false) {
        case .success(let state) where state == live: break
        case .success: foldRefusal = "its snapshot restored to another state"
        case .failure(let error) where error.code == Self.trialTimeout:
            lastTry.fold = steps  // slow, not wrong: tried again a few steps later
            return
        case .failure(let error): foldRefusal = error.message
        }
        if let foldRefusal {
            Self.foldLogger.error("room \(id) cannot fold its history", metadata: ["reason": "\(foldRefusal)"])
            return
        }
        lastWrite = store.fold(id, through: snapshot.step, snapshot: snapshot.jsonText)
        // An app whose checkpoint is the steps it took is kept: restored, it would be the same app, with the same
        // effects and deliveries counted from the room's start, as a replay from the snapshot will find them.
        let kept = Set(appIndices.filter { apps[$0]?.restoresItself == false })
        for index in appIndices where !kept.contains(index) {
            effects[index]?.stop()
            apps[index]?.unmount()
            (apps[index], effects[index], deliveryBase[index]) = (nil, nil, 0)
        }
        for index in kept { deliveryBase[index] = 0 }
        if let failure = restoreNow(from: snapshot, kept: kept) {
            localJournalFailure = "its snapshot did not restore (\(failure))"
            return
        }
        for (index, app) in apps.enumerated() where !kept.contains(index) { app?.releaseDeliveries() }
        for (index, effects) in effects.enumerated() where !kept.contains(index) { effects?.goLive(record: outcomeRecorder(index)) }
        historyBytes = 0
        journalUse.removeAll()
        for index in appIndices { publishChanges(of: index, traced: false) }
    }

    /// Restores the snapshot into this room's fresh apps (all of which restore themselves at once) and keeps the `kept`
    /// ones; the error's message if it did not.
    private func restoreNow(from snapshot: RoomSnapshot, kept: Set<Int>) -> String? {
        let wasReplaying = replaying
        (replaying, restoring) = (true, true)
        defer { (replaying, restoring) = (wasReplaying, false) }
        do throws(HTTPError) {
            _ = try startAppsNow(from: snapshot, firstStep: snapshot.step, kept: kept, waiting: false)
        } catch {
            return error.message
        }
        finishStart(snapshot)
        base = snapshot
        return nil
    }

    /// The `/state` a fresh room nobody sees restores `snapshot` to: as a checkpoint over no base, or as a snapshot its
    /// history was folded into. The trial runs on its own executor; an app restored from the steps it took waits there
    /// for its deliveries (a VVSI action), so this waits for it, 3 s at most.
    func trialState(of snapshot: RoomSnapshot, asCheckpoint: Bool) -> Result<JSONValue, HTTPError> {
        let trial = Room(id: id, blueprint: blueprint, seed: seed, persists: false)
        defer { trial.perform { $0.close() } }
        let outcome = Handoff<Result<JSONValue, HTTPError>>()
        _ = trial.perform { room in
            Task {
                let restored: Result<JSONValue, HTTPError>
                do throws(HTTPError) {
                    if asCheckpoint { try await room.restore(checkpoint: snapshot, base: nil) } else { try await room.restore(from: snapshot) }
                    restored = .success(try room.state())
                } catch {
                    restored = .failure(error)
                }
                outcome.finish(restored)
            }
        }
        return outcome.wait(seconds: 3)
            ?? .failure(HTTPError(.internalServerError, code: Self.trialTimeout, message: "Restoring it took more than 3 s."))
    }

    static let trialTimeout = "restore_timeout"
    /// Steps after a fold whose trial took too long before the next try (at the bound, every step tries: no other
    /// step comes).
    static let foldRetrySteps = 8

    /// Whether the history since the base fills the room's bound, so events are refused until it folds.
    var isAtBound: Bool {
        let limits = blueprint.limits
        return steps - (base?.step ?? 0) >= limits.journalSteps || historyBytes >= limits.journalBytes
    }

    static let foldLogger = Logger(label: "playground.journal")
}

/// A value handed from one executor to a thread that waits for it (a trial room's restore to the room folding).
private final class Handoff<Value: Sendable>: Sendable {
    private let value = Mutex<Value?>(nil)
    private let done = DispatchSemaphore(value: 0)

    func finish(_ value: Value) {
        self.value.withLock { $0 = value }
        done.signal()
    }

    /// The value, or nil when none came within `seconds`.
    func wait(seconds: Int) -> Value? {
        guard done.wait(timeout: .now() + .seconds(seconds)) == .success else { return nil }
        return value.withLock { $0 }
    }
}
