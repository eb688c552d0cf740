import AppSeam
import PlaygroundUI

extension Pitfall {
    /// MVI's pitfall, declared once for every MVI app (the article's view model applies whichever answer arrives);
    /// an app switches it with ``MVIIntents/appliesEveryAnswer``.
    public static let staleAnswerWins = Pitfall(
        name: "stale-answer-wins",
        articleCode: "loadMovies(query:) subscribes to every request and sets uiState in onNext, whichever answer arrives",
        goesWrong: "a slow answer for an older query overwrites the newer query's results, so the page shows films for what you no longer searched",
        fix: "every intent takes a generation; LatestWins delivers an answer only while its generation is the latest and drops the rest",
        fixFile: "MVIRuntime/LatestWins.swift", fixLines: 162...170, bites: "stale answer shown")
}

/// An MVI app's input with the controls every MVI pane has, MVI's pitfall switch and the fault presets: its cases
/// `setFaults(latencyMs:failureRate:)` and `setPitfall(on:pitfall:)` are the requirements, so the runtime can send a
/// press through the app's own `handle` (``MVIControlledApp/routeControls()``) and show them as examples.
public protocol MVIControlInput: PitfallSwitchable {
    static func setFaults(latencyMs: Int, failureRate: Double) -> Self
    static func setPitfall(on: Bool, pitfall: String?) -> Self
}

extension MVIControlInput {
    /// MVI's one pitfall.
    public static var pitfalls: [Pitfall] { [.staleAnswerWins] }

    /// The page's curl twins of the controls: a fault preset and the switch.
    public static var controlExamples: [(label: String, input: Self)] {
        [("Inject latency and failures", .setFaults(latencyMs: 1500, failureRate: 0.5)), ("Run the article's code as published", .setPitfall(on: true, pitfall: nil))]
    }
}

extension MVIControlledApp where Input: MVIControlInput {
    /// Sends a press of the pane's fault presets and pitfall switch through `handle`, as HTTP's `setFaults` and
    /// `setPitfall`, so the page and HTTP take one path. Call it once the app exists.
    public func routeControls() {
        controls.chosen = { [weak self] in try? self?.handle(.setFaults(latencyMs: $0.latencyMs, failureRate: $0.failureRate), from: .browser) }
        controls.pitfalls.switched = { [weak self] in try? self?.handle(.setPitfall(on: $0, pitfall: $1), from: .browser) }
    }
}
