/// One step of the MVI cycle, as the playground's teaching trace shows it: an intent came in, the state changed,
/// an effect's result came back or was dropped. Times are measured from the moment the intent was received.
///
/// ```swift
/// intents.observe { event in print(event) }
/// // intent #1 loadMovies(query: "matrix", page: 1)
/// // #1 Init → Loading after 0 ms
/// // #1 result after 212 ms (success)
/// // #1 Loading → SuccessfullyFetched after 212 ms
/// ```
public enum MVITraceEvent: Sendable, Equatable, CustomStringConvertible {
    /// The view model received an intent; it has this generation.
    case intentReceived(generation: UInt64, intent: String)
    /// `uiState` changed (state names without payloads), during the given generation. It is announced the way
    /// `@Published` announces it, before the new value is stored: render on ``MVIIntents/onChange``, not here.
    case stateChanged(generation: UInt64, from: String, to: String, after: Duration)
    /// The generation's effect came back while it was still the latest; its result is being applied.
    case resultDelivered(generation: UInt64, succeeded: Bool, after: Duration)
    /// The generation's effect came back too late and its result was thrown away.
    case resultDropped(generation: UInt64, latestGeneration: UInt64, reason: MVIDropReason, after: Duration)
    /// Pitfall switch on: the generation's answer came back after a newer intent and was applied anyway.
    case staleResultShown(generation: UInt64, latestGeneration: UInt64, after: Duration)

    /// The line without timings (stable, for tests and logs): `#1 result dropped (superseded by #2)`.
    public var untimed: String {
        switch self {
        case .intentReceived(let generation, let intent):
            "intent #\(generation) \(intent)"
        case .stateChanged(let generation, let from, let to, _):
            "#\(generation) \(from) → \(to)"
        case .resultDelivered(let generation, let succeeded, _):
            "#\(generation) result (\(succeeded ? "success" : "failure"))"
        case .resultDropped(let generation, let latest, let reason, _):
            switch reason {
            case .superseded: "#\(generation) result dropped (superseded by #\(latest))"
            case .cancelled: "#\(generation) result dropped (cancelled)"
            }
        case .staleResultShown(let generation, let latest, _):
            "⚠ stale answer shown: #\(generation) result applied over #\(latest)"
        }
    }

    /// The line with its timing: `#1 Init → Loading after 0 ms`.
    public var description: String {
        switch self {
        case .intentReceived: untimed
        case .stateChanged(_, _, _, let after), .resultDelivered(_, _, let after), .resultDropped(_, _, _, let after),
            .staleResultShown(_, _, let after):
            "\(untimed) after \(Self.milliseconds(after)) ms"
        }
    }

    /// The time since the intent, if the event has one.
    public var elapsed: Duration? {
        switch self {
        case .intentReceived: nil
        case .stateChanged(_, _, _, let after), .resultDelivered(_, _, let after), .resultDropped(_, _, _, let after),
            .staleResultShown(_, _, let after):
            after
        }
    }

    /// Whole milliseconds, rounded down.
    static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000 + attoseconds / 1_000_000_000_000_000
    }
}
