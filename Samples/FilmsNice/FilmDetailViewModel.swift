import AppSeam
import FilmsKit
import NiceRuntime
import OpenCombine

/// One film's detail, read through the repository's cache (a film opened before is a cache hit).
public final class FilmDetailViewModel: ObservableVM {
    @Injected(\.filmRepository) private var filmRepo: any FilmRepositoryProtocol
    @Injected(\.favourites) private var favourites: FavouritesRepository

    private unowned let coordinator: FilmsCoordinator

    /// The film shown.
    public let filmId: Int
    /// The film, once loaded.
    @Published public private(set) var film: FilmDetail?

    public var isFavourite: Bool { favourites.ids.contains(filmId) }

    init(coordinator: FilmsCoordinator, filmId: Int) {
        self.coordinator = coordinator
        self.filmId = filmId
    }

    override public func bindViewModel() {
        super.bindViewModel()

        fetchFilm()
    }

    private func fetchFilm() {
        contentLoadState = .loading
        coordinator.listViewModel.dismissError()

        task("fetchFilm", errors: FilmsAPI.errors) { [filmRepo, filmId] in
            try await filmRepo.getFilm(id: filmId, cacheMode: .cacheOnly)
        } then: { [self] result in
            switch result {
            case .success(let film):
                self.film = film
                contentLoadState = .hasData
            case .failure(let error):
                errorService.capture(FilmsError(request: .film(filmId), cause: "\(error)"))
            }
        }
    }

    /// The error view's Retry: loads the film again.
    public func retry(file: StaticString = #fileID, line: UInt = #line) {
        intent("retry()", file: file, line: line)
        fetchFilm()
    }

    /// The detail's heart.
    public func toggleFavourite(file: StaticString = #fileID, line: UInt = #line) {
        intent("toggleFavourite(\(filmId))", file: file, line: line)
        favourites.toggle(filmId)
    }

    /// Back: the coordinator closes the detail.
    public func back() {
        coordinator.pop()
    }

    /// Shows this film's own errors; another screen's error means this one's is no longer shown.
    override public func handleDisplayableError(_ error: any DisplayableError) {
        guard let failed = error as? FilmsError else { return super.handleDisplayableError(error) }
        if failed.request == .film(filmId) { super.handleDisplayableError(error) } else { dismissError() }
    }
}
