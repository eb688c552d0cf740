import RoomServices

/// The seed's cycle, "View → Intent → Model → View", with the API call the view model makes between: the boxes of
/// an MVI app's flow strip. The runtime reports each where it runs: the intent as ``MVIIntents/receive(_:file:line:)``
/// takes it, each `uiState` the view model publishes, the effect ``MVIIntents/runLatest(_:errors:file:line:_:then:)``
/// starts, and whether its answer is still the latest when it comes back (``LatestWins``).
public enum MVIStage: FlowStage {
    case intent, model, repository, latestWins

    public var name: String {
        switch self {
        case .intent: "Intent"
        case .model: "Model"
        case .repository: "Repository"
        case .latestWins: "Latest wins"
        }
    }

    public var detail: String {
        switch self {
        case .intent: "the user interacts with the View to create an Intent"
        case .model: "the Intent changes the state of the application"
        case .repository: "makes API calls to fetch the data"
        case .latestWins: "an older, slower answer is dropped"
        }
    }
}
