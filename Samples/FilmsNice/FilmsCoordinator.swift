import NiceRuntime
import OpenCombine

/// Where the films flow can go.
public enum FilmsRoute: Equatable, Sendable {
    case film(Int)
}

/// Owns the list's view model and, while a film is open, its detail's; `handleRoute(.film(id))` opens it.
public final class FilmsCoordinator: ObservableObject {
    /// The list's view model (made in `init`, with the coordinator).
    @Published public private(set) var listViewModel: FilmsListViewModel!
    /// The open film's view model; nil when none is open.
    @Published public private(set) var filmDetailViewModel: FilmDetailViewModel?
    /// How many films were opened: each opening is a new view (the same film opened again loads again).
    public internal(set) var openings = 0

    /// The flow, with nothing open.
    public init() {
        listViewModel = FilmsListViewModel(coordinator: self)
    }

    /// Goes to `route`: `.film(id)` opens that film's detail (a newer one replaces it).
    public func handleRoute(_ route: FilmsRoute, file: StaticString = #fileID, line: UInt = #line) {
        NiceStage.handleRoute(route, file: file, line: line)
        switch route {
        case .film(let id):
            openings += 1
            filmDetailViewModel = FilmDetailViewModel(coordinator: self, filmId: id)
        }
    }

    /// Back from the detail to the list, as it was.
    public func pop(file: StaticString = #fileID, line: UInt = #line) {
        NiceStage.pop(file: file, line: line)
        filmDetailViewModel = nil
    }
}
