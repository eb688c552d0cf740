import AppSeam
import PlaygroundUI
import RoomServices
/// Where a view model's intents come in: numbers each intent, runs its effect so that the latest intent wins
/// (``LatestWins``), and tells observers every step (``MVITraceEvent``) and the room when to re-render
/// (``onChange``).
///
/// ```swift
/// func loadMovies(query: String) {
///     intents.receive("loadMovies(query: \(query))")          // a new generation; the old effect is cancelled
///     uiState = .Loading("Querying for \(query)")
///     intents.runLatest { [repository] in try await repository.searchMovies(query: query, page: 1) }
///         then: { [weak self] result in self?.uiState = … }      // only if no newer intent came in
/// }
/// ```
///
/// Not `Sendable`: it lives on the room's executor (`isolation`), and every call must be made there.
public final class MVIIntents {
    /// The generations and the effect in flight.
    public let generations: LatestWins
    /// Called on the room's executor after an effect's result changed the state, outside any intent call, so the
    /// room can render the change. (Changes made synchronously inside an intent are rendered by its caller.)
    public var onChange: (() -> Void)?
    private var observers: [(MVITraceEvent) -> Void] = []
    private let clock = ContinuousClock()
    private var intentStart: ContinuousClock.Instant
    private var stopped = false
    /// Latency and failures injected before every effect (nil: none), so `Loading` and latest wins can be watched.
    public var faults: FaultInjection?
    /// Pitfall switch (off by default): the article's view model, which applies every answer as it arrives (see
    /// ``LatestWins/appliesEveryAnswer``); a stale answer applied is the trace's `⚠ stale answer shown`.
    public var appliesEveryAnswer: Bool {
        get { generations.appliesEveryAnswer }
        set { generations.appliesEveryAnswer = newValue }
    }
    /// Stale answers applied while the switch was on (what `/state` shows of the bug).
    public private(set) var staleAnswersShown = 0
    /// The last intent received, as given to ``receive(_:)``.
    public private(set) var lastIntent: String?

    /// Intents for a view model living on `isolation`'s executor (the room actor).
    public init(isolation: any Actor, effects: Effects? = nil) {
        generations = LatestWins(isolation: isolation, effects: effects)
        intentStart = clock.now
    }

    /// The latest intent's generation (0 before the first).
    public var generation: UInt64 { generations.generation }

    /// Whether an effect is running whose result would still be applied.
    public var isInFlight: Bool { generations.isInFlight }

    /// A room restored from its snapshot: the stale answers it had shown.
    public func restore(staleAnswersShown: Int) { self.staleAnswersShown = max(0, staleAnswersShown) }

    /// A room restored from its snapshot: the latest generation and intent, as they were (nothing in flight).
    public func restore(generation: UInt64, lastIntent: String?) {
        generations.restore(generation: generation)
        self.lastIntent = lastIntent
    }

    /// A room restored from its snapshot: the generation and intent as they were; an intent whose effect was still
    /// waiting is sent again by `resend` (it takes the generation it had). False when that is not the intent saved.
    public func restore(generation: UInt64, lastIntent: String?, inFlight: Bool, resend: () -> Void) -> Bool {
        guard inFlight else {
            restore(generation: generation, lastIntent: lastIntent)
            return true
        }
        guard generation >= 1 else { return false }
        restore(generation: generation - 1, lastIntent: nil)
        resend()
        return self.lastIntent == lastIntent
    }

    /// Adds an observer; it is called on the room's executor for every event, in order.
    public func observe(_ observer: @escaping (MVITraceEvent) -> Void) {
        observers.append(observer)
    }

    /// Records an intent (`description` names it and its arguments) and gives it a new generation; the effect of
    /// the previous intent, if still running, is cancelled and its result will be dropped.
    /// `file` and `line` are the intent's (the view model's call), where its stage is reported.
    @discardableResult
    public func receive(_ description: String, file: StaticString = #fileID, line: UInt = #line) -> UInt64 {
        Stages.record(MVIStage.intent, description, file: file, line: line)
        stopped = false
        let generation = generations.advance()
        intentStart = clock.now
        lastIntent = description
        emit(.intentReceived(generation: generation, intent: description))
        return generation
    }

    /// Runs `effect` off the room's executor for the current intent; `then` applies its result on the executor,
    /// unless a newer intent came in meanwhile (or the app was unmounted), in which case the result is dropped.
    /// After `then` has run, ``onChange`` is called. `file` and `line` are the caller's, where the repository stage
    /// is reported.
    public func runLatest<Output: Codable & Sendable>(
        _ label: String = "effect", errors: [any JournaledError.Type] = [], file: StaticString = #fileID, line: UInt = #line,
        _ effect: @escaping @Sendable () async throws -> Output,
        then apply: @escaping (Result<Output, any Error>) -> Void
    ) {
        Stages.record(MVIStage.repository, "intents.runLatest(\(label.debugDescription)) → effect for #\(generation)", file: file, line: line)
        let started = intentStart
        // Drawn here, on the room's executor: the settings in force when the intent ran, whenever its task starts.
        let faults = faults?.draw()
        var staleGeneration: UInt64?
        generations.run(
            label, errors: errors,
            {
                try await faults?.inject()
                return try await effect()
            },
            deliver: { [weak self] result in
                guard let self else { return }
                let succeeded = if case .success = result { true } else { false }
                self.emit(.resultDelivered(generation: staleGeneration ?? self.generation, succeeded: succeeded, after: self.clock.now - started))
                apply(result)
                self.onChange?()
            },
            dropped: { [weak self] drop in
                guard let self else { return }
                let reason: MVIDropReason = self.stopped ? .cancelled : .superseded
                self.emit(
                    .resultDropped(
                        generation: drop.generation, latestGeneration: drop.latestGeneration, reason: reason,
                        after: self.clock.now - started))
            },
            stale: { [weak self] drop in
                guard let self else { return }
                staleGeneration = drop.generation
                staleAnswersShown += 1
                emit(.staleResultShown(generation: drop.generation, latestGeneration: drop.latestGeneration, after: clock.now - started))
            })
    }

    /// Records a change of `uiState` (by state name) against the current intent; ``MVIAppInstance`` calls this
    /// for every assignment it observes.
    public func stateChanged(from: String, to: String) {
        emit(.stateChanged(generation: generation, from: from, to: to, after: clock.now - intentStart))
    }

    /// Cancels the effect in flight; its result is dropped as `cancelled`.
    public func cancel() {
        stopped = true
        generations.cancel()
    }

    private func emit(_ event: MVITraceEvent) {
        for observer in observers { observer(event) }
    }
}

@available(*, unavailable, message: "MVIIntents lives on one room executor")
extension MVIIntents: Sendable {}
