import OpenCombine
import PlaygroundUI
import RoomServices

/// The room's `eventSubject` as the views hold it: `eventSubject.send(.changeBothSidesColors)` reads as in the
/// article, but a view can only send into it, never read its value while rendering — so holding it does not stop
/// the renderer from skipping an unchanged view (``SendOnlyObject``).
public final class SendOnlySubject<Event: EventEnumBase>: SendOnlyObject {
    private let subject: CurrentValueSubject<Event, Never>

    public init(_ subject: CurrentValueSubject<Event, Never>) {
        self.subject = subject
    }

    /// Sends `event` to the subject's subscribers, as `CurrentValueSubject.send` does; the stage names the caller's line.
    public func send(_ event: Event, file: StaticString = #fileID, line: UInt = #line) {
        Stages.record(EVStage.eventSubject, text(event), file: file, line: line)
        subject.send(event)
    }

    /// The last event's stage text, kept: the same event is sent again and again.
    private var last: (event: Event, text: String)?

    private func text(_ event: Event) -> String {
        if let last, last.event == event { return last.text }
        let text = "eventSubject.send(.\(event.name))"
        last = (event, text)
        return text
    }
}
