import FilmsKit
import MVIRuntime
import OpenCombine
import RoomServices

/// The seed's business layer for the Films screen: it holds the one state, receives the intents (its methods),
/// calls the API and publishes each new state to the view.
///
/// Two lanes of intents, each "latest wins": the list's (`search`, a search's Retry) and the open film's (`open`,
/// `back`, a film's Retry), so a search does not drop a film still loading and the other way round. A heart needs
/// no request: it changes the state at once and supersedes nothing.
///
/// ```swift
/// let vm = FilmsPageViewModel(api: api, isolation: room)
/// vm.search(query: "alien")     // list: Init → Loading("Searching for alien") → SuccessfullyFetched(…)
/// vm.toggleFavourite(id: 42)    // favourites: [] → [42], at once
/// ```
///
/// Not `Sendable`: it lives on the room's executor (`isolation`); intents must be called there.
public final class FilmsPageViewModel: MVIViewModel {

    /// The state of the screen; only the intents (and their answers) change it, and each change is published.
    /// (The glue sets it too, to restore a room from its snapshot.)
    @Published public internal(set) var uiState = FilmsPageState()

    let api: FilmsAPI
    /// The list's intents: a newer search wins over an older one still running.
    public let intents: MVIIntents
    /// The open film's intents: a newer open, or Back, wins over a film still loading.
    public let filmIntents: MVIIntents

    /// `$uiState`, for the runtime's trace.
    public var uiStatePublisher: Published<FilmsPageState>.Publisher { $uiState }

    /// A view model fetching from `api`, living on `isolation`'s executor (the room); its requests go out through
    /// `effects`, the room's door to the outside (so the room's journal keeps the answers).
    public init(api: FilmsAPI, isolation: any Actor, effects: Effects? = nil) {
        self.api = api
        intents = MVIIntents(isolation: isolation, effects: effects)
        filmIntents = MVIIntents(isolation: isolation, effects: effects)
    }

    /// The intent to search: the list is `Loading`, then `SuccessfullyFetched`, `NoResultsFound` or `ApiError`;
    /// an open film stays open.
    public func search(query: String) {
        intents.receive("search(query: \(query.debugDescription))")
        fetchFilms(query: query)
    }

    /// The intent to open a film: its detail is `Loading`, then `Fetched` or `ApiError`; the list stays as it is.
    public func open(id: Int) {
        filmIntents.receive("open(id: \(id))")
        fetchFilm(id: id)
    }

    /// The intent to go back to the list, as it was (no request); a film still loading is dropped.
    public func back() {
        filmIntents.receive("back()")
        guard uiState.film != nil else { return }  // nothing open: nothing changes
        uiState = FilmsPageState(query: uiState.query, list: uiState.list, film: nil, favourites: uiState.favourites)
    }

    /// The intent to add a film to the favourites, or take it out: no request, so no lane, and nothing superseded.
    public func toggleFavourite(id: Int) {
        Stages.record(MVIStage.intent, "toggleFavourite(id: \(id))")
        var favourites = Set(uiState.favourites)
        if favourites.remove(id) == nil { favourites.insert(id) }
        uiState = FilmsPageState(query: uiState.query, list: uiState.list, film: uiState.film, favourites: favourites.sorted())
    }

    /// The intent to run the request that failed again: the open film's, else the search's; no error, nothing.
    public func retry() {
        if case .ApiError(let id, _)? = uiState.film {
            filmIntents.receive("retry() → open(id: \(id))")
            fetchFilm(id: id)
        } else if case .ApiError = uiState.list {
            intents.receive("retry() → search(query: \(uiState.query.debugDescription))")
            fetchFilms(query: uiState.query)
        } else {
            Stages.record(MVIStage.intent, "retry() → no error, nothing to retry")
        }
    }

    private func fetchFilms(query: String) {
        // 1. the list is Loading
        uiState = FilmsPageState(query: query, list: .Loading("Searching for \(query)"), film: uiState.film, favourites: uiState.favourites)
        intents.runLatest("search", errors: FilmsAPI.errors) { [api] in
            try await api.search(query: query)
        } then: { [weak self] result in
            guard let self else { return }
            let list: SearchState
            switch result {
            case .success(let films) where films.isEmpty: list = .NoResultsFound  // 2. no films
            case .success(let films): list = .SuccessfullyFetched(films)  // 3. the films
            case .failure: list = .ApiError(FilmsMessages.searchFailed(query))  // 4. the error, with Retry
            }
            uiState = FilmsPageState(query: uiState.query, list: list, film: uiState.film, favourites: uiState.favourites)
        }
    }

    private func fetchFilm(id: Int) {
        uiState = FilmsPageState(query: uiState.query, list: uiState.list, film: .Loading(id: id), favourites: uiState.favourites)
        filmIntents.runLatest("film", errors: FilmsAPI.errors) { [api] in
            try await api.film(id: id)
        } then: { [weak self] result in
            guard let self else { return }
            let film: FilmState
            switch result {
            case .success(let detail): film = .Fetched(detail)
            case .failure: film = .ApiError(id: id, message: FilmsMessages.filmFailed(id))
            }
            uiState = FilmsPageState(query: uiState.query, list: uiState.list, film: film, favourites: uiState.favourites)
        }
    }
}

@available(*, unavailable, message: "a FilmsPageViewModel lives on one room executor")
extension FilmsPageViewModel: Sendable {}
