import EVRuntime
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

extension EventEnum: PostableEvent {
    /// `app=ev&event=<name>`: what a button posts for this event.
    public var postedFields: [(name: String, value: String)] {
        [("app", RandomColorEVApp.appName), ("event", name)]
    }
}
