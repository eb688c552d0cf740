import AppSeam
import RoomServices

/// Not in the seed: the playground's fault injection (``FaultInjection``, every pane's), as the service applies it
/// before each fetch and logs what it injected. Its ``InjectedFault`` is a ``DisplayableError``, so the
/// ``ErrorService`` shows it.
public final class APIFaults: Sendable {
    /// The highest latency accepted.
    public static let maximumLatencyMs = FaultSettings.maximumLatencyMs
    public typealias Settings = FaultSettings

    private let injection: FaultInjection

    /// Faults with `settings`, drawn from `random`, waited on `clock`.
    public init(settings: Settings = .none, random: RandomSource = RandomSource(), clock: any Clock<Duration> = ContinuousClock()) {
        injection = FaultInjection(settings, random: random, clock: clock)
    }

    /// The settings in force.
    public var settings: Settings { injection.settings }

    /// Replaces the settings (the service's, so its stage, reported at the caller's line); fetches already waiting
    /// keep theirs.
    public func set(_ settings: Settings, file: StaticString = #fileID, line: UInt = #line) {
        Stages.record(NiceStage.service, "faults.set(latencyMs: \(settings.latencyMs), failureRate: \(settings.failureRate))", file: file, line: line)
        injection.setFaults(settings)
    }

    /// Each effect of `effects` takes its fault draw as it starts (``FaultInjection/drawn(atStartOf:)``).
    public func drawn(atStartOf effects: Effects) {
        injection.drawn(atStartOf: effects)
    }

    /// Waits the latency (cancellable), then throws at the failure rate.
    func apply(path: String, log: NiceLog) async throws {
        do {
            try await injection.inject()
        } catch let fault as InjectedFault {
            log.record("GET \(path) → injected failure")
            throw fault
        }
    }
}

/// Shown by the ``ErrorService``: the error view says the fault injection failed the fetch (as an unknown error it
/// read only "Please try again later.").
extension InjectedFault: DisplayableError {
    public var title: String { "Injected failure" }
    public var message: String {
        "the fault injection failed this fetch (\(Int((failureRate * 100).rounded()))% of fetches fail); set No faults, then Reload."
    }
}
