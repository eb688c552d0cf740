import OpenCombine
import PlaygroundUI
import RoomServices

/// One running MVI app in one room: its view model, the view host that renders it, and the observation that
/// turns every `uiState` assignment into a ``MVITraceEvent/stateChanged(generation:from:to:after:)``.
///
/// ```swift
/// let app = MVIAppInstance(viewModel, root: SearchPageView(viewModel: viewModel))
/// app.intents.onChange = { room.renderAgain() }        // effect results arrive later
/// viewModel.loadMovies(query: "matrix")                // the intent; Loading is rendered right away
/// let html = app.render(context)
/// app.unmount()                                        // cancels the effect in flight
/// ```
///
/// Not `Sendable`: create and use it on the room's executor.
public final class MVIAppInstance<ViewModel: MVIViewModel, Root: View> {
    /// The view model (Model + Intents).
    public let viewModel: ViewModel
    /// Renders the app and owns its view state.
    public let host: ViewHost<Root>
    private var transitions: AnyCancellable?
    /// The view model's other lanes (a second `LatestWins`), cancelled with its intents.
    private let lanes: [MVIIntents]

    /// Starts observing `viewModel`'s state changes; nothing is rendered until ``render(_:)``. `lanes` are the view
    /// model's other intents, if it has more than one lane.
    public init(_ viewModel: ViewModel, root: Root, lanes: [MVIIntents] = [], environment: EnvironmentValues = EnvironmentValues()) {
        (self.viewModel, self.lanes) = (viewModel, lanes)
        self.host = ViewHost(root, environment: environment)
        var previous = viewModel.uiState.caseName
        let intents = viewModel.intents
        let published: UInt = #line + 1
        transitions = viewModel.uiStatePublisher.dropFirst().sink { state in
            let next = state.caseName
            Stages.record(MVIStage.model, "uiState = .\(next)", line: published)
            intents.stateChanged(from: previous, to: next)
            previous = next
        }
    }

    /// The view model's intents: observers, ``MVIIntents/onChange``, the generation.
    public var intents: MVIIntents { viewModel.intents }

    /// Renders the app from the current state.
    public func render(_ context: RenderContext) -> RenderedView { host.render(context) }

    /// Cancels the effects in flight (their results are dropped), stops observing, and unmounts the views.
    public func unmount() {
        lanes.forEach { $0.cancel() }
        viewModel.intents.cancel()
        transitions?.cancel()
        transitions = nil
        host.unmount()
    }
}

@available(*, unavailable, message: "an MVIAppInstance lives on one room executor")
extension MVIAppInstance: Sendable {}
