import AppSeam
import MovieCatalog
import MVIRuntime
import PlaygroundUI

/// Glue: what a room's snapshot keeps of the movie search, and the search restored from it. The lane, the fault
/// settings and the pitfall switch are the runtime's part (``MVIControls/write(_:)``), in the same JSON object.
extension MovieSearchPlayground {
    /// The view model's state and paging, and the search field's text.
    struct Checkpoint: Codable {
        var state: String
        var message: String?
        var movies: [Movie]?
        var query: String
        var page: Int
        var totalPages: Int
        var totalResults: Int
        var field: String
    }

    public func checkpoint() -> String? {
        let (message, movies) = viewModel.uiState.shown
        _ = host.render(RenderContext(formAction: ""))
        return controls.write(
            Checkpoint(
                state: viewModel.uiState.caseName, message: message, movies: movies, query: viewModel.query, page: viewModel.page,
                totalPages: viewModel.totalPages, totalResults: viewModel.totalResults,
                field: host.readState(of: SearchPageView.self, "query") as? String ?? ""))
    }

    public func restore(_ text: String) throws(CheckpointError) {
        let (saved, part) = try controls.read(Checkpoint.self, from: text)
        let never = CheckpointError("the mvi app's checkpoint holds a state it never shows")
        let state: SearchPageState
        switch (saved.state, saved.message, saved.movies) {
        case ("Init", nil, nil): state = .Init
        case ("Loading", let text?, nil): state = .Loading(text)
        case ("SuccessfullyFetched", nil, let movies?): state = .SuccessfullyFetched(movies)
        case ("NoResultsFound", nil, nil): state = .NoResultsFound
        case ("ApiError", let text?, nil): state = .ApiError(text)
        default: throw never
        }
        guard (1...SearchRequest.maximumPage).contains(saved.page), saved.totalPages >= 0, saved.totalResults >= 0,
            (saved.movies?.count ?? 0) <= 100, !part.wasInFlight || saved.state == "Loading"
        else { throw never }
        viewModel.restore(uiState: state, query: saved.query, page: saved.page, totalPages: saved.totalPages, totalResults: saved.totalResults)
        // A request that was waiting is sent again, as the intent sent it.
        try controls.restore(part) { viewModel.loadMovies(query: saved.query, page: saved.page) }
        _ = host.render(RenderContext(formAction: ""))
        guard viewModel.uiState == state, host.writeState(of: SearchPageView.self, "query", saved.field) else { throw never }
    }
}
