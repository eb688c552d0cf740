import AppSeam
import Foundation
import PlaygroundHTTP
import PlaygroundJournal
import PlaygroundUI

// Replaying a history into a fresh room: recorded steps applied as they were live, with the outside turned off.
extension Room {
    /// Where a replay shows an app's snapshot: after the first draw, after the app's deliveries reached a count, after
    /// one of its steps, and once the room has finished what ran at the end.
    enum ReplayPoint {
        case draw
        case delivered(Int, order: [Int])
        case step(JournalEntry)
        case finished
    }

    /// Applies `entries` in order to this fresh room, with the outside turned off: inputs go to their apps, recorded
    /// outcomes to the effects that wait for them, and before each step the apps' deliveries are applied up to the
    /// count it recorded (so they fall between the same steps). `following` is the step after the last one (a past
    /// page or a fork): deliveries run up to its count, which is the room as it was until that step. Then the room
    /// goes live. Throws 422 naming the first step that does not apply (an import that does not fit the apps).
    /// `tail`, at the latest step, is what the apps applied after it (``DeliveryTail``): applied before they go on.
    /// A step whose recorded witness differs from the replay's is a divergence: the replay goes on, then throws it
    /// (`divergence` is its status: 500 for the server's own history, 422 for an import).
    /// `observe` hears an app's snapshot (JSON, keys sorted) at each ``ReplayPoint`` that concerns it.
    func replay(
        _ entries: some Collection<JournalEntry>, following: JournalEntry? = nil, tail: JournalEntry? = nil, writing: Bool,
        divergence status: HTTPStatus = .internalServerError, observe: ((ReplayPoint, Int, String) -> Void)? = nil
    ) async throws(HTTPError) {
        var failure: HTTPError?
        var diverged: HTTPError?
        replaying = true
        renderAllIfNeeded()
        if let observe { for index in appIndices { observe(.draw, index, Self.snapshotJSON(app(index))) } }
        for entry in entries {
            do throws(HTTPError) {
                try await catchUp(to: entry, status: status, diverged: &diverged, observe: observe)
                _ = takeDeliveryOrders()  // recorded with the entry already; the room records anew from here
                try applyRecorded(entry, writing: writing)
            } catch {
                failure = error
                break
            }
            for _ in 0..<4 { await Task.yield() }
            if let observe, let index = blueprint.registry.index(of: entry.app) { observe(.step(entry), index, Self.snapshotJSON(app(index))) }
        }
        if failure == nil, let last = following ?? tail {
            do throws(HTTPError) { try await catchUp(to: last, status: status, diverged: &diverged, observe: observe) } catch { failure = error }
        }
        replaying = false
        // A past page stays where the step after it found the room; a room that goes on (or shows the latest step)
        // lets its apps finish what runs.
        if journalMode != .memory || following == nil {
            for app in apps { app?.releaseDeliveries() }
        }
        if following == nil {
            await settle()
            if let observe { for index in appIndices { observe(.finished, index, Self.snapshotJSON(app(index))) } }
        }
        // A room drawn only to show the past stays replayed; a restored, forked or imported one goes live (a fork or an
        // import that failed is discarded, so its effects never start).
        if journalMode != .memory, (failure ?? diverged) == nil || !writing {
            for (index, effects) in effects.enumerated() { effects?.goLive(record: outcomeRecorder(index)) }
        }
        resyncFloor = seq
        if let failure = failure ?? diverged { throw failure }
    }

    /// Brings the replayed room to where it was just before `entry`: each app's deliveries up to the recorded count
    /// (an entry without counts, version 1, waits until the apps are idle), then the witness, if recorded, compared.
    private func catchUp(
        to entry: JournalEntry, status: HTTPStatus, diverged: inout HTTPError?, observe: ((ReplayPoint, Int, String) -> Void)? = nil
    ) async throws(HTTPError) {
        if let deliveries = entry.deliveries {
            for index in appIndices {
                let app = app(index)
                let target = deliveries[app.about.id] ?? 0
                let applied = { app.deliveries + self.deliveryBase[index] }
                var order = entry.order?[app.about.id].flatMap { DeliveryOrder(runs: $0) } ?? DeliveryOrder()
                // Woken from a checkpoint written as a race ended: the step after it recorded that race's end too.
                if let tail = checkpointTail, tail.step == entry.step - 1, let done = tail.order[app.about.id].flatMap({ DeliveryOrder(runs: $0) }) {
                    order = order.droppingFirst(done.count)
                }
                guard applied() != target || !order.isEmpty else { continue }
                guard target >= deliveryBase[index], await app.deliver(upTo: target - deliveryBase[index], order: order) else {
                    let orderText = order.isEmpty ? "" : " in the recorded order"
                    throw HTTPError(
                        .unprocessableContent, code: "invalid_step",
                        message: "Before step \(entry.step), \(quoted(app.about.id)) had applied \(target) deliveries\(orderText); the replay reaches \(applied()).")
                }
                observe?(.delivered(target, order: order.runs), index, Self.snapshotJSON(app))
            }
        } else {
            for app in apps {
                app?.releaseDeliveries()
                await app?.settle()
                app?.holdDeliveries()
            }
        }
        for _ in 0..<4 { await Task.yield() }
        turns.drain()
        guard let recorded = entry.witness, diverged == nil else { return }
        let now = witness()
        if let app = blueprint.registry.ids.first(where: { recorded[$0] != nil && recorded[$0] != now[$0] }) {
            diverged = HTTPError(
                status, code: "replay_diverged",
                message: "Replaying step \(entry.step) met \(quoted(app)) in another state than the recorded one (its state or view before that step differs).")
        }
    }

    /// One recorded step, applied as it was live.
    private func applyRecorded(_ entry: JournalEntry, writing: Bool) throws(HTTPError) {
        if entry.kind == .presenter { return try applyPresenterStep(entry, writing: writing) }
        let step = "step \(entry.step) (\(entry.kind.rawValue) \(quoted(entry.event)) of \(quoted(entry.app)))"
        guard let index = blueprint.registry.index(of: entry.app) else {
            throw HTTPError(.unprocessableContent, code: "unknown_app", message: "\(step): there is no such app; apps: \(blueprint.registry.ids.joined(separator: ", ")).")
        }
        let app = app(index)
        app.teaching.trace.nextStep = journalMode == .off ? nil : steps + 1  // a room without history links no step
        defer { app.teaching.trace.nextStep = nil }
        switch entry.kind {
        case .input:
            var arguments: [String: EventArgument] = [:]
            for field in entry.fields ?? [] where field.name != "event" { arguments[field.name] = field.value }
            let input: DecodedInput
            do {
                input = try blueprint.registry.decode(app: entry.app, event: entry.event, arguments: arguments)
            } catch {
                let reason = switch error {
                case .unknownApp: "unknown app"
                case .invalidInput(let refusal): refusal.message
                }
                throw HTTPError(.unprocessableContent, code: "invalid_step", message: "\(step) is not an input the app accepts: \(reason)")
            }
            do {
                try app.handle(input, from: EventSource(rawValue: entry.source) ?? .http)
            } catch {
                throw HTTPError(.unprocessableContent, code: "invalid_step", message: "\(step) was refused by the app: \(error.message)")
            }
        case .action:
            guard case .performed = app.perform(action: entry.action ?? "", value: entry.value) else {
                throw HTTPError(.unprocessableContent, code: "invalid_step", message: "\(step): no control of the app takes that press at this point.")
            }
        case .presenter:
            return
        case .outcome:
            guard let outcome = entry.outcome, effects[index]?.complete(outcome) == true else {
                throw HTTPError(
                    .unprocessableContent, code: "invalid_step", message: "\(step): no effect of the app waits for this outcome at this point.")
            }
        }
        // Nothing records itself while replaying: the room keeps the step as it was recorded, named and staged as the
        // replay ran it (an imported document's words are not taken for it).
        var kept = entry
        kept.step = steps + 1
        if entry.kind != .outcome {
            (kept.label, kept.stages) = Self.named(app.teaching.lastStep())
            if entry.kind == .input { kept.label = nil }
        }
        keep(kept, writing: writing)
        publishChanges(of: index)
    }

    /// Waits until every app has finished what the last step started inside it, and the room's own queued jobs ran.
    func settle() async {
        for app in apps { await app?.settle() }
        for _ in 0..<4 { await Task.yield() }
    }

    /// An app's snapshot as JSON with sorted keys (what a generated test compares).
    static func snapshotJSON(_ app: AnyHostedApp) -> String {
        (try? journalEncoder.encode(EncodableBox(app.snapshot))).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }

    static var journalEncoder: JSONEncoder { RoomSnapshot.encoder }
}

private struct EncodableBox: Encodable {
    let value: any Encodable
    init(_ value: any Encodable) { self.value = value }
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}
