import AppSeam
import FilmsKit
import NiceRuntime
import OpenCombine

/// Searches the catalog and keeps the results; the newest search wins.
public final class FilmsListViewModel: ObservableVM {
    @Injected(\.filmRepository) private var filmRepo: any FilmRepositoryProtocol
    @Injected(\.favourites) private var favourites: FavouritesRepository

    private unowned let coordinator: FilmsCoordinator

    init(coordinator: FilmsCoordinator) {
        self.coordinator = coordinator
    }

    /// The latest search's query ("" before one).
    @Published public private(set) var query = ""
    /// Its results (empty while it loads, or after it failed).
    @Published public private(set) var films: [FilmSummary] = []
    /// Numbers the searches: an answer to an older one is dropped.
    private var searchGeneration = 0

    public func isFavourite(_ id: Int) -> Bool { favourites.ids.contains(id) }

    /// Searches the catalog: always fetched (`cacheAndUpdate`), so a search is never served stale.
    public func search(_ query: String, file: StaticString = #fileID, line: UInt = #line) {
        intent("search(\"\(query)\")", file: file, line: line)
        self.query = query
        fetchFilms()
    }

    /// The error view's Retry: the same search again.
    public func retry(file: StaticString = #fileID, line: UInt = #line) {
        intent("retry()", file: file, line: line)
        fetchFilms()
    }

    private func fetchFilms() {
        films = []
        contentLoadState = .loading
        coordinator.filmDetailViewModel?.dismissError()
        searchGeneration += 1
        let generation = searchGeneration

        task("searchFilms", errors: FilmsAPI.errors) { [filmRepo, query] in
            try await filmRepo.searchFilms(query: query, cacheMode: .cacheAndUpdate)
        } then: { [self, query] result in
            guard generation == searchGeneration else { return }
            switch result {
            case .success(let films):
                self.films = films
                contentLoadState = films.isEmpty ? .noData : .hasData
            case .failure(let error):
                errorService.capture(FilmsError(request: .search(query), cause: "\(error)"))
            }
        }
    }

    /// A row was tapped: the coordinator opens its film.
    public func showFilmDetail(_ id: Int) {
        coordinator.handleRoute(.film(id))
    }

    /// A row's heart.
    public func toggleFavourite(_ id: Int, file: StaticString = #fileID, line: UInt = #line) {
        intent("toggleFavourite(\(id))", file: file, line: line)
        favourites.toggle(id)
    }

    /// Shows the search's own errors; another screen's error means this one's is no longer shown.
    override public func handleDisplayableError(_ error: any DisplayableError) {
        guard let failed = error as? FilmsError else { return super.handleDisplayableError(error) }
        if case .search = failed.request { super.handleDisplayableError(error) } else { dismissError() }
    }
}
