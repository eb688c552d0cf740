import PlaygroundUI
import RoomServices
import Synchronization

/// Not in the seed: the playground's fault injection, as the MVI pane's. Every fetch first waits `latencyMs`, then
/// fails at `failureRate` (an ``InjectedFault``, which the ``ErrorService`` shows as "Please try again later.").
/// Shared by the room's services; the failures are drawn from the room's ``RandomSource`` and the latency is waited
/// on the room's clock, so tests replay the draws and decide when the latency has passed.
public final class APIFaults: Sendable {
    /// The highest latency accepted.
    public static let maximumLatencyMs = 10_000

    /// Latency before each fetch and the share of fetches that fail.
    public struct Settings: Sendable, Equatable {
        public var latencyMs: Int
        public var failureRate: Double

        public init(latencyMs: Int, failureRate: Double) {
            self.latencyMs = min(max(latencyMs, 0), APIFaults.maximumLatencyMs)
            self.failureRate = failureRate.isNaN ? 0 : min(max(failureRate, 0), 1)
        }

        public static let none = Settings(latencyMs: 0, failureRate: 0)
    }

    private let state: Mutex<Settings>
    private let random: RandomSource
    private let clock: any Clock<Duration>

    /// Faults with `settings`, drawn from `random`, waited on `clock`.
    public init(settings: Settings = .none, random: RandomSource = RandomSource(), clock: any Clock<Duration> = ContinuousClock()) {
        state = Mutex(settings)
        (self.random, self.clock) = (random, clock)
    }

    /// The settings in force.
    public var settings: Settings { state.withLock { $0 } }

    /// Replaces the settings (the service's, so its stage, reported at the caller's line); fetches already waiting
    /// keep theirs.
    public func set(_ settings: Settings, file: StaticString = #fileID, line: UInt = #line) {
        Stages.record(NiceStage.service, "faults.set(latencyMs: \(settings.latencyMs), failureRate: \(settings.failureRate))", file: file, line: line)
        state.withLock { $0 = settings }
    }

    /// Waits the latency (cancellable), then throws at the failure rate.
    func apply(path: String, log: NiceLog) async throws {
        let settings = self.settings
        let fails = random.chance(settings.failureRate)
        if settings.latencyMs > 0 {
            try await clock.sleep(for: .milliseconds(settings.latencyMs))
        }
        if fails {
            log.record("GET \(path) → injected failure")
            throw InjectedFault(failureRate: settings.failureRate)
        }
    }
}

/// The failure ``APIFaults`` injects: a ``DisplayableError``, so the ``ErrorService`` forwards it and the error view
/// says the fault injection failed the fetch (as an unknown error it read only "Please try again later.").
public struct InjectedFault: DisplayableError, JournaledError, Sendable, Equatable, CustomStringConvertible {
    public static let journalName = "InjectedFault"
    public let failureRate: Double
    public var description: String { "injected failure (failure rate \(failureRate))" }
    public var title: String { "Injected failure" }
    public var message: String {
        "the fault injection failed this fetch (\(Int((failureRate * 100).rounded()))% of fetches fail); set No faults, then Reload."
    }
}
