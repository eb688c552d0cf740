import AppSeam
import OpenCombine
import PlaygroundUI
import RoomServices

/// Hosts a NiceArchitecture app in a playground room (not in the seed, whose dependencies are process-wide): the
/// room's own ``InjectedValues`` (its log and loop), every call into the app made in them, and the room's teaching
/// layer: a trace row per step with the log's lines and the view models' load states, and the stages the runtime
/// reports going to the step that caused them. What a render draws (a view binding as it appears) belongs to the
/// step that changed the views: an input's, a press's or an answer's; when the page drew it with no event behind it,
/// to a step of its own.
public final class NiceRoom {
    public let teaching: Teaching<NiceStage>
    /// The room's dependencies.
    public let injected = InjectedValues()
    /// The room's log (fetches, cache lookups, logged errors), moved into the trace as it fills.
    public let log = NiceLog()
    /// The room's pitfall switches (all off: the runtime's fixes) and their counts of bites.
    public var pitfalls: NicePitfalls { injected.pitfalls }
    private let isolation: any Actor
    /// The step the next render draws (the last input's or press's).
    private var drawing: StageContext?
    /// True while a render with no event behind it runs.
    private var drawnByPage = false
    private var observations: [String: AnyCancellable] = [:]

    /// The room of the app `appID` (its strip and trace are `appID-flow`, `appID-trace`).
    public init(appID: String, services: AppServices) {
        teaching = Teaching(appID: appID)
        isolation = services.isolation
        let room = RoomBound(Unowned(), isolation: services.isolation)
        let changed = RoomBound(services.changed, isolation: services.isolation)
        var injected = injected
        injected.log = log
        injected.roomLoop = RoomLoop(isolation: services.isolation, effects: services.effects) {
            room.value.room?.answered()
            changed.value()
        }
        room.value.room = self
    }

    /// Runs an input or a press in the room's values, under a new trace row `event`.
    public func step<Result>(_ event: String, from source: EventSource, _ body: () -> Result) -> Result {
        teaching.trace.record(source: source, event: event, became: [])
        teaching.flow.describe(event)
        drawing = Stages.current
        let result = InjectedValues.withValues(injected, body)
        flushLog()
        return result
    }

    /// Forgets the step just run (a press on a control that is gone): its row, and the render it would have drawn in.
    public func dropStep() {
        teaching.trace.removeNewest()
        drawing = nil
    }

    /// A press on the page (its control's closure, run by `body`) under a new trace row, dropped if the control is gone.
    public func press(_ body: () -> ActionOutcome) -> ActionOutcome {
        let outcome = step("press on the page", from: .browser, body)
        if outcome != .performed { dropStep() }
        return outcome
    }

    /// Renders `host` in the room's values, in the step whose changes it draws.
    public func render<Root: View>(_ host: ViewHost<Root>, _ context: RenderContext) -> RenderedView {
        let step = Stages.current.flatMap { $0.reports(to: teaching) ? $0 : nil } ?? drawing
        drawing = nil
        let rendered: RenderedView
        if let step {
            rendered = Stages.with(step) { InjectedValues.withValues(injected) { host.render(context) } }
        } else {
            // Every render evaluates the StatefulViews (their views observe objects): unless a view bound (a row of its
            // own), such a step is dropped and the strip keeps the newest event's path.
            let strip = teaching.flow
            let rows = teaching.trace.nextEntryNumber
            drawnByPage = true
            defer {
                drawnByPage = false
                teaching.endStep()
                if teaching.trace.nextEntryNumber == rows { teaching.flow = strip }
            }
            rendered = Stages.with(teaching.beginStep(isolation: isolation)) { InjectedValues.withValues(injected) { host.render(context) } }
        }
        flushLog()
        return rendered
    }

    /// A view model's task ended: its log lines go to the trace, and the render that draws what it changed belongs to
    /// its step (the room renders at once, in it; a test's harness renders when it likes).
    private func answered() {
        flushLog()
        if let step = Stages.current, step.reports(to: teaching) { drawing = step }
    }

    /// Writes each new load state of `viewModel` into the trace as `owner.contentLoadState = …` (nil: stops watching
    /// the one watched under `key`).
    public func watch(_ viewModel: ObservableVM?, as owner: String, key: String = "") {
        observations[key] = viewModel?.$contentLoadState.dropFirst().sink { [weak self] state in
            self?.stateChanged(owner, state)
        }
    }

    /// Watches whichever view model `pushed` holds (a coordinator's pushed screen), named by `owner`.
    public func watch<ViewModel: ObservableVM>(_ pushed: Published<ViewModel?>.Publisher, as owner: @escaping (ViewModel) -> String) {
        let key = "\(ViewModel.self)"
        // Not the view model itself in the closure: its own publisher keeps the sink, which would keep it.
        observations["pushed " + key] = pushed.dropFirst().sink { [weak self] viewModel in
            self?.watch(viewModel, as: viewModel.map(owner) ?? "", key: key)
        }
    }

    private func stateChanged(_ owner: String, _ state: ContentLoadState) {
        if state == .loading, drawnByPage {
            teaching.trace.record(source: .browser, event: "the page drew \(owner)'s view: .bindToVM → bindViewModel()", became: [])
            teaching.flow.describe("the page drew \(owner)'s view")
        }
        flushLog()
        teaching.trace.appendStep("\(owner).contentLoadState = \(state)")
    }

    /// Moves the log's lines (fetches with their timings, cache hits and misses, logged errors) into the trace.
    public func flushLog() {
        for line in log.drain() {
            teaching.trace.appendStep(line)
        }
    }

    /// Stops watching and unmounts `host` in the room's values.
    public func unmount<Root: View>(_ host: ViewHost<Root>) {
        observations.removeAll()
        InjectedValues.withValues(injected) { host.unmount() }
    }
}

/// The room, for its loop (made before the room is).
private final class Unowned {
    weak var room: NiceRoom?
}
