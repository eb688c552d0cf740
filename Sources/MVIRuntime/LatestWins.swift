import PlaygroundUI
import RoomServices
/// Latest wins: a slower, older answer can never overwrite the result of a newer intent.
///
/// The seed's `loadMovies` subscribes to every request it starts and applies whichever answer arrives, so typing
/// "matrix" and then "alien" can end on the matrix results if that request is the slower one. Here every intent
/// takes a new **generation** (``advance()``); that cancels the effect still in flight for the previous one. An
/// effect runs off the room's executor, and its result hops back onto the executor, where it is delivered only
/// if its generation is still the latest (and it is still the latest effect started): otherwise it is dropped,
/// whether it succeeded, failed or ignored the cancellation.
///
/// ```swift
/// let latest = LatestWins(isolation: room)      // on the room's executor
/// latest.advance()                              // intent #1
/// latest.run { try await repository.searchMovies(query: "matrix", page: 1) }
///     deliver: { result in state = … }          // on the room's executor, only if #1 is still the latest
///     dropped: { drop in print(drop) }
/// ```
///
/// Not `Sendable`: it must be used on `isolation`'s executor, which ``advance()`` and ``run(_:deliver:dropped:)``
/// check at run time (they trap elsewhere).
public final class LatestWins {
    /// Why a result was not delivered.
    public struct Drop: Sendable, Equatable {
        /// The generation the result belongs to.
        public var generation: UInt64
        /// The latest generation when the result came back.
        public var latestGeneration: UInt64
        /// Whether the effect had thrown (cancellation included) rather than returned.
        public var failed: Bool

        /// Describes a dropped result.
        public init(generation: UInt64, latestGeneration: UInt64, failed: Bool) {
            (self.generation, self.latestGeneration, self.failed) = (generation, latestGeneration, failed)
        }
    }

    private struct InFlight {
        let serial: UInt64
        let effect: EffectHandle
    }

    /// The actor whose executor intents come in on and results are delivered on: the room.
    public let isolation: any Actor
    /// The latest generation; 0 before the first intent.
    public private(set) var generation: UInt64 = 0
    private var serial: UInt64 = 0
    private var inFlight: InFlight?
    /// Effects started while ``appliesEveryAnswer`` was on, still running: none is cancelled by a newer intent.
    private var unordered: [UInt64: EffectHandle] = [:]

    /// Pitfall switch, off by default: the article's code as published, which applies every answer as it arrives.
    /// An effect started while it is on is never cancelled nor dropped, so a slow older answer can overwrite a newer
    /// one ("stale answer shown"). Off, nothing here changes.
    public var appliesEveryAnswer = false
    /// Most answers awaited at once with the switch on (the article's code has no bound; a room must): a newer effect
    /// past it cancels the oldest, whose answer is then dropped.
    public static let maxAnswersAwaited = 8

    /// The room's door to the outside: effects run through it, so the journal records their results.
    public let effects: Effects

    /// Delivers results on `isolation`'s executor (the room actor), running effects through `effects` (by default
    /// a door of its own that records nothing).
    public init(isolation: any Actor, effects: Effects? = nil) {
        self.isolation = isolation
        self.effects = effects ?? Effects(isolation: isolation)
    }

    /// Whether an effect is running whose result would still be delivered.
    public var isInFlight: Bool { inFlight != nil || !unordered.isEmpty }

    /// Starts a new generation for a new intent: the effect in flight is cancelled and its result will be dropped.
    @discardableResult
    public func advance() -> UInt64 {
        isolation.preconditionIsolated("LatestWins must be used on its room's executor")
        inFlight?.effect.cancel()
        inFlight = nil
        generation += 1
        return generation
    }

    /// A room restored from its snapshot goes on numbering from `generation`; only while nothing is in flight.
    public func restore(generation: UInt64) {
        precondition(inFlight == nil, "generations are restored only while no effect runs")
        self.generation = generation
    }

    /// Runs `effect` off the executor for the current generation, replacing (cancelling) any effect in flight.
    ///
    /// Back on the executor, `deliver` gets the result if this generation is still the latest and no later effect
    /// was started; otherwise `dropped` is told why. Exactly one of the two is called, once (neither if this
    /// `LatestWins` has been deallocated by then).
    ///
    /// - Precondition: called on `isolation`'s executor (checked: it traps elsewhere).
    public func run<Output: Codable & Sendable>(
        _ label: String = "effect", errors: [any JournaledError.Type] = [],
        _ effect: @escaping @Sendable () async throws -> Output,
        deliver: @escaping (Result<Output, any Error>) -> Void,
        dropped: @escaping (Drop) -> Void = { _ in },
        stale: @escaping (Drop) -> Void = { _ in }
    ) {
        isolation.preconditionIsolated("LatestWins must be used on its room's executor")
        if appliesEveryAnswer {
            // The article's code: nothing cancelled, every answer applied (``finish``), up to the room's bound.
            if unordered.count >= Self.maxAnswersAwaited, let oldest = unordered.keys.min() { unordered.removeValue(forKey: oldest)?.cancel() }
            serial += 1
            let ticket = Ticket(generation: generation, serial: serial, everyAnswer: true)
            let handlers = Handlers(owner: self, deliver: deliver, dropped: dropped, stale: stale)
            unordered[ticket.serial] = effects.run(label, errors: errors, effect) { result in
                Self.finish(ticket: ticket, handlers: handlers, result: result)
            }
            return
        }
        inFlight?.effect.cancel()
        serial += 1
        let ticket = Ticket(generation: generation, serial: serial)
        let handlers = Handlers(owner: self, deliver: deliver, dropped: dropped, stale: stale)
        let handle = effects.run(label, errors: errors, effect) { result in Self.finish(ticket: ticket, handlers: handlers, result: result) }
        inFlight = InFlight(serial: ticket.serial, effect: handle)
    }

    /// Cancels the effect in flight and drops its result (for unmounting); later intents start afresh.
    public func cancel() {
        advance()
        for effect in unordered.values { effect.cancel() }
        unordered.removeAll()
    }

    private struct Ticket: Sendable {
        let generation: UInt64
        let serial: UInt64
        var everyAnswer = false
    }

    private struct Handlers<Output> {
        weak var owner: LatestWins?
        let deliver: (Result<Output, any Error>) -> Void
        let dropped: (Drop) -> Void
        let stale: (Drop) -> Void
    }

    /// Back on the room's executor: deliver if the ticket is still the latest.
    private static func finish<Output>(ticket: Ticket, handlers: Handlers<Output>, result: Result<Output, any Error>) {
        guard let owner = handlers.owner else { return }
        if ticket.everyAnswer {
            guard owner.unordered.removeValue(forKey: ticket.serial) != nil else {
                // Cancelled past the bound, or by unmounting.
                Stages.record(MVIStage.latestWins, "dropped(#\(ticket.generation), cancelled)", line: #line + 1)
                handlers.dropped(Drop(generation: ticket.generation, latestGeneration: owner.generation, failed: true))
                return
            }
            if ticket.generation < owner.generation {
                Stages.record(MVIStage.latestWins, "stale answer shown: deliver(#\(ticket.generation), latest #\(owner.generation))", line: #line + 1)
                handlers.stale(Drop(generation: ticket.generation, latestGeneration: owner.generation, failed: { if case .failure = result { true } else { false } }()))
            } else {
                Stages.record(MVIStage.latestWins, "deliver(#\(ticket.generation), the latest)", line: #line + 1)
            }
            handlers.deliver(result)
            return
        }
        guard owner.inFlight?.serial == ticket.serial, owner.generation == ticket.generation else {
            let failed = if case .failure = result { true } else { false }
            Stages.record(MVIStage.latestWins, "dropped(#\(ticket.generation), latest #\(owner.generation))", line: #line + 1)
            handlers.dropped(Drop(generation: ticket.generation, latestGeneration: owner.generation, failed: failed))
            return
        }
        owner.inFlight = nil
        Stages.record(MVIStage.latestWins, "deliver(#\(ticket.generation), the latest)", line: #line + 1)
        handlers.deliver(result)
    }
}

@available(*, unavailable, message: "LatestWins lives on one room executor")
extension LatestWins: Sendable {}
