import AppSeam
import MovieCatalog
import MVIRuntime
import PlaygroundUI

/// Glue: what a room's snapshot keeps of the movie search, and the search restored from it.
extension MovieSearchPlayground {
    /// The view model's state and paging, the intents' generation, whether its request was still waiting, the fault
    /// settings and the search field's text.
    struct Checkpoint: Codable {
        var state: String
        var message: String?
        var movies: [Movie]?
        var query: String
        var page: Int
        var totalPages: Int
        var totalResults: Int
        var generation: UInt64
        var lastIntent: String?
        var inFlight: Bool
        var faults: FaultSettings
        var field: String
        /// The pitfall switches on (absent in checkpoints written before there were any).
        var pitfalls: [String]?
        var staleAnswersShown: Int?
    }

    public func checkpoint() -> String? {
        let (state, intents) = (viewModel.uiState, viewModel.intents)
        var (message, movies): (String?, [Movie]?) = (nil, nil)
        switch state {
        case .Loading(let text), .ApiError(let text): message = text
        case .SuccessfullyFetched(let found): movies = found
        case .Init, .NoResultsFound: break
        }
        _ = host.render(RenderContext(formAction: ""))
        return AppSeam.Checkpoint.write(
            Checkpoint(
                state: state.caseName, message: message, movies: movies, query: viewModel.query, page: viewModel.page,
                totalPages: viewModel.totalPages, totalResults: viewModel.totalResults, generation: intents.generation,
                lastIntent: intents.lastIntent, inFlight: intents.isInFlight, faults: faults.settings,
                field: host.readState(of: SearchPageView.self, "query") as? String ?? "", pitfalls: pitfalls.onNames,
                staleAnswersShown: intents.staleAnswersShown))
    }

    public func restore(_ text: String) throws(CheckpointError) {
        let saved = try AppSeam.Checkpoint.read(Checkpoint.self, from: text, app: Self.about.id)
        let state: SearchPageState
        switch (saved.state, saved.message, saved.movies) {
        case ("Init", nil, nil): state = .Init
        case ("Loading", let text?, nil): state = .Loading(text)
        case ("SuccessfullyFetched", nil, let movies?): state = .SuccessfullyFetched(movies)
        case ("NoResultsFound", nil, nil): state = .NoResultsFound
        case ("ApiError", let text?, nil): state = .ApiError(text)
        default: throw CheckpointError("the mvi app's checkpoint holds a state it never shows")
        }
        guard (1...SearchRequest.maximumPage).contains(saved.page), saved.totalPages >= 0, saved.totalResults >= 0,
            (saved.movies?.count ?? 0) <= 100, saved.generation < 1 << 48, !saved.inFlight || saved.state == "Loading"
        else { throw CheckpointError("the mvi app's checkpoint holds a state it never shows") }
        viewModel.restore(uiState: state, query: saved.query, page: saved.page, totalPages: saved.totalPages, totalResults: saved.totalResults)
        faults.setFaults(FaultSettings(latencyMs: saved.faults.latencyMs, failureRate: saved.faults.failureRate))
        pitfalls.restore(onNames: saved.pitfalls ?? [])
        viewModel.intents.appliesEveryAnswer = pitfalls.isOn()
        viewModel.intents.restore(staleAnswersShown: saved.staleAnswersShown ?? 0)
        // A request that was waiting is sent again, as the intent sent it.
        let resent = viewModel.intents.restore(generation: saved.generation, lastIntent: saved.lastIntent, inFlight: saved.inFlight) {
            viewModel.loadMovies(query: saved.query, page: saved.page)
        }
        _ = host.render(RenderContext(formAction: ""))
        guard resent, viewModel.uiState == state, host.writeState(of: SearchPageView.self, "query", saved.field) else {
            throw CheckpointError("the mvi app's checkpoint holds a state it never shows")
        }
    }
}
