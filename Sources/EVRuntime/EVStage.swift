import RoomServices

/// The EV flow as the article draws it, **Event** -> **Actions**: each stage is reported by the runtime where it runs.
public enum EVStage: FlowStage {
    case eventSubject, actionsByEvent, action, onReceive

    public var name: String {
        switch self {
        case .eventSubject: "eventSubject"
        case .actionsByEvent: "actionsByEvent"
        case .action: "@Action"
        case .onReceive: ".onReceive"
        }
    }

    public var detail: String {
        switch self {
        case .eventSubject: "sends an EventEnum value"
        case .actionsByEvent: "a list of actions for the event"
        case .action: "receives only the actions relevant to it"
        case .onReceive: "triggered only in the views with that action"
        }
    }
}
