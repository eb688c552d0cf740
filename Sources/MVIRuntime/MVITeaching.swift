import AppSeam
import PlaygroundUI
import RoomServices

/// What hosting any MVI app in a room repeats for its pane: the trace is the seed's dry run (each intent, state,
/// answer and drop a step of the row of the event that caused it: `#2 result dropped (superseded by #3)`), a press
/// on the page gets its row when its intent arrives, and the caption follows the answer. The strip's stages are
/// what the runtime reports (``MVIStage``).
///
/// Not `Sendable`: it lives on the room's executor, as the intents it observes.
public final class MVITeaching {
    /// The pane's strip and trace.
    public let teaching: Teaching<MVIStage>
    /// True while a press on the page runs its closure: the row is made when the intent arrives.
    private var pressing = false

    /// The teaching layer of app `appID`, following `intents`.
    public init(appID: String, intents: MVIIntents) {
        teaching = Teaching(appID: appID)
        intents.observe { [weak self] event in self?.observe(event) }
    }

    /// The row of an event from HTTP or a control that names it (the intent it sends then adds no row of its own).
    public func record(_ event: String, from source: EventSource, caption: String) {
        pressing = false
        teaching.trace.record(source: source, event: event, became: [])
        teaching.flow.describe(caption)
    }

    /// Follows another lane of the view model as it follows the intents (its numbers are its own): each of its events
    /// a step of the row, after `name`; an answer's caption is `answered(succeeded)`.
    public func follow(_ lane: MVIIntents, as name: String, answered: @escaping (Bool) -> String) {
        lane.observe { [weak self] event in
            guard let teaching = self?.teaching else { return }
            teaching.trace.appendStep("\(name): \(event.description)")
            if case .resultDelivered(_, let succeeded, _) = event { teaching.flow.describe(answered(succeeded)) }
        }
    }

    /// Runs a press on the page: an intent it fires is its row.
    public func press<Result>(_ work: () -> Result) -> Result {
        pressing = true
        defer { pressing = false }
        return work()
    }

    private func observe(_ event: MVITraceEvent) {
        if pressing, case .intentReceived(_, let intent) = event {
            record(intent, from: .browser, caption: "\(intent) from the page: waiting for the repository…")
        }
        teaching.trace.appendStep(event.description)
        switch event {
        case .resultDelivered(_, let succeeded, let after):
            teaching.flow.describe(
                "The repository answered in \(after.formatted(.units(allowed: [.milliseconds]))) "
                    + (succeeded ? "and the model moved on." : "with an error: ApiError."))
        case .resultDropped:
            teaching.flow.describe("An older answer arrived after a newer intent and was dropped: it cannot overwrite the newer result.")
        case .staleResultShown(let generation, let latest, _):
            teaching.flow.describe("Stale answer shown: #\(generation)'s answer arrived after #\(latest) and overwrote it (the article's code).")
        default:
            break
        }
    }
}

@available(*, unavailable, message: "MVITeaching lives on one room executor")
extension MVITeaching: Sendable {}

/// An MVI app as a room hosts it: its views in an ``MVIAppInstance``, its pane's teaching in an ``MVITeaching``.
/// The room's renders and presses go to the instance's host (a press's intent is its row); unmounting cancels the
/// effect in flight.
public protocol MVIHostedApp: ViewHostedApp where Stage == MVIStage {
    associatedtype ViewModel: MVIViewModel
    var app: MVIAppInstance<ViewModel, Root> { get }
    var teacher: MVITeaching { get }
}

extension MVIHostedApp {
    public var teaching: Teaching<MVIStage> { teacher.teaching }
    public var host: ViewHost<Root> { app.host }
    public func perform(action: String, value: String?) -> ActionOutcome { teacher.press { host.perform(action: action, value: value) } }
    public func unmount() { app.unmount() }
}
