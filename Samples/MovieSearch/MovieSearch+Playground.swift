import AppSeam
import Foundation
import MVIRuntime
import PlaygroundUI
import RoomServices

/// Glue, not from the article: the MVI movie search as a playground app. An intent goes to
/// `SearchPageViewModel`, whose repository fetches from the TMDB-shaped API over real HTTP; the answer comes back
/// onto the room's executor. HTTP's events and the paging and fault buttons take one path (``MovieSearchEvent``).
public final class MovieSearchPlayground: MVIHostedApp, CheckpointingApp, PitfallHostingApp {
    public static let about = AppAbout(
        id: "mvi", title: "MVI · Model, View, Intent — movie search",
        summary: "Type a query and press Return: the intent loadMovies(query:) moves the state to Loading, "
            + "the repository fetches /3/search/movie over HTTP, and the answer becomes SuccessfullyFetched, NoResultsFound or ApiError. "
            + "A newer query always wins over a slower, older answer.",
        sampleFolder: "MovieSearch",
        articleFiles: [
            "SearchPageView.swift", "SearchPageViewModel.swift", "SearchPageState.swift", "SearchedMoviesView.swift", "Movie.swift",
            "MovieRepository.swift", "TMDBMovieRepository.swift",
        ])

    /// Where the repository fetches: a TMDB-compatible service, or (by default) the playground's own API.
    public struct MovieAPI: AppServiceKey, Sendable {
        /// The service's base URL; nil = the playground's own `/3/search/movie`.
        public var baseURL: String?
        /// Sent as `api_key` to a configured service (never to the playground's own API).
        public var apiKey: String?
        /// A repository to fetch from instead (a test's); nil: the API above.
        public var repository: (any MovieRepository)?

        public init(baseURL: String? = nil, apiKey: String? = nil, repository: (any MovieRepository)? = nil) {
            (self.baseURL, self.apiKey, self.repository) = (baseURL, apiKey, repository)
        }

        public static let defaultValue = MovieAPI()
    }

    /// The seed's view model.
    public let viewModel: SearchPageViewModel
    /// The latency and failures the runtime injects before each request.
    public let faults: FaultInjection
    /// The room's pitfall switch (the article's view model applies every answer).
    public let pitfalls: PitfallSwitches
    public typealias Root = MovieSearchApp
    public let app: MVIAppInstance<SearchPageViewModel, MovieSearchApp>
    public let teacher: MVITeaching

    public init(services: AppServices) {
        let api = services.values[MovieAPI.self]
        let base = api.baseURL.flatMap(URL.init(string:)) ?? URL(string: services.ownBaseURL)!
        let repository = api.repository ?? TMDBMovieRepository(baseURL: base, apiKey: api.baseURL == nil ? nil : api.apiKey)
        let viewModel = SearchPageViewModel(repository: repository, isolation: services.isolation, effects: services.effects)
        let faults = FaultInjection(random: services.makeRandomSource(), clock: services.clock)
        let teacher = MVITeaching(appID: Self.about.id, intents: viewModel.intents)
        viewModel.intents.faults = faults
        viewModel.intents.onChange = services.changed
        (self.viewModel, self.faults, self.teacher) = (viewModel, faults, teacher)
        let pitfalls = PitfallSwitches(MovieSearchEvent.pitfalls)
        self.pitfalls = pitfalls
        app = MVIAppInstance(
            viewModel,
            root: MovieSearchApp(viewModel: viewModel, faults: faults) { event in
                teacher.record(event.spoken, from: .browser, caption: Self.caption(event, from: .browser, pitfalls: pitfalls))
                event.run(viewModel: viewModel, faults: faults, pitfalls: pitfalls)
            })
        // The pane's switch runs what HTTP's setPitfall runs.
        pitfalls.switched = { [weak self] on, name in try? self?.handle(.setPitfall(on: on, pitfall: name), from: .browser) }
    }

    /// Applies the event; a `page` before any search is a conflict, since there is nothing to page.
    public func handle(_ event: MovieSearchEvent, from source: EventSource) throws(AppError) {
        if case .page = event, viewModel.intents.lastIntent == nil {
            throw AppError(
                .conflict, code: "no_search_yet",
                message: "There is no search to page through yet; send {\"app\":\"mvi\",\"event\":\"search\",\"query\":\"…\"} first.")
        }
        teacher.record(event.spoken, from: source, caption: Self.caption(event, from: source, pitfalls: pitfalls))
        event.run(viewModel: viewModel, faults: faults, pitfalls: pitfalls)
    }

    private static func caption(_ event: MovieSearchEvent, from source: EventSource, pitfalls: PitfallSwitches) -> String {
        if case .setFaults = event { return "Fault injection changed: the repository now waits and fails as set." }
        if case .setPitfall(let on, let name) = event, let pitfall = pitfalls.pitfalls.first(where: { $0.name == name ?? pitfalls.pitfalls[0].name }) {
            return pitfalls.caption(pitfall, on: on)
        }
        return "\(event.spoken) from \(source.spoken): waiting for the repository…"
    }

    /// What `/state` shows.
    public var pitfallSwitches: PitfallSwitches { pitfalls }

    public var snapshot: MovieSearchSnapshot {
        var (resultCount, message) = (0, String?.none)
        switch viewModel.uiState {
        case .SuccessfullyFetched(let movies): resultCount = movies.count
        case .Loading(let text), .ApiError(let text): message = text
        case .Init, .NoResultsFound: break
        }
        return MovieSearchSnapshot(
            query: viewModel.query, page: viewModel.page, state: viewModel.uiState.caseName, message: message, resultCount: resultCount,
            totalResults: viewModel.totalResults, totalPages: viewModel.totalPages, latencyMs: faults.settings.latencyMs,
            failureRate: faults.settings.failureRate, generation: viewModel.intents.generation, inFlight: viewModel.intents.isInFlight,
            pitfall: pitfalls.state, staleAnswersShown: viewModel.intents.staleAnswersShown)
    }
}

/// The pane's root: the seed's search page (fragment `mvi-search`) and, under it, the runtime's fault injection
/// controls (fragment `mvi-faults`), each patched on its own; the paging and fault buttons call `send`.
public struct MovieSearchApp: View {
    let viewModel: SearchPageViewModel
    let faults: FaultInjection
    let send: (MovieSearchEvent) -> Void

    public var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            SearchPageView(viewModel: viewModel)
                .id("mvi-search")
            FaultInjectionControls(settings: faults.settings) { send(.setFaults(latencyMs: $0.latencyMs, failureRate: $0.failureRate)) }
                .id("mvi-faults")
        }
        .environment(\.sendMovieSearchEvent, send)
    }
}
