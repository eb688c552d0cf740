import PlaygroundUI

/// Not in the seed: the playground's fault injection. It shows the settings in force and offers presets, each a
/// button sending what `{"app":"mvi","event":"setFaults","latencyMs":…,"failureRate":…}` sends (any other values
/// can be posted over HTTP).
struct FaultInjectionControls: View {
    let settings: FaultSettings
    @Environment(\.sendMovieSearchEvent) var send

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text(
                "Fault injection: \(DisplayNumbers.grouped(settings.latencyMs)) ms latency, "
                    + "\(DisplayNumbers.percent(settings.failureRate))% of requests fail"
            )
            .font(.caption)
            HStack(spacing: 8) {
                ForEach(FaultSettings.presets, id: \.name) { preset in
                    Button(preset.name) { send(.setFaults(latencyMs: preset.settings.latencyMs, failureRate: preset.settings.failureRate)) }
                    .buttonStyle(preset.settings == settings ? .borderedProminent : .bordered)
                }
            }
        }
    }
}
