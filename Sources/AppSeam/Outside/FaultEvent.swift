extension EventDeclaration {
    /// `setFaults` for an app whose input takes ``FaultSettings``' two arguments: `<prefix>: fault injection: every
    /// later <request> waits …`, with the limits ``FaultInjection`` keeps and refusals that say them (`failing` names
    /// what one in four fails at 0.25: `search`).
    public static func setFaults(_ prefix: String, every request: String, failing: String) -> EventDeclaration {
        EventDeclaration(
            "setFaults", "\(prefix): fault injection: every later \(request) waits `latencyMs` and fails with probability `failureRate`.",
            [
                "latencyMs": .integer(
                    0...FaultSettings.maximumLatencyMs, must: "a whole number of milliseconds from 0 to \(FaultSettings.maximumLatencyMs)"),
                "failureRate": .number(0...1, must: "a number from 0 to 1 (0.25 fails one \(failing) in four)"),
            ])
    }
}
