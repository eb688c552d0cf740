import PlaygroundUI
import RoomServices
import Synchronization

/// Not in the seeds: an app's fetches made slow or unreliable on purpose, so a learner can watch loading, an error
/// and a slow answer overtaken by a newer one. The runtime or the app calls ``inject()`` before each fetch; a request
/// uses the settings in force when it starts, and the draw comes from the room's ``RandomSource``, so a seeded run
/// replays. Every pane's fault injection is this one.
///
/// ```swift
/// viewModel.intents.faults = FaultInjection(random: services.makeRandomSource(), clock: services.clock)
/// viewModel.intents.faults?.setFaults(FaultSettings(latencyMs: 1_500, failureRate: 0.5))
/// ```
public final class FaultInjection: Sendable {
    /// Where the failure draws come from (a checkpoint keeps its position).
    public let random: RandomSource
    private let clock: any Clock<Duration>
    private let state: Mutex<FaultSettings>

    /// Starts with `settings`; failures are drawn from `random`, the latency waited on `clock`.
    public init(_ settings: FaultSettings = .none, random: RandomSource = RandomSource(), clock: any Clock<Duration> = ContinuousClock()) {
        (self.random, self.clock) = (random, clock)
        state = Mutex(settings)
    }

    /// The settings in force.
    public var settings: FaultSettings { state.withLock { $0 } }

    /// Replaces the settings; requests already waiting keep the ones they started with.
    public func setFaults(_ settings: FaultSettings) {
        state.withLock { $0 = settings }
    }

    /// Waits the latency (cancellable), then throws ``InjectedFault`` at the failure rate: with the draw taken as the
    /// running effect started when ``drawn(atStartOf:)`` was called, else with one taken now.
    public func inject() async throws {
        try await (EffectStart.take(for: self, as: InjectedFaultPlan.self) ?? draw()).inject()
    }

    /// Each effect of `effects` takes this injection's draw as it starts (on the room's executor), for requests made
    /// inside the effect's work: a setting changed by the next event cannot reach a request already started.
    public func drawn(atStartOf effects: Effects) {
        effects.drawAtStart(for: self) { [self] in draw() }
    }

    /// The settings in force and this request's failure draw, taken now: call it where the request starts (the
    /// room's executor), so a request started before the settings change keeps the old ones however late its task
    /// runs, and the draws come in the order the requests started.
    public func draw() -> InjectedFaultPlan {
        let settings = self.settings
        return InjectedFaultPlan(settings: settings, fails: random.chance(settings.failureRate), clock: clock)
    }
}

/// One request's injected latency and failure, drawn by ``FaultInjection/draw()``.
public struct InjectedFaultPlan: Sendable {
    let settings: FaultSettings
    let fails: Bool
    let clock: any Clock<Duration>

    /// Waits the latency (cancellable), then throws ``InjectedFault`` if the draw failed.
    public func inject() async throws {
        if settings.latencyMs > 0 {
            try await clock.sleep(for: .milliseconds(settings.latencyMs))
        }
        if fails { throw InjectedFault(failureRate: settings.failureRate) }
    }
}

/// How badly ``FaultInjection`` behaves: extra latency before every effect and the share of effects that fail.
public struct FaultSettings: Sendable, Equatable, Codable {
    /// The highest latency accepted, in milliseconds.
    public static let maximumLatencyMs = 10_000

    /// Milliseconds to wait before each effect, 0…``maximumLatencyMs``.
    public var latencyMs: Int
    /// The probability that an effect fails, 0…1 (0.25 fails one in four).
    public var failureRate: Double

    /// Settings clamped into range (a rate that is not a number becomes 0).
    public init(latencyMs: Int, failureRate: Double) {
        self.latencyMs = min(max(latencyMs, 0), Self.maximumLatencyMs)
        self.failureRate = failureRate.isNaN ? 0 : min(max(failureRate, 0), 1)
    }

    /// No extra latency, no failures.
    public static let none = FaultSettings(latencyMs: 0, failureRate: 0)

    /// The settings the fault controls offer, by name.
    public static let presets: [(name: String, settings: FaultSettings)] = [
        ("No faults", .none),
        ("Slow (1.5 s)", FaultSettings(latencyMs: 1_500, failureRate: 0)),
        ("Flaky (50%)", FaultSettings(latencyMs: 600, failureRate: 0.5)),
        ("Broken (100%)", FaultSettings(latencyMs: 0, failureRate: 1)),
    ]
}

/// The failure ``FaultInjection`` injects; the journal keeps it whole, so a replayed answer fails the same way.
public struct InjectedFault: JournaledError, Sendable, Equatable, CustomStringConvertible {
    public static let journalName = "InjectedFault"

    /// The failure rate that was in force.
    public let failureRate: Double

    public init(failureRate: Double) { self.failureRate = failureRate }

    /// `injected failure (failure rate 0.5)`.
    public var description: String { "injected failure (failure rate \(DisplayNumbers.rate(failureRate)))" }
}

/// The settings in force and a button per preset; a press calls `choose` with the preset (an app sends it as its
/// own event, so HTTP and the page take one path).
public struct FaultInjectionControls: View {
    let settings: FaultSettings
    let choose: (FaultSettings) -> Void

    public init(settings: FaultSettings, choose: @escaping (FaultSettings) -> Void) {
        (self.settings, self.choose) = (settings, choose)
    }

    public var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text(
                "Fault injection: \(DisplayNumbers.grouped(settings.latencyMs)) ms latency, "
                    + "\(DisplayNumbers.percent(settings.failureRate))% of requests fail"
            )
            .font(.caption)
            HStack(spacing: 8) {
                ForEach(FaultSettings.presets, id: \.name) { preset in
                    Button(preset.name) { choose(preset.settings) }
                        .buttonStyle(preset.settings == settings ? .borderedProminent : .bordered)
                }
            }
        }
    }
}

/// An app's content with the fault controls under it: the pane's two fragments, `ids.content` and `ids.faults`, each
/// patched on its own; a preset's press calls `choose`.
public struct FaultsBelow<Content: View>: View {
    let content: Content
    let faults: FaultInjection
    let ids: (content: String, faults: String)
    let choose: (FaultSettings) -> Void

    public init(
        _ content: Content, faults: FaultInjection, ids: (content: String, faults: String), choose: @escaping (FaultSettings) -> Void
    ) {
        (self.content, self.faults, self.ids, self.choose) = (content, faults, ids, choose)
    }

    public var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            content
                .id(ids.content)
            FaultInjectionControls(settings: faults.settings, choose: choose)
                .id(ids.faults)
        }
    }
}
