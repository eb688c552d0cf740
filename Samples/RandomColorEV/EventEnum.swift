import EVRuntime
import OpenCombine
import PlaygroundUI

/// Every event of the app, and the actions (of several views) each one triggers.
public enum EventEnum: EventEnumProtocol, Sendable {
    /// The subject's starting value: no actions.
    case initial
    /// The Center button: a new colour for Left and for Right.
    case changeBothSidesColors

    /// One event, actions on several screens, delivered in this order.
    public static func actionsByEvent(_ event: Self) -> [any InnerViewAction] {
        switch event {
        case .changeBothSidesColors:
            return [LeftScreen.InnerAction.changeLeftColor, RightScreen.InnerAction.changeRightColor]
        default:
            return []
        }
    }
}

// The seed's `let eventSubject: CurrentValueSubject<EventEnum, Never> = .init(.initial)` is one global; here every
// room has its own, and the views read it from the environment (send-only: see `SendOnlySubject`).
private struct EventSubjectKey: EnvironmentKey {
    static var defaultValue: SendOnlySubject<EventEnum> { .init(.init(.initial)) }
}

extension EnvironmentValues {
    /// The room's `eventSubject`.
    var eventSubject: SendOnlySubject<EventEnum> {
        get { self[EventSubjectKey.self] }
        set { self[EventSubjectKey.self] = newValue }
    }
}
