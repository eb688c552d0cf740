import RoomServices

/// The seed's flow after the view's intent: the model changes, its router (the model's second output) presents or
/// dismisses, and the container hands the change to the view one turn later. The runtime reports each where it
/// runs: the container hearing the model's change, a `routerEvents` call at the model's line (and a slot's
/// `onScreenDismiss`), and the container's notice when its turn comes. The intent itself is the sample's own
/// method, which the runtime does not see: a sample that wants it on the strip reports `.intent` at its call.
public enum RouterStage: FlowStage {
    case intent, model, router, container

    public var name: String {
        switch self {
        case .intent: "Intent"
        case .model: "Model"
        case .router: "Router"
        case .container: "MVIContainer"
        }
    }

    public var detail: String {
        switch self {
        case .intent: "receives the View's event, talks to the business logic"
        case .model: "receives data from Intent, keeps the state"
        case .router: "routeTo / presentAlert / dismiss"
        case .container: "objectWillChange, one turn later"
        }
    }
}
