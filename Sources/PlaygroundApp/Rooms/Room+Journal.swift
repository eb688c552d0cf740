import AppSeam
import Foundation
import PlaygroundHTTP
import PlaygroundJournal
import PlaygroundUI
import RoomServices

// Writing the room's steps to its journal: each entry with what the room was before it (deliveries, witness), the
// writes an event waits for, and the bounds that refuse events (a full history, a client's share).
extension Room {
    /// Why the room's journal takes no more writes (the store failed one, or the room could not go on): the room
    /// then refuses events, since state and journal would part.
    var journalFailure: String? {
        if let localJournalFailure { return localJournalFailure }
        guard journalMode == .store, let store = blueprint.journal else { return nil }
        return store.failure(of: id)?.description
    }

    /// Has the store commit what this room (and any other) queued: after an event, before its answer.
    func settleWrites() {
        guard journalMode == .store else { return }
        blueprint.journal?.settle()
    }

    /// The store and the room's latest write, while that write is not done yet.
    var pendingWrite: (store: any JournalStore, ticket: JournalTicket)? {
        guard let lastWrite, let store = blueprint.journal, !store.isDone(lastWrite) else { return nil }
        return (store, lastWrite)
    }

    /// Waits until everything the room has written so far is durable: 503 `journal_unavailable` if a write failed.
    nonisolated func written() async throws(HTTPError) {
        guard let pending = perform({ $0.pendingWrite }) else {
            if let failure = perform({ $0.journalFailure }) { throw Self.unwritten(failure) }
            return
        }
        let failure = await withCheckedContinuation { (continuation: CheckedContinuation<JournalError?, Never>) in
            pending.store.whenDone(pending.ticket) { continuation.resume(returning: $0) }
        }
        if let failure { throw Self.unwritten(failure.description) }
    }

    /// What an event whose entry could not be written is answered (503), though the app applied it.
    static func unwritten(_ reason: String) -> HTTPError {
        HTTPError(
            .serviceUnavailable, code: "journal_unavailable",
            message: "This event could not be written to the room's journal (\(reason)); nothing more is accepted.")
    }

    /// Journals what an effect of app `index` brought back (called in the room job that delivers it).
    func outcomeRecorder(_ index: Int) -> (EffectOutcome) -> Void {
        { [weak self] outcome in
            self?.assumeIsolated { room in
                room.record(
                    JournalEntry(step: 0, time: 0, kind: .outcome, app: room.blueprint.registry.apps[index].about.id, source: "outside", outcome: outcome),
                    before: room.beforeStep(), client: room.effects[index]?.origin(of: outcome.effect))
            }
        }
    }

    /// Appends one entry to the history and the store: durable (under the store's sync mode) before the caller
    /// answers. Entries replayed from the store are not written again.
    func record(_ entry: JournalEntry, before: BeforeStep, client: String? = nil) {
        guard journalMode != .off, !replaying else { return }
        var entry = entry
        (entry.deliveries, entry.order, entry.witness) = (before.deliveries, before.order, before.witness)
        entry.step = steps + 1
        entry.time = (Date().timeIntervalSince1970 * 1000).rounded() / 1000
        let bytes = keep(entry, writing: journalMode == .store)
        if let client = client ?? (entry.kind == .outcome ? nil : currentClient), blueprint.limits.journalSharePerClient < 100 {
            let key = journalUse[client] != nil || journalUse.count < Self.clientsTracked ? client : ""
            journalUse[key, default: (0, 0)].steps += 1
            journalUse[key, default: (0, 0)].bytes += bytes
        }
    }

    static let clientsTracked = 4_096

    /// Counts a step in, and keeps it where this room keeps its history.
    @discardableResult
    func keep(_ entry: JournalEntry, writing: Bool) -> Int {
        steps += 1
        let json = entry.jsonText
        let bytes = json.utf8.count
        historyBytes += bytes
        if journalMode == .memory { memoryHistory.append(entry) }
        guard writing, journalMode == .store, localJournalFailure == nil, let store = blueprint.journal else { return bytes }
        startJournalIfNeeded(store)
        lastWrite = store.append(id, step: entry.step, entry: json, callerSettles: settlesWrites)
        return bytes
    }

    /// What a step records of the room just before it: each app's deliveries and, for work that ran side by side,
    /// their order since the step before; and the witness when it is kept.
    struct BeforeStep {
        var deliveries: [String: Int]
        var order: [String: [Int]]?
        var witness: [String: String]?
    }

    /// The room now, as the next step records it (call it before the step changes anything). The apps' delivery
    /// orders are taken, so each is recorded once and what is kept between steps stays bounded.
    func beforeStep() -> BeforeStep {
        turns.drain()
        let order = takeDeliveryOrders()
        guard journalMode != .off else { return BeforeStep(deliveries: [:]) }
        var deliveries: [String: Int] = [:]
        for index in appIndices {
            guard let app = apps[index] else { continue }
            let count = app.deliveries + deliveryBase[index]
            if count > 0 { deliveries[app.about.id] = count }
        }
        return BeforeStep(deliveries: deliveries, order: order, witness: blueprint.witness ? witness() : nil)
    }

    /// Each app's delivery order since the last step (nil when no work ran side by side), recording anew.
    func takeDeliveryOrders() -> [String: [Int]]? {
        var orders: [String: [Int]] = [:]
        for case let app? in apps {
            let order = app.takeDeliveryOrder()
            if !order.isEmpty { orders[app.about.id] = order.runs }
        }
        return orders.isEmpty ? nil : orders
    }

    /// What the apps applied after the last step, when some of it ran side by side (else nil: it replays as it came).
    func deliveryTail() -> DeliveryTail? {
        guard journalMode != .off else { return nil }
        guard apps.contains(where: { $0.map { !$0.deliveryOrder.isEmpty } ?? false }) else {
            return checkpointTail.flatMap { $0.step == steps ? $0 : nil }  // woken from a checkpoint taken as a race ended
        }
        var tail = DeliveryTail(step: steps, deliveries: [:], order: [:])
        for index in appIndices {
            guard let app = apps[index] else { continue }
            let count = app.deliveries + deliveryBase[index]
            if count > 0 { tail.deliveries[app.about.id] = count }
            if !app.deliveryOrder.isEmpty { tail.order[app.about.id] = app.deliveryOrder.runs }
        }
        return tail
    }

    /// Each app's fingerprint: its `/state` and the view the tabs show (not the teaching layer, which shows timings),
    /// with the room's own URLs made anonymous so a fork or an import compares equal.
    func witness() -> [String: String] {
        var prints: [String: String] = [:]
        let ownPath = "/rooms/\(id)/"
        for index in appIndices {
            let app = app(index)
            var hash = FNV1a()
            hash.add(Self.snapshotJSON(app))
            hash.add(shownHTML(of: index).replacingOccurrences(of: ownPath, with: "/rooms/-/"))
            prints[app.about.id] = hash.hex
        }
        return prints
    }

    func startJournalIfNeeded(_ store: any JournalStore) {
        guard !journalStarted else { return }
        lastWrite = store.createRoom(id, seed: seed)
        journalStarted = true
        blueprint.presenters.journalStarted(id)
    }

    /// Refuses events once the journal cannot take them: the store failed, the room's history is full, or the client
    /// sending this one has filled its share of it.
    func checkJournal(client: String? = nil) throws(HTTPError) {
        if let journalFailure {
            throw HTTPError(
                .serviceUnavailable, code: "journal_unavailable",
                message: "This room's journal cannot be written (\(journalFailure)); nothing more is accepted, so nothing acknowledged can be lost.")
        }
        let limits = blueprint.limits
        // Every so many steps a checkpoint, so that waking the room after a crash replays at most that many.
        if stepsSinceCheckpoint >= limits.checkpointSteps, steps - lastTry.checkpoint >= limits.checkpointSteps {
            lastTry.checkpoint = steps
            _ = writeCheckpoint()
        }
        let kept = { (self.steps - (self.base?.step ?? 0), self.historyBytes) }
        // Near the bound the room folds its history into a snapshot, at the first step where no app works inside.
        if kept().0 * 10 >= limits.journalSteps * 9 || kept().1 / 10 >= limits.journalBytes / 100 * 9 { foldIfPossible() }
        if kept().0 >= limits.journalSteps || kept().1 >= limits.journalBytes {
            if journalMode == .store, foldRefusal == nil {
                throw HTTPError(
                    .serviceUnavailable, code: "journal_folding",
                    message: "This room's history is at its bound (\(limits.journalSteps) steps or \(limits.journalBytes / 1024) KB) and is folded into a snapshot as soon as the work running inside its apps (a VVSI action) has finished; send it again in a second.",
                    headers: ["Retry-After": "1"])
            }
            throw HTTPError(
                .conflict, code: "journal_full",
                message: "This room's history is full (\(limits.journalSteps) steps or \(limits.journalBytes / 1024) KB) and cannot be folded (\(foldRefusal ?? "it is not kept in a store")); fork it at an earlier step (POST /rooms/\(id)/fork) or open / for a new room.")
        }
        guard journalMode != .off, let client, limits.journalSharePerClient < 100 else { return }
        let used = journalUse[client] ?? (journalUse.count >= Self.clientsTracked ? journalUse[""] : nil) ?? (0, 0)
        let share = (steps: max(1, limits.journalSteps * limits.journalSharePerClient / 100), bytes: max(1, limits.journalBytes / 100 * limits.journalSharePerClient))
        if used.steps >= share.steps || used.bytes >= share.bytes {
            throw HTTPError(
                .conflict, code: "journal_share_used",
                message: "This client has written its share of this room's history (\(limits.journalSharePerClient) %: \(used.steps) of \(share.steps) steps, \(used.bytes / 1024) of \(share.bytes / 1024) KB); the room goes on for everyone else. Fork it (POST /rooms/\(id)/fork) to go on in a room of your own.")
        }
    }
}
