import PlaygroundUI

/// Not in the seed: the settings in force and presets, each a button sending what
/// `{"app":"nice","event":"setFaults","latencyMs":…,"failureRate":…}` sends. Drawn above the list, so a press shows at
/// once what is in force; the faults act on the next fetch, which "Reload now" starts.
struct PostsFaultControls: View {
    let settings: PostsFaults.Settings
    /// Runs an event as HTTP's does.
    let send: (PostsEvent) -> Void

    static let presets: [(name: String, settings: PostsFaults.Settings)] = [
        ("No faults", .none),
        ("Slow (1.5 s)", PostsFaults.Settings(latencyMs: 1_500, failureRate: 0)),
        ("Flaky (50%)", PostsFaults.Settings(latencyMs: 600, failureRate: 0.5)),
        ("Broken (100%)", PostsFaults.Settings(latencyMs: 0, failureRate: 1)),
    ]

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text(caption)
                .font(.caption)
            HStack(spacing: 8) {
                ForEach(Self.presets, id: \.name) { preset in
                    Button(preset.name) { send(.setFaults(latencyMs: preset.settings.latencyMs, failureRate: preset.settings.failureRate)) }
                    .buttonStyle(preset.settings == settings ? .borderedProminent : .bordered)
                }
                if settings != .none {
                    Button("Reload now") { send(.reload) }
                }
            }
        }
    }

    private var caption: String {
        guard settings != .none else { return "Fault injection: off (every fetch answers as the server does)" }
        return "Faults in force: every fetch waits \(settings.latencyMs) ms, "
            + "\(Int((settings.failureRate * 100).rounded()))% of fetches fail (from the next fetch: Reload now)"
    }
}
