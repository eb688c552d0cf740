/// "One turn later" on a room's executor, in order: what a seed does with `.receive(on: RunLoop.main)`.
///
/// Live, a job given to ``later(_:)`` runs in a later job of the room (a task hops there). The room also runs
/// every waiting job before it takes its next step (``drain()``), so which step a turn falls before never depends on
/// thread timing, and a replay of the journal meets the same state before every step.
///
/// ```swift
/// turns.later { container.objectWillChange.send() }   // the model's willChange, once its value can be read
/// ```
///
/// Not `Sendable`: it lives on its room's executor.
public final class Turns {
    /// Weak: the room owns its turns, and a closed room must be freed.
    private weak var isolation: (any Actor)?
    /// Each job with the step it was queued in (its stages are that step's, reported as later).
    private var waiting: [(job: () -> Void, context: StageContext?)] = []
    private var scheduled = false

    /// Turns run on `isolation`'s executor.
    public init(isolation: any Actor) {
        self.isolation = isolation
    }

    /// Runs `job` one turn later on the room, after the jobs already waiting.
    public func later(_ job: @escaping () -> Void) {
        waiting.append((job, Stages.current?.carriedLater))
        guard !scheduled, let isolation else { return }
        scheduled = true
        Self.schedule(RoomBound(self, isolation: isolation), on: isolation)
    }

    /// Runs every waiting job now, in order (jobs they queue too).
    public func drain() {
        scheduled = false
        while !waiting.isEmpty {
            let (job, context) = waiting.removeFirst()
            Stages.with(context, job)
        }
    }

    /// Jobs waiting for their turn.
    public var waitingCount: Int { waiting.count }

    private static func schedule(_ box: RoomBound<Turns>, on isolation: any Actor) {
        Task { await run(box, on: isolation) }
    }

    private static func run(_ box: RoomBound<Turns>, on room: isolated any Actor) {
        box.value.drain()
    }
}

@available(*, unavailable, message: "turns live on their room's executor")
extension Turns: Sendable {}
