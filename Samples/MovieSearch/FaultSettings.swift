/// How badly ``FaultInjectingMovieRepository`` behaves: extra latency before every request and the share of
/// requests that fail, so a learner can watch `Loading` and `ApiError` (and a slow answer being overtaken).
public struct FaultSettings: Sendable, Equatable, Codable {
    /// The highest latency accepted, in milliseconds.
    public static let maximumLatencyMs = 10_000

    /// Milliseconds to wait before each request, 0…``maximumLatencyMs``.
    public var latencyMs: Int
    /// The probability that a request fails, 0…1 (0.25 fails one search in four).
    public var failureRate: Double

    /// Settings clamped into range (a rate that is not a number becomes 0).
    public init(latencyMs: Int, failureRate: Double) {
        self.latencyMs = min(max(latencyMs, 0), Self.maximumLatencyMs)
        self.failureRate = failureRate.isNaN ? 0 : min(max(failureRate, 0), 1)
    }

    /// No extra latency, no failures.
    public static let none = FaultSettings(latencyMs: 0, failureRate: 0)

    /// The settings the fault controls offer, by name.
    static let presets: [(name: String, settings: FaultSettings)] = [
        ("No faults", .none),
        ("Slow (1.5 s)", FaultSettings(latencyMs: 1_500, failureRate: 0)),
        ("Flaky (50%)", FaultSettings(latencyMs: 600, failureRate: 0.5)),
        ("Broken (100%)", FaultSettings(latencyMs: 0, failureRate: 1)),
    ]
}
