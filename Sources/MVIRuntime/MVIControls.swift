import AppSeam
import Foundation
import PlaygroundUI
import RoomServices

/// What every MVI app hosted in a room keeps beside its view model, written once here instead of in each app's glue:
/// its lanes of intents, the fault injection before their effects and the pitfall switch (on: every lane applies
/// every answer, the article's code). It takes `setFaults` and `setPitfall`, words their trace rows, sums what
/// `/state` shows of the bug, and writes and restores its part of the app's checkpoint (``MVICheckpointPart``).
///
/// ```swift
/// let controls = MVIControls(appID: "mvi", lanes: [.init(viewModel.intents)], services: services)
/// controls.record(event, from: .http)          // the trace row and caption
/// controls.setPitfall(true, pitfall: nil)        // every lane applies every answer
/// ```
///
/// Not `Sendable`: it lives on the room's executor, as the intents.
public final class MVIControls {
    /// One lane of intents and the name its checkpoint keys take.
    public struct Lane {
        let intents: MVIIntents
        let shape: LaneShape

        /// `intents`, whose keys are `generation`, `lastIntent`, … when `name` is nil, else `filmGeneration`,
        /// `lastFilmIntent`, … (`name: "film"`); a lane that `resends` keeps `inFlight` and sends a waiting request
        /// again on restore, any other is checkpointed only while idle.
        public init(_ intents: MVIIntents, name: String? = nil, resends: Bool = false) {
            (self.intents, shape) = (intents, LaneShape(name: name, resends: resends))
        }
    }

    /// The latency and failures injected before each request.
    public let faults: FaultInjection
    /// The room's pitfall switch (MVI's ``AppSeam/Pitfall/staleAnswerWins``).
    public let pitfalls: PitfallSwitches
    /// The pane's trace and strip, following the first lane (``MVITeaching/follow(_:as:answered:)`` adds others).
    public let teacher: MVITeaching
    let appID: String
    let lanes: [Lane]
    /// What the requests go to, as captions name it: `the repository`, `the API`.
    let outside: String
    /// What a fault preset's press runs: the app's own `setFaults`, so a press and HTTP take one path.
    public var chosen: ((FaultSettings) -> Void)?

    /// The controls of app `appID`'s `lanes` (at least one): each lane's answers re-render the room
    /// (`services.changed`); `faults` defaults to the room's own (seeded by `services`).
    public init(
        appID: String, lanes: [Lane], services: AppServices, faults: FaultInjection? = nil, pitfalls: [Pitfall] = [.staleAnswerWins],
        outside: String = "the repository"
    ) {
        (self.appID, self.lanes, self.outside) = (appID, lanes, outside)
        teacher = MVITeaching(appID: appID, intents: lanes[0].intents)
        self.faults = faults ?? FaultInjection(random: services.makeRandomSource(), clock: services.clock)
        self.pitfalls = PitfallSwitches(pitfalls)
        for lane in lanes { lane.intents.onChange = services.changed }
    }

    /// The trace row of `input` from `source` and its caption: a switch or fault settings says what now runs, an
    /// input that `waits` for `outside`'s answer says so, any other that the model changed at once.
    public func record(_ input: some PitfallSwitchCarrying, from source: EventSource, waits: Bool = true) {
        let spoken = input.spoken
        let caption: String
        if let (on, name) = input.pitfallSwitch {
            caption = pitfalls.caption(pitfalls.pitfalls.first { $0.name == name } ?? pitfalls.pitfalls[0], on: on)
        } else if spoken.prefix(while: { $0 != " " }) == "setFaults" {
            caption = "Fault injection changed: \(outside) now waits and fails as set."
        } else {
            caption = "\(spoken) from \(source.spoken): " + (waits ? "waiting for \(outside)…" : "the model changed at once, no request.")
        }
        teacher.record(spoken, from: source, caption: caption)
    }

    /// `setFaults`: every later request waits `latencyMs` and fails at `failureRate`.
    public func setFaults(latencyMs: Int, failureRate: Double) {
        faults.setFaults(FaultSettings(latencyMs: latencyMs, failureRate: failureRate))
    }

    /// `setPitfall`: on, every lane applies every answer as it arrives (the article's view model).
    public func setPitfall(_ on: Bool, pitfall name: String?) {
        pitfalls.set(on, pitfall: name)
        for lane in lanes { lane.intents.appliesEveryAnswer = on }
    }

    /// The app's content with the fault presets under it (fragments `ids`); a press runs ``chosen``.
    public func faultsBelow<Content: View>(_ content: Content, ids: (content: String, faults: String)) -> FaultsBelow<Content> {
        FaultsBelow(content, faults: faults, ids: ids) { [weak self] in self?.chosen?($0) }
    }

    /// ``faultsBelow(_:ids:)`` in the shape the movie search's root had (its content under one environment write): the
    /// ids of a pane's controls come from its shape, and journaled presses name them, so a pane that had it keeps it.
    public func pane<Content: View>(_ content: Content, ids: (content: String, faults: String)) -> MVIPane<Content> {
        MVIPane(below: faultsBelow(content, ids: ids))
    }

    /// Older answers applied over newer ones, on every lane (only while the switch is on): the bug, counted.
    public var staleAnswersShown: Int { lanes.reduce(0) { $0 + $1.intents.staleAnswersShown } }

    /// Whether a lane's request is running whose answer would still be applied.
    public var isInFlight: Bool { lanes.contains { $0.intents.isInFlight } }
}

@available(*, unavailable, message: "MVIControls lives on one room executor")
extension MVIControls: Sendable {}

/// An MVI pane's root: the app's content with the fault presets under it (``MVIControls/pane(_:ids:)``).
public struct MVIPane<Content: View>: View {
    let below: FaultsBelow<Content>

    public var body: some View {
        // The write marks the pane; its place in the tree is what keeps the controls' ids.
        below.body.environment(\.isInMVIPane, true)
    }
}

private struct InMVIPaneKey: EnvironmentKey {
    static var defaultValue: Bool { false }
}

extension EnvironmentValues {
    /// Whether a view is drawn inside an ``MVIPane``.
    var isInMVIPane: Bool {
        get { self[InMVIPaneKey.self] }
        set { self[InMVIPaneKey.self] = newValue }
    }
}

/// An MVI app whose lanes, faults and pitfall switch are one ``MVIControls``: the room's switches are its.
public protocol MVIControlledApp: MVIHostedApp, PitfallHostingApp {
    var controls: MVIControls { get }
}

extension MVIControlledApp {
    public var teacher: MVITeaching { controls.teacher }
    public var pitfallSwitches: PitfallSwitches { controls.pitfalls }
}
