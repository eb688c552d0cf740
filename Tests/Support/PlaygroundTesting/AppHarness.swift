import AppSeam
import Foundation
import PlaygroundUI
import RoomServices

/// One app hosted exactly as a room hosts it (its own `RoomExecutor`, seeded randomness, the `changed()` callback),
/// for tests in the spirit of an exhaustive store test: send an input or press a control, then expect the exact
/// snapshot and the exact trace the teaching layer shows; wait until the app is idle; randomness is the seed's, and
/// time is the clock's (a ``TestClock`` the test advances, or the real one).
///
/// ```swift
/// let harness = AppHarness<ListViewPlayground>(seed: 7)
/// let entries = try await harness.press("Add")                // the trace rows the press made
/// await harness.waitUntil { $0.snapshotJSON.contains("New item") }
/// #expect(await harness.snapshotJSON == #"{"actionRunning":false,"alert":null,"items":["New item"],…}"#)
/// ```
public actor AppHarness<App: HostedApp> {
    private let executor = RoomExecutor(label: "harness")
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    private let seed: UInt64
    private let values: AppServiceValues
    private let clock: any Clock<Duration>
    private var started: App?
    private let context: RenderContext
    /// How many times the app said it changed outside an input (an answer arrived, a task finished).
    public private(set) var changes = 0

    /// `replaying`: the app's effects never run; a test delivers their recorded outcomes with ``outcome(_:)``.
    public init(
        seed: UInt64 = 1, values: AppServiceValues = AppServiceValues(), ownBaseURL: String = "http://127.0.0.1:9",
        clock: any Clock<Duration> = ContinuousClock(), replaying: Bool = false
    ) {
        self.replaying = replaying
        self.seed = seed
        self.values = values
        self.clock = clock
        self.context = RenderContext(
            formAction: "/rooms/test/events", actionURL: "/rooms/test/actions", actionFields: [FormField("app", App.about.id)])
        self.ownBaseURL = ownBaseURL
    }

    private let ownBaseURL: String
    private let replaying: Bool
    private var effects: Effects?
    private lazy var turns = Turns(isolation: self)

    /// The app, started on first use in the harness's isolation.
    public var app: App {
        if let started { return started }
        let effects = Effects(isolation: self, mode: replaying ? .replay : .live(record: { _ in }))
        let app = App(
            services: AppServices(
                isolation: self, randomSeed: seed, changed: { [weak self] in self?.assumeIsolated { $0.changes += 1 } },
                ownBaseURL: ownBaseURL, values: values, clock: clock, effects: effects, turns: turns))
        if replaying { (app as? any DeliveringApp)?.holdDeliveries() }
        started = app
        self.effects = effects
        return app
    }

    // MARK: - Steps, as a room replays them

    /// Draws the app, as a room does before its first step.
    public func draw() {
        _ = render()
    }

    /// One recorded input (its envelope: event name and arguments), decoded as `POST /events` does; then the app is
    /// drawn and settles, as in a room.
    public func input(_ event: String, _ arguments: [String: EventArgument] = [:], from source: EventSource = .http) async throws {
        turns.drain()
        let input: App.Input
        do { input = try Pitfall.decode(App.self, event: event, arguments: arguments) } catch { throw HarnessError(description: "\(event): \(error.message)") }
        do { try staged { () throws(AppError) in try app.handle(input, from: source) } } catch { throw HarnessError(description: "\(event): \(error.message)") }
        await step()
    }

    /// One recorded press of a control (its action id and value).
    public func press(action: String, value: String? = nil) async throws {
        turns.drain()
        let outcome = staged { app.perform(action: action, value: value) }
        guard outcome == .performed else { throw HarnessError(description: "\(action): \(outcome)") }
        await step()
    }

    /// One recorded outcome of an effect, delivered to the effect that waits for it.
    public func outcome(_ outcome: EffectOutcome) async throws {
        turns.drain()
        _ = app
        guard effects?.complete(outcome) == true else {
            throw HarnessError(description: "no effect #\(outcome.effect) (\(outcome.label)) waits for an outcome")
        }
        await step()
    }

    /// Replaying: applies the app's deliveries (VVSI's interactor messages) until `count` are applied, as the room
    /// did before the next recorded step; later ones wait.
    /// `order`: whose of them came when while the app's work ran side by side (a step's recorded `order`).
    public func deliver(upTo count: Int, order: [Int] = []) async throws {
        guard let order = DeliveryOrder(runs: order) else { throw HarnessError(description: "\(order) is not a delivery order") }
        guard await delivering?.deliver(upTo: count, order: order) ?? (count == 0 && order.isEmpty) else {
            throw HarnessError(description: "\(App.about.id) cannot reach \(count) deliveries (it has applied \(delivering?.deliveries ?? 0))")
        }
        draw()
    }

    /// Replaying a step recorded without delivery counts (a version 1 journal): lets the app finish what runs.
    public func settle() async {
        delivering?.releaseDeliveries()
        await delivering?.settle()
        delivering?.holdDeliveries()
        draw()
    }

    /// Lets the app finish what still runs after the last recorded step, as the live room did.
    public func finish() async {
        delivering?.releaseDeliveries()
        await delivering?.settle()
        for _ in 0..<4 { await Task.yield() }
        draw()
    }

    // MARK: - Checkpoints, as a room folds its history

    /// The app's opt-in replay of work that comes back by itself, if it has one.
    private var delivering: (any DeliveringApp)? { app as? any DeliveringApp }

    /// What the app writes for a room's snapshot now (nil while work runs inside it, or for an app that writes none).
    public func checkpoint() -> String? {
        turns.drain()
        return (app as? any CheckpointingApp)?.checkpoint()
    }

    /// Starts this fresh harness's app from `checkpoint` with the outside off (make it `replaying`), draws it, then
    /// lets it go live: its effects run from now on, as in a room restored from its snapshot.
    public func restore(_ checkpoint: String) throws(CheckpointError) {
        guard let app = app as? any CheckpointingApp else { throw CheckpointError("\(App.about.id) writes no checkpoint of its own") }
        try app.restore(checkpoint)
        turns.drain()
        draw()
        delivering?.releaseDeliveries()
        effects?.goLive(record: { _ in })
    }

    /// Effects waiting for their outcome.
    public var pendingEffects: Int { effects?.pendingCount ?? 0 }

    private func step() async {
        turns.drain()
        draw()
        if !replaying { await delivering?.settle() }
        for _ in 0..<4 { await Task.yield() }
        draw()
    }

    /// The app's views now.
    public func render() -> RenderedView { app.render(context) }

    /// Runs one step as a room does: the stages the runtime reports go to the step's trace row.
    private func staged<Value, Failure: Error>(_ work: () throws(Failure) -> Value) throws(Failure) -> Value {
        defer { app.teaching.endStep() }
        return try Stages.with(app.teaching.beginStep(isolation: self), work)
    }

    /// Feeds one input, as `POST /events` does; returns the trace rows it added or changed (newest first).
    @discardableResult
    public func send(_ input: App.Input, from source: EventSource = .http) throws(AppError) -> [Trace.Entry] {
        let before = app.teaching.trace.entries.first?.number ?? 0
        try staged { () throws(AppError) in try app.handle(input, from: source) }
        return app.teaching.trace.entries.filter { $0.number > before }
    }

    /// Presses the control whose button (or field) reads `label` in the current render, as the page does; returns
    /// the trace rows it added. Throws when no control has that label.
    @discardableResult
    public func press(_ label: String, value: String? = nil) throws -> [Trace.Entry] {
        let html = render().html
        guard let id = Self.controlID(labelled: label, in: html) else {
            throw HarnessError(description: "no control labelled \(label.debugDescription) in \(html.prefix(600))")
        }
        let before = app.teaching.trace.entries.first?.number ?? 0
        let outcome = staged { app.perform(action: id, value: value) }
        guard outcome == .performed else { throw HarnessError(description: "\(label): \(outcome)") }
        return app.teaching.trace.entries.filter { $0.number > before }
    }

    /// Runs `body` in the harness's isolation (to set up or read the app directly).
    public func run<T: Sendable>(_ body: @Sendable (isolated AppHarness) throws -> T) rethrows -> T {
        try body(self)
    }

    /// The trace rows the teaching layer shows now, newest first.
    public var trace: [Trace.Entry] { app.teaching.trace.entries }

    /// The flow strip now: its lit stages and caption.
    public var flow: FlowStrip<App.Stage> { app.teaching.flow }

    /// The snapshot as `/state` would show it, keys sorted so tests can compare whole strings.
    public var snapshotJSON: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(AnyEncodable(app.snapshot))).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }

    /// Waits, letting the app's tasks run, until `condition` holds or `timeout` passes; returns whether it held (the
    /// 30 s cover a parallel test run on a loaded two-core machine, not a target).
    public func waitUntil(timeout: Duration = .seconds(30), _ condition: @Sendable (isolated AppHarness) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !condition(self) {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return true
    }

    /// The control id of the form whose visible text (a button's label, or a field's placeholder) is `label`.
    static func controlID(labelled label: String, in html: String) -> String? {
        for form in html.split(separator: "<form").dropFirst() {
            let body = String(form.split(separator: "</form>").first ?? "")
            guard let id = body.firstMatch(of: /name="control" value="([^"]*)"/)?.1 else { continue }
            let text = String(body.drop { $0 != ">" }.dropFirst()).replacing(/<[^>]*>/, with: "")
            if text == label || body.contains(#"placeholder="\#(label)""#) { return String(id) }
        }
        return nil
    }
}

public struct HarnessError: Error, CustomStringConvertible {
    public let description: String
}

/// An `any Encodable` that `JSONEncoder` takes.
struct AnyEncodable: Encodable {
    let value: any Encodable
    init(_ value: any Encodable) { self.value = value }
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}
