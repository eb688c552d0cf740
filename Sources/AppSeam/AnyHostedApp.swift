import Foundation
import PlaygroundUI
import RoomServices

/// A running app, its type erased; lives in its room's isolation.
///
/// The opt-in parts answer for an app that did not write them: no deliveries (its work finishes inside `handle`),
/// and a checkpoint that is what the app took — its inputs, presses, effects' answers and deliveries, in order —
/// replayed into a fresh app to restore it.
public final class AnyHostedApp {
    public let about: AppAbout
    public let teaching: any TeachingFragments
    private let base: any HostedApp
    private let delivering: (any DeliveringApp)?
    private let checkpointing: (any CheckpointingApp)?
    /// The default checkpoint: what the app took so far, for an app that writes none of its own.
    private var taken: [TakenStep] = []
    /// About how many bytes `taken` holds, and whether it outgrew ``takenLimit`` (then the app writes no checkpoint).
    private var takenBytes = 0, takenOverflowed = false
    /// What the default checkpoint may hold. Past it the app writes none and its room keeps replaying its journal, so
    /// a long-lived room's memory stays bounded (answers make it grow by kilobytes a step).
    static let takenLimit = (steps: 10_000, bytes: 1 << 20)
    /// The room's doors the default checkpoint replays through: answers go back to their effects, turns run between steps.
    private let effects: Effects?
    private let turns: Turns?
    /// The room's executor, to which each step's stage reports are bound; nil: stages are not recorded.
    private let isolation: (any Actor)?
    /// The pitfall toggles drawn under the app's view, for an app that has any (``PitfallHostingApp``).
    private let pitfallPane: ViewHost<PitfallPane>?
    private let pitfallSwitches: PitfallSwitches?
    /// The pane's last render and what it was drawn from: it shows nothing but its switches, so a render where no
    /// switch moved takes it from here (drawn again for every event it was ~5 % of the server's CPU in the rate case).
    private var pitfallShown: (context: RenderContext, on: [String], view: RenderedView)?

    init<App: HostedApp>(_ app: App, isolation: (any Actor)? = nil, services: AppServices? = nil) {
        self.isolation = isolation
        (effects, turns) = (services?.effects, services?.turns)
        about = App.about
        teaching = app.teaching
        base = app
        delivering = app as? any DeliveringApp
        checkpointing = app as? any CheckpointingApp
        pitfallSwitches = (app as? any PitfallHostingApp)?.pitfallSwitches
        pitfallPane = pitfallSwitches.map { ViewHost(PitfallPane(appID: App.about.id, switches: $0)) }
        // Without its own checkpoint, the answers its effects bring back are taken steps too: a replay of the inputs
        // alone would leave every search waiting.
        if checkpointing == nil {
            effects?.onDeliver = { [weak self] outcome in
                self?.noteDeliveries()
                self?.take(TakenStep(outcome: outcome))
            }
        }
    }

    /// Before a taken step: the deliveries applied since the last one, so a restore applies them at the same place.
    private func noteDeliveries() {
        guard checkpointing == nil, let delivering else { return }
        let count = delivering.deliveries
        if count != taken.last(where: { $0.deliveries != nil })?.deliveries ?? 0 { take(TakenStep(deliveries: count)) }
    }

    private func take(_ step: TakenStep) {
        guard !takenOverflowed else { return }
        takenBytes += step.estimatedBytes
        guard taken.count < Self.takenLimit.steps, takenBytes <= Self.takenLimit.bytes else {
            (taken, takenOverflowed) = ([], true)
            return
        }
        taken.append(step)
    }

    public func render(_ context: RenderContext) -> RenderedView {
        guard let pitfallPane, let pitfallSwitches else { return base.render(context) }
        let view = base.render(context)
        let on = pitfallSwitches.onNames
        if let shown = pitfallShown, shown.on == on, shown.context == context { return view.followed(by: shown.view) }
        let pane = pitfallPane.render(context)
        pitfallShown = (context, on, pane)
        return view.followed(by: pane)
    }

    public func handle(_ input: DecodedInput, from source: EventSource) throws(AppError) {
        let input = input.value
        noteDeliveries()
        try step { () throws(AppError) in try Self.handle(input, by: base, from: source) }
        if checkpointing == nil { take(TakenStep(source: source, fields: input.envelopeFields)) }
    }

    private static func handle<App: HostedApp>(_ input: any AppInput, by app: App, from source: EventSource) throws(AppError) {
        guard let input = input as? App.Input else { preconditionFailure("an input decoded for another app") }
        try app.handle(input, from: source)
    }

    public func perform(action: String, value: String?) -> ActionOutcome {
        noteDeliveries()
        let outcome = step { () -> ActionOutcome in
            let outcome = base.perform(action: action, value: value)
            // Not the app's control: maybe a pitfall toggle (its ids hash a path of its own tree).
            guard case .stale = outcome, let pitfallPane else { return outcome }
            pitfallShown = nil  // its closure ran: drawn again next time
            let toggled = pitfallPane.perform(action: action, value: value)
            if case .stale = toggled { return outcome }
            return toggled
        }
        if checkpointing == nil, outcome == .performed { take(TakenStep(action: action, value: value)) }
        return outcome
    }

    /// Runs one step of the app with its stage reports going to its teaching layer.
    private func step<Value, Failure: Error>(_ work: () throws(Failure) -> Value) throws(Failure) -> Value {
        guard let isolation else { return try work() }
        defer { teaching.endStep() }
        return try Stages.with(teaching.beginStep(isolation: isolation), work)
    }

    public var snapshot: any Encodable { base.snapshot }
    public func unmount() {
        base.unmount()
        pitfallPane?.unmount()
        pitfallShown = nil
    }

    /// Waits until the work the last input started inside the app is done (call it in the room's isolation).
    nonisolated(nonsending) public func settle() async { await delivering?.settle() }
    /// Deliveries the app applied between inputs (see ``DeliveringApp/deliveries``); 0 for an app without.
    public var deliveries: Int { delivering?.deliveries ?? 0 }
    public func holdDeliveries() { delivering?.holdDeliveries() }
    nonisolated(nonsending) public func deliver(upTo count: Int) async -> Bool {
        guard let delivering else { return count == 0 }
        return await delivering.deliver(upTo: count)
    }
    public func releaseDeliveries() { delivering?.releaseDeliveries() }
    /// Whose deliveries were applied while work ran side by side since the last step (see ``DeliveryOrder``).
    public var deliveryOrder: DeliveryOrder { delivering?.deliveryOrder ?? DeliveryOrder() }
    public func takeDeliveryOrder() -> DeliveryOrder { delivering?.takeDeliveryOrder() ?? DeliveryOrder() }
    nonisolated(nonsending) public func deliver(upTo count: Int, order: DeliveryOrder) async -> Bool {
        guard let delivering else { return count == 0 && order.isEmpty }
        return await delivering.deliver(upTo: count, order: order)
    }

    /// The app's own checkpoint, or the steps it took (see ``CheckpointingApp``), ending with the deliveries applied now.
    public func checkpoint() -> String? {
        if let checkpointing { return checkpointing.checkpoint() }
        noteDeliveries()
        return takenOverflowed ? nil : Checkpoint.write(taken)
    }

    /// Whether the app writes its own checkpoint, which ``restoreItself(_:)`` restores at once.
    public var restoresItself: Bool { checkpointing != nil }

    /// Whether ``restoreItself(_:)`` restores `checkpoint` at once: the app writes its own, and this is one (a JSON
    /// object) or the steps it took before it wrote its own (a JSON array, in rooms journaled then) with no
    /// deliveries to wait for; steps of an app with deliveries are taken again by ``restore(_:)``.
    public func restoresItself(from checkpoint: String) -> Bool {
        restoresItself && (delivering == nil || checkpoint.utf8.first != UInt8(ascii: "["))
    }

    /// Set once the app took its steps again from a checkpoint written before it wrote its own.
    private var restoredSteps = false

    /// Restores the app's own checkpoint (see ``CheckpointingApp/restore(_:)``).
    public func restoreItself(_ checkpoint: String) throws(CheckpointError) {
        guard let checkpointing else { throw CheckpointError("the \(about.id) app writes no checkpoint of its own") }
        // A journal written before the app wrote its own holds the default (the steps it took, a JSON array): taken
        // again, as then. An app that restores itself has no deliveries to wait for.
        guard checkpoint.utf8.first == UInt8(ascii: "[") else { return try checkpointing.restore(checkpoint) }
        for step in try Checkpoint.read([TakenStep].self, from: checkpoint, app: about.id) {
            guard (step.deliveries ?? 0) == 0 else {
                throw CheckpointError("the \(about.id) app's checkpoint lets deliveries through; it has none")
            }
            try retake(step)
        }
        finishRetaking()
    }

    /// Whether ``restore(_:)`` rebuilds the app's deliveries too (the default checkpoint replays them), so that its
    /// count goes on from the checkpoint's instead of from 0.
    public var restoresDeliveries: Bool { (checkpointing == nil || restoredSteps) && delivering != nil }

    /// Restores the app's own checkpoint, or takes the recorded steps again: each input decoded and handled, each
    /// press after a render (a control's id is where the render put it), each answer given to the effect that waits
    /// for it, each count of deliveries let through. Call it on a fresh app whose deliveries are held and whose
    /// effects do not run (a replaying room).
    nonisolated(nonsending) public func restore(_ checkpoint: String) async throws(CheckpointError) {
        if restoresItself(from: checkpoint) { return try restoreItself(checkpoint) }
        let steps = try Checkpoint.read([TakenStep].self, from: checkpoint, app: about.id)
        restoredSteps = restoresItself
        for step in steps {
            if let count = step.deliveries {
                guard await deliver(upTo: count) else {
                    throw CheckpointError("the \(about.id) app's checkpoint lets \(count) deliveries through; it reaches \(deliveries)")
                }
                for _ in 0..<4 { await Task.yield() }
                continue
            }
            try retake(step)
        }
        finishRetaking()
    }

    /// One step of a default checkpoint taken again (a count of deliveries aside).
    private func retake(_ step: TakenStep) throws(CheckpointError) {
        // As a room does between steps: what waits for a turn runs, and the views draw (a view that appears
        // starts its load then).
        turns?.drain()
        _ = render(RenderContext(formAction: ""))
        if let outcome = step.outcome {
            guard effects?.complete(outcome) == true else {
                throw CheckpointError("the \(about.id) app's checkpoint answers effect #\(outcome.effect), which it did not start")
            }
            return
        }
        if let action = step.action {
            guard perform(action: action, value: step.value) == .performed else {
                throw CheckpointError("the \(about.id) app's checkpoint presses \(quoted(action)), which it does not show")
            }
            return
        }
        let fields = step.fields ?? []
        guard case .string(let event)? = fields.first?.value else { throw CheckpointError("the \(about.id) app's checkpoint has a step without an event") }
        let arguments = Dictionary(fields.dropFirst().map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
        let input: any AppInput
        do { input = try Self.decode(base, event: event, arguments: arguments) } catch {
            throw CheckpointError("the \(about.id) app refuses its checkpoint's \(quoted(event)): \(error.message)")
        }
        do { try handle(DecodedInput(appIndex: 0, appID: about.id, value: input), from: step.source ?? .http) } catch {
            throw CheckpointError("the \(about.id) app refuses its checkpoint's \(quoted(event)) now: \(error.message)")
        }
    }

    private func finishRetaking() {
        turns?.drain()
        _ = render(RenderContext(formAction: ""))
    }

    private static func decode<App: HostedApp>(_ app: App, event: String, arguments: [String: EventArgument]) throws(AppInputError) -> any AppInput {
        try App.Input(event: event, arguments: arguments)
    }
}

@available(*, unavailable, message: "a running app lives in its room's isolation")
extension AnyHostedApp: Sendable {}

/// One step of an app's default checkpoint: an input's envelope fields, a press of a control, an effect's answer,
/// or how many deliveries the app had applied by then.
struct TakenStep: Codable {
    var source: EventSource?
    var fields: [Field]?
    var action: String?
    var value: String?
    var outcome: EffectOutcome?
    var deliveries: Int?

    init(outcome: EffectOutcome) { self.outcome = outcome }

    /// About what the step costs in memory (its strings' bytes and a fixed part).
    var estimatedBytes: Int {
        let texts = [action, value, outcome?.label, outcome?.value, outcome?.error, outcome?.errorDetail].reduce(0) { $0 + ($1?.utf8.count ?? 0) }
        let arguments = (fields ?? []).reduce(0) { total, field in
            switch field.value {
            case .string(let text), .formText(let text): total + field.name.utf8.count + text.utf8.count + 16
            default: total + field.name.utf8.count + 16
            }
        }
        return 64 + texts + arguments
    }
    init(deliveries: Int) { self.deliveries = deliveries }

    init(source: EventSource, fields: [(name: String, value: EventArgument)]) {
        (self.source, self.fields) = (source, fields.map { Field(name: $0.name, value: $0.value) })
    }

    init(action: String, value: String?) {
        (self.action, self.value) = (action, value)
    }

    /// An envelope field, its kind kept (a form's text stays text).
    struct Field: Codable {
        var name: String
        var value: EventArgument

        private enum Key: String, CodingKey { case name, string, integer, number, boolean, null, form }

        init(name: String, value: EventArgument) { (self.name, self.value) = (name, value) }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            name = try container.decode(String.self, forKey: .name)
            if let text = try container.decodeIfPresent(String.self, forKey: .string) {
                value = .string(text)
            } else if let number = try container.decodeIfPresent(Int.self, forKey: .integer) {
                value = .integer(number)
            } else if let number = try container.decodeIfPresent(Double.self, forKey: .number) {
                value = .number(number)
            } else if let flag = try container.decodeIfPresent(Bool.self, forKey: .boolean) {
                value = .boolean(flag)
            } else if let text = try container.decodeIfPresent(String.self, forKey: .form) {
                value = .formText(text)
            } else {
                value = .null
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(name, forKey: .name)
            switch value {
            case .string(let text): try container.encode(text, forKey: .string)
            case .integer(let number): try container.encode(number, forKey: .integer)
            case .number(let number): try container.encode(number, forKey: .number)
            case .boolean(let flag): try container.encode(flag, forKey: .boolean)
            case .formText(let text): try container.encode(text, forKey: .form)
            case .null: try container.encode(true, forKey: .null)
            }
        }
    }
}

extension EventSource: Codable {}
