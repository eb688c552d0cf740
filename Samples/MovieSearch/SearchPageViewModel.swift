import MVIRuntime
import MovieCatalog
import OpenCombine
import PlaygroundUI
import RoomServices

/// The seed's business layer: it holds the state of the search page, receives the intent to load movies, calls
/// the repository and publishes each new state to the view.
///
/// Two fixes to the seed, both in ``loadMovies(query:page:)``: a newer query always wins over a slower, older
/// answer (``MVIIntents/runLatest(_:then:)`` drops stale results and cancels the old request), and the repository
/// percent-encodes the query (``TMDBMovieRepository``).
///
/// ```swift
/// let vm = SearchPageViewModel(repository: repository, isolation: room)
/// vm.loadMovies(query: "the matrix")     // Init → Loading("Querying for the matrix") → SuccessfullyFetched(…)
/// ```
///
/// Not `Sendable`: it lives on the room's executor (`isolation`); intents must be called there.
public final class SearchPageViewModel: MVIViewModel {

    /// The state of the search page; only the intent changes it, and every change is published to the view.
    @Published public private(set) var uiState: SearchPageState = .Init

    /// The query of the latest intent: the text field shows it, in every tab of the room.
    public private(set) var query = ""
    /// The page of the latest intent (1-based).
    public private(set) var page = 1
    /// Pages in the latest answer (0 before one came).
    public private(set) var totalPages = 0
    /// Matching movies over all pages in the latest answer.
    public private(set) var totalResults = 0

    let repository: any MovieRepository
    /// Numbers the intents, runs their effects off the room's executor and keeps only the latest result.
    public let intents: MVIIntents

    /// `$uiState`, for the runtime's trace.
    public var uiStatePublisher: Published<SearchPageState>.Publisher { $uiState }

    /// A view model fetching from `repository`, living on `isolation`'s executor (the room); its requests go out
    /// through `effects`, the room's door to the outside (so the room's journal keeps the answers).
    public init(repository: any MovieRepository, isolation: any Actor, effects: Effects? = nil) {
        self.repository = repository
        self.intents = MVIIntents(isolation: isolation, effects: effects)
    }

    /// The intent to fetch the movies matching `query`: `Loading`, then `SuccessfullyFetched`, `NoResultsFound`
    /// or `ApiError`, unless a newer intent comes first (then this one's answer is dropped).
    public func loadMovies(query: String, page: Int = 1) {
        intents.receive("loadMovies(query: \(query.debugDescription), page: \(page))")
        self.query = query
        self.page = page

        // 1. state is changed to Loading
        self.uiState = .Loading("Querying for \(query)")
        intents.runLatest("searchMovies") { [repository] in
            try await repository.searchMovies(query: query, page: page)
        } then: { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let response):
                self.totalPages = response.totalPages
                self.totalResults = response.totalResults
                if response.results.count == 0 {
                    // 2. State is updated to NoResultsFound
                    self.uiState = .NoResultsFound
                } else {
                    // 3. state is updated to SuccessfullyFetched
                    self.uiState = .SuccessfullyFetched(response.results)
                }
            case .failure:
                // 4. state is updated to ApiError
                self.uiState = .ApiError("Results couldnot be fetched")
            }
        }
    }
}

@available(*, unavailable, message: "a SearchPageViewModel lives on one room executor")
extension SearchPageViewModel: Sendable {}

/// Glue, not from the article: a room restored from its snapshot gives the view model the state it had.
extension SearchPageViewModel {
    func restore(uiState: SearchPageState, query: String, page: Int, totalPages: Int, totalResults: Int) {
        (self.query, self.page, self.totalPages, self.totalResults) = (query, page, totalPages, totalResults)
        self.uiState = uiState
    }
}
