import RoomServices

/// The VVSI flow as the article lays it out (View → ViewState → Interactor, and back): each stage is reported by the
/// runtime where it runs; what the interactor's tasks do comes back later, on the room.
public enum VVSIStage: FlowStage {
    case trigger, execute, state, updater, notifications, onReceive

    public var name: String {
        switch self {
        case .trigger: "viewState.trigger"
        case .execute: "Interactor.execute"
        case .state: "state()"
        case .updater: "updater"
        case .notifications: "notifications"
        case .onReceive: ".onReceive"
        }
    }

    public var detail: String {
        switch self {
        case .trigger: "the view sends an action"
        case .execute: "business logic and side effects"
        case .state: "reads the current state"
        case .updater: "changes the state; the view re-renders"
        case .notifications: "the interactor tells the view"
        case .onReceive: "the view shows it (an alert)"
        }
    }
}
