import PlaygroundUI

/// Not in the seed: the ``APIFaults`` in force and presets, each a button that sets them (as the app's HTTP event
/// does). Drawn above the content, so a press shows at once what is in force; the faults act on the next fetch,
/// which "Reload now" starts.
public struct FaultControls: View {
    let settings: APIFaults.Settings
    let set: (APIFaults.Settings) -> Void
    let reload: () -> Void

    /// The controls for `settings`: a preset's button calls `set`, "Reload now" `reload`.
    public init(settings: APIFaults.Settings, set: @escaping (APIFaults.Settings) -> Void, reload: @escaping () -> Void) {
        (self.settings, self.set, self.reload) = (settings, set, reload)
    }

    static let presets: [(name: String, settings: APIFaults.Settings)] = [
        ("No faults", .none),
        ("Slow (1.5 s)", APIFaults.Settings(latencyMs: 1_500, failureRate: 0)),
        ("Flaky (50%)", APIFaults.Settings(latencyMs: 600, failureRate: 0.5)),
        ("Broken (100%)", APIFaults.Settings(latencyMs: 0, failureRate: 1)),
    ]

    public var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text(caption)
                .font(.caption)
            HStack(spacing: 8) {
                ForEach(Self.presets, id: \.name) { preset in
                    Button(preset.name) { set(preset.settings) }
                    .buttonStyle(preset.settings == settings ? .borderedProminent : .bordered)
                }
                if settings != .none {
                    Button("Reload now") { reload() }
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

/// The fault controls above an app's content: the pane's two fragments, `faultsID` and `contentID` (a fault button's
/// press shows what is in force above where the content is read).
public struct FaultsAbove<Content: View>: View {
    let faults: APIFaults
    let ids: (faults: String, content: String)
    let set: (APIFaults.Settings) -> Void
    let reload: () -> Void
    let content: Content

    /// `content` below the controls of `faults` (see ``FaultControls``).
    public init(
        _ faults: APIFaults, ids: (faults: String, content: String), set: @escaping (APIFaults.Settings) -> Void, reload: @escaping () -> Void,
        content: Content
    ) {
        (self.faults, self.ids, self.set, self.reload, self.content) = (faults, ids, set, reload, content)
    }

    public var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            FaultControls(settings: faults.settings, set: set, reload: reload)
                .id(ids.faults)
            content
                .id(ids.content)
        }
    }
}
