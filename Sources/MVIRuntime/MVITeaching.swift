import AppSeam
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
        default:
            break
        }
    }
}

@available(*, unavailable, message: "MVITeaching lives on one room executor")
extension MVITeaching: Sendable {}
