import Foundation
import Synchronization

/// The one door through which an app's asynchronous work reaches the outside world (HTTP, injected faults and
/// latency) and comes back onto the room: Elm's rule, a command's result returns as a message.
///
/// Live, ``run(_:errors:_:then:)`` starts the work; when it ends, its result is encoded as an ``EffectOutcome``,
/// handed to the room's journal *in the room job that delivers it*, and delivered decoded from that record, so
/// what the app sees is exactly what the journal keeps, in the order the room saw it. Replaying, the work never
/// runs: the room feeds the recorded outcomes back with ``complete(_:)`` at their place in the journal.
///
/// ```swift
/// effects.run("search", errors: [MovieRepositoryError.self]) {
///     try await repository.searchMovies(query: query, page: 1)
/// } then: { result in … }                     // on the room's executor
/// ```
///
/// Not `Sendable`: it lives on its room's executor, like the app that owns it.
public final class Effects {
    /// How outcomes are treated.
    public enum Mode {
        /// Run the work; give each outcome to `record` (the room's journal) before delivering it.
        case live(record: (EffectOutcome) -> Void)
        /// Never run the work; deliver what ``complete(_:)`` is given.
        case replay
    }

    private let isolation: any Actor
    private var mode: Mode
    private var nextID: UInt64 = 0
    private var waiting: [UInt64: (EffectOutcome) -> Void] = [:]
    private var tasks: [UInt64: Task<Void, Never>] = [:]
    /// Replaying: how to start each waiting effect's live work, should the app go live before its outcome comes.
    private var starters: [UInt64: () -> Task<Void, Never>] = [:]
    private var stopped = false
    /// Who the effects started from now on are for (the client address whose event is being applied); the room
    /// charges each outcome's journal bytes to it.
    public var origin: String?
    private var origins: [UInt64: String] = [:]
    private var labels: [UInt64: String] = [:]
    /// The step each effect was started in: its answer's stages are that step's, reported as later.
    private var stageContexts: [UInt64: StageContext] = [:]
    /// Hears each outcome just before it is delivered, live or replayed (an app's default checkpoint keeps them, so
    /// that restoring it gives the same answers at the same places).
    public var onDeliver: ((EffectOutcome) -> Void)?
    /// Taken on the room's executor as each effect starts and handed to its work (``EffectStart``): what was in force
    /// when the effect started, however late its task runs (a fault injection's settings and draw).
    private var startDraws: [(key: ObjectIdentifier, draw: () -> any Sendable)] = []

    /// Effects of an app living on `isolation`'s executor.
    public init(isolation: any Actor, mode: Mode = .live(record: { _ in })) {
        self.isolation = isolation
        self.mode = mode
    }

    /// Switches a replayed app to live (after restart, fork or import). Effects the history started but never
    /// answered (a load in flight when the server was killed, or past the fork point) start now, in their order.
    public func goLive(record: @escaping (EffectOutcome) -> Void) {
        mode = .live(record: record)
        let pending = starters.sorted { $0.key < $1.key }
        starters.removeAll()
        for (id, start) in pending where waiting[id] != nil { tasks[id] = start() }
    }

    /// Has `draw` run as each effect starts, live or replayed (so a replay takes the same draws), and its value
    /// handed to the effect's work, which takes it with ``EffectStart/take(for:as:)`` and `key`.
    public func drawAtStart(for key: AnyObject, _ draw: @escaping () -> any Sendable) {
        startDraws.append((ObjectIdentifier(key), draw))
    }

    /// Effects started and not yet delivered.
    public var pendingCount: Int { waiting.count }

    /// Starts `work` off the room's executor and delivers its result back on it, through the journal.
    ///
    /// `errors` are the error types the app tells apart after decoding (they round-trip through JSON); a
    /// `CancellationError` comes back as one, and any other error as an ``EffectFailure`` carrying its description.
    /// Returns a handle whose `cancel()` cancels the live work (its result, cancelled or not, is still delivered).
    @discardableResult
    public func run<Output: Codable & Sendable>(
        _ label: String, errors: [any JournaledError.Type] = [],
        _ work: @escaping @Sendable () async throws -> Output,
        then deliver: @escaping (Result<Output, any Error>) -> Void
    ) -> EffectHandle {
        isolation.preconditionIsolated("effects start on their room's executor")
        nextID += 1
        let id = nextID
        let handle = EffectHandle(id: id, owner: self)
        // Stopped (the app unmounted): nothing is delivered, so nothing is kept — a kept `deliver` would hold the
        // app (and its room) for good.
        guard !stopped else { return handle }
        waiting[id] = { outcome in deliver(outcome.decode(Output.self, errors: errors)) }
        labels[id] = label
        if let origin { origins[id] = origin }
        if let context = Stages.current { stageContexts[id] = context.carriedLater }
        let isolation = isolation
        let drawn = startDraws.isEmpty ? nil : EffectStart(startDraws.map { ($0.key, $0.draw()) })
        let start = { [unowned self] in
            Self.spawn(work, effect: id, label: label, drawn: drawn, box: RoomBound(self, isolation: isolation), isolation: isolation)
        }
        if case .live = mode { tasks[id] = start() } else { starters[id] = start }
        return handle
    }

    /// The live work, off the room's executor; its result is encoded there too, then carried back.
    private static func spawn<Output: Encodable & Sendable>(
        _ work: @escaping @Sendable () async throws -> Output, effect: UInt64, label: String, drawn: EffectStart?,
        box: RoomBound<Effects>, isolation: any Actor
    ) -> Task<Void, Never> {
        Task {
            let outcome: EffectOutcome
            do {
                let output = try await EffectStart.$current.withValue(drawn) { try await work() }
                outcome = EffectOutcome(effect: effect, label: label, result: Result<Output, any Error>.success(output))
            } catch {
                outcome = EffectOutcome(effect: effect, label: label, result: Result<Output, any Error>.failure(error))
            }
            await land(outcome, in: box, on: isolation)
        }
    }

    /// Back on the room: record, then deliver (the same job, so nothing can come between).
    private static func land(_ outcome: EffectOutcome, in box: RoomBound<Effects>, on room: isolated any Actor) {
        let effects = box.value
        effects.tasks[outcome.effect] = nil
        guard !effects.stopped, case .live(let record) = effects.mode, let deliver = effects.waiting.removeValue(forKey: outcome.effect)
        else { return }
        record(outcome)
        effects.onDeliver?(outcome)
        effects.origins[outcome.effect] = nil
        effects.labels[outcome.effect] = nil
        Stages.with(effects.stageContexts.removeValue(forKey: outcome.effect)) { deliver(outcome) }
    }

    /// Delivers a recorded outcome (replay). False when no effect with that number waits for it.
    @discardableResult
    public func complete(_ outcome: EffectOutcome) -> Bool {
        guard let deliver = waiting.removeValue(forKey: outcome.effect) else { return false }
        starters[outcome.effect] = nil
        origins[outcome.effect] = nil
        labels[outcome.effect] = nil
        onDeliver?(outcome)
        Stages.with(stageContexts.removeValue(forKey: outcome.effect)) { deliver(outcome) }
        return true
    }

    /// Restoring an app from a checkpoint: delivers `result` to the oldest effect labelled `label` waiting, as if
    /// its work had returned it (a load the app's view starts as it appears). False when none waits.
    @discardableResult
    public func completeOldest<Output: Encodable>(label: String, with result: Result<Output, any Error>) -> Bool {
        guard let id = waiting.keys.filter({ labels[$0] == label }).min() else { return false }
        return complete(EffectOutcome(effect: id, label: label, result: result))
    }

    fileprivate func cancel(_ id: UInt64) {
        tasks[id]?.cancel()
    }

    /// Cancels every live task; nothing more is recorded or delivered (the app unmounts).
    public func stop() {
        stopped = true
        for task in tasks.values { task.cancel() }
        tasks.removeAll()
        waiting.removeAll()
        starters.removeAll()
        origins.removeAll()
        labels.removeAll()
        stageContexts.removeAll()
        onDeliver = nil
    }

    /// Who the effect numbered `effect` was started for (``origin`` when it started).
    public func origin(of effect: UInt64) -> String? { origins[effect] }
}

@available(*, unavailable, message: "effects live on their room's executor")
extension Effects: Sendable {}

/// A started effect, to cancel its live work.
public struct EffectHandle {
    public let id: UInt64
    fileprivate weak var owner: Effects?

    /// Cancels the live work; its result (a `CancellationError`, or whatever it finished with) is still delivered.
    public func cancel() { owner?.cancel(id) }
}

/// An error an app tells apart after an effect (its type decides what the view shows), so the journal keeps it whole.
public protocol JournaledError: Error, Codable {
    /// Its name in the journal (stable across versions).
    static var journalName: String { get }
}

/// A failure the app did not ask to tell apart: its description, as the journal keeps it.
public struct EffectFailure: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    public let description: String
    public var errorDescription: String? { description }

    public init(_ description: String) { self.description = description }
}

/// What one effect brought back from outside, as the journal keeps it.
public struct EffectOutcome: Codable, Sendable, Equatable {
    /// The app's effect number (1, 2, …, in the order the app started them).
    public let effect: UInt64
    /// What the app called it (`search`, `fetchPosts`).
    public let label: String
    /// The value as JSON, when the work succeeded.
    public let value: String?
    /// The error: `cancelled`, a ``JournaledError``'s name, or `failure`.
    public let error: String?
    /// The error's JSON (a ``JournaledError``) or description (any other).
    public let errorDetail: String?

    public init(effect: UInt64, label: String, value: String?, error: String?, errorDetail: String?) {
        (self.effect, self.label, self.value, self.error, self.errorDetail) = (effect, label, value, error, errorDetail)
    }

    init<Output: Encodable>(effect: UInt64, label: String, result: Result<Output, any Error>) {
        self.effect = effect
        self.label = label
        switch result {
        case .success(let output):
            if let data = try? Self.encoder.encode(output), let text = String(data: data, encoding: .utf8) {
                (value, error, errorDetail) = (text, nil, nil)
            } else {
                (value, error, errorDetail) = (nil, "failure", "the answer could not be recorded")
            }
        case .failure(let failure as any JournaledError):
            let text = (try? Self.encoder.encode(failure)).flatMap { String(data: $0, encoding: .utf8) }
            (value, error, errorDetail) = (nil, type(of: failure).journalName, text)
        case .failure(let failure) where failure is CancellationError:
            (value, error, errorDetail) = (nil, "cancelled", nil)
        case .failure(let failure):
            let text = (failure as? LocalizedError)?.errorDescription ?? String(describing: failure)
            (value, error, errorDetail) = (nil, "failure", text)
        }
    }

    /// The result the app gets, decoded from the record. A value decoded before from the very same JSON as the same
    /// type is handed out again (``DecodedOutcomes``): every room's load of the same answer shares one copy.
    func decode<Output: Decodable & Sendable>(_ type: Output.Type, errors: [any JournaledError.Type]) -> Result<Output, any Error> {
        if let value {
            if let shared = DecodedOutcomes.shared.value(Output.self, json: value) { return .success(shared) }
            do {
                let decoded = try JSONDecoder().decode(Output.self, from: Data(value.utf8))
                DecodedOutcomes.shared.keep(decoded, json: value)
                return .success(decoded)
            } catch {
                return .failure(EffectFailure("the recorded answer could not be read: \(error)"))
            }
        }
        switch error {
        case "cancelled": return .failure(CancellationError())
        case let name?:
            if let errorType = errors.first(where: { $0.journalName == name }), let detail = errorDetail,
                let decoded = Self.decodeError(errorType, detail)
            {
                return .failure(decoded)
            }
            return .failure(EffectFailure(errorDetail ?? name))
        case nil: return .failure(EffectFailure("no answer was recorded"))
        }
    }

    private static func decodeError<E: JournaledError>(_ type: E.Type, _ text: String) -> (any Error)? {
        try? JSONDecoder().decode(E.self, from: Data(text.utf8))
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}

/// Values decoded from effect outcomes, by their JSON and type, shared by every room of the process.
///
/// Each room decoded its own copy of the same answer (the Nice app's 100 posts and 10 users: their titles and names
/// stayed in its rows). An outcome is a `Sendable` value decoded from JSON, so a copy decoded before from the same
/// bytes is equal to a new decoding and safe to share. Bounded: an answer over ``maxJSON`` bytes is not kept, and
/// once ``maxEntries`` or ``maxBytes`` would be passed everything kept is dropped (answers seen since are kept).
final class DecodedOutcomes: Sendable {
    static let shared = DecodedOutcomes()

    static let maxEntries = 256
    static let maxBytes = 8 << 20
    static let maxJSON = 1 << 20

    private struct Key: Hashable {
        let json: String
        let type: ObjectIdentifier
    }

    private struct Table: ~Copyable {
        var values: [Key: any Sendable] = [:]
        var bytes = 0
    }

    private let table = Mutex(Table())

    /// The value decoded before from `json` as `Output`, if it is kept.
    func value<Output: Sendable>(_ type: Output.Type, json: String) -> Output? {
        let key = Key(json: json, type: ObjectIdentifier(Output.self))
        return table.withLock { $0.values[key] } as? Output
    }

    /// Keeps `value`, decoded from `json`, for the next room that decodes the same.
    func keep<Output: Sendable>(_ value: Output, json: String) {
        let size = json.utf8.count
        guard size <= Self.maxJSON else { return }
        let key = Key(json: json, type: ObjectIdentifier(Output.self))
        table.withLock { table in
            guard table.values[key] == nil else { return }
            if table.values.count >= Self.maxEntries || table.bytes + size > Self.maxBytes { table = Table() }
            table.values[key] = value
            table.bytes += size
        }
    }

    /// How many values are kept (for tests).
    var count: Int { table.withLock { $0.values.count } }
}

/// What ``Effects/drawAtStart(for:_:)`` took as an effect started, for its work to take once.
public final class EffectStart: Sendable {
    @TaskLocal public static var current: EffectStart?
    private let values: Mutex<[ObjectIdentifier: any Sendable]>

    init(_ values: [(ObjectIdentifier, any Sendable)]) {
        self.values = Mutex(Dictionary(values, uniquingKeysWith: { first, _ in first }))
    }

    /// The value drawn for `key` when the running effect started; nil outside an effect, for a key that drew nothing,
    /// or once taken (a second request in the same effect draws its own).
    public static func take<Value: Sendable>(for key: AnyObject, as: Value.Type) -> Value? {
        current?.values.withLock { $0.removeValue(forKey: ObjectIdentifier(key)) } as? Value
    }
}
