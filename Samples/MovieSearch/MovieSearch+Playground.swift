import AppSeam
import MVIRuntime

/// Glue, not from the article: the MVI movie search as a playground app. An intent goes to
/// `SearchPageViewModel`, whose repository fetches from the TMDB-shaped API over real HTTP; the answer comes back
/// onto the room's executor. HTTP's events and the fault presets take one path (``handle(_:from:)``).
public final class MovieSearchPlayground: MVIControlledApp, CheckpointingApp {
    public static let about = AppAbout(
        id: "mvi", title: "MVI · Model, View, Intent — movie search",
        summary: "Type a query and press Return: the intent loadMovies(query:) moves the state to Loading, "
            + "the repository fetches /3/search/movie over HTTP, and the answer becomes SuccessfullyFetched, NoResultsFound or ApiError. "
            + "A newer query always wins over a slower, older answer.",
        sampleFolder: "MovieSearch",
        articleFiles: [
            "SearchPageView.swift", "SearchPageViewModel.swift", "SearchPageState.swift", "SearchedMoviesView.swift", "Movie.swift",
            "MovieRepository.swift", "TMDBMovieRepository.swift", "MovieRepositoryError.swift", "PagingControls.swift",
        ])

    /// Where the repository fetches: a TMDB-compatible service, or (by default) the playground's own API.
    public typealias MovieAPI = OutsideAPI<any MovieRepository>

    /// The seed's view model.
    public let viewModel: SearchPageViewModel
    /// Its lane, the fault injection before each request and the pitfall switch.
    public let controls: MVIControls
    public typealias Root = MVIPane<SearchPageView>
    public let app: MVIAppInstance<SearchPageViewModel, Root>
    /// The latency and failures the runtime injects before each request.
    public var faults: FaultInjection { controls.faults }

    public init(services: AppServices) {
        let api = services.values[MovieAPI.self]
        let (base, key) = api.service(own: services.ownBaseURL)
        let repository = api.repository ?? TMDBMovieRepository(baseURL: base, apiKey: key)
        viewModel = SearchPageViewModel(repository: repository, isolation: services.isolation, effects: services.effects)
        controls = MVIControls(appID: Self.about.id, lanes: [.init(viewModel.intents, resends: true)], services: services)
        viewModel.intents.faults = controls.faults
        app = MVIAppInstance(viewModel, root: controls.pane(SearchPageView(viewModel: viewModel), ids: ("mvi-search", "mvi-faults")))
        routeControls()
    }

    /// The one mapping onto what the page's controls call: the view model's intent (Return in the field, Previous and
    /// Next) or the controls (a preset, the switch). A `page` before any search is a conflict: there is nothing to page.
    public func handle(_ event: MovieSearchEvent, from source: EventSource) throws(AppError) {
        if case .page = event, viewModel.intents.lastIntent == nil {
            throw AppError(
                .conflict, code: "no_search_yet",
                message: "There is no search to page through yet; send {\"app\":\"mvi\",\"event\":\"search\",\"query\":\"…\"} first.")
        }
        controls.record(event, from: source)
        switch event {
        case .search(let query, let page): viewModel.loadMovies(query: query, page: page ?? 1)
        case .page(let page): viewModel.loadMovies(query: viewModel.query, page: page)
        case .setFaults(let latencyMs, let failureRate): controls.setFaults(latencyMs: latencyMs, failureRate: failureRate)
        case .setPitfall(let on, let name): controls.setPitfall(on, pitfall: name)
        }
    }

    public var snapshot: MovieSearchSnapshot {
        let (message, movies) = viewModel.uiState.shown
        return MovieSearchSnapshot(
            query: viewModel.query, page: viewModel.page, state: viewModel.uiState.caseName, message: message, resultCount: movies?.count ?? 0,
            totalResults: viewModel.totalResults, totalPages: viewModel.totalPages, latencyMs: faults.settings.latencyMs,
            failureRate: faults.settings.failureRate, generation: viewModel.intents.generation, inFlight: viewModel.intents.isInFlight,
            pitfall: controls.pitfalls.state, staleAnswersShown: controls.staleAnswersShown)
    }
}

extension SearchPageState {
    /// What the state shows besides its case: the message of `Loading` or `ApiError`, the movies found.
    var shown: (message: String?, movies: [Movie]?) {
        switch self {
        case .Loading(let text), .ApiError(let text): (text, nil)
        case .SuccessfullyFetched(let movies): (nil, movies)
        case .Init, .NoResultsFound: (nil, nil)
        }
    }
}
