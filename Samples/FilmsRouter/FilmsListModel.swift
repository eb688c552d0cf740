import AppSeam
import FilmsKit
import OpenCombine
import RouterRuntime

/// What the list view reads.
protocol FilmsListModelStateProtocol {
    var query: String { get }
    var contentState: FilmsListTypes.Model.ContentState { get }
    var favourites: Set<Int> { get }
    var faults: FaultSettings { get }
    var routerEvents: FilmsListRouter.RouterEventsType { get }
}

/// What the intent asks the model to show.
protocol FilmsListModelActionsProtocol: AnyObject {
    func displayLoading(query: String)
    func update(films: [FilmSummary])
    func displayError(query: String)
    func update(favourites: Set<Int>)
    func update(faults: FaultSettings)
}

/// Where the intent asks the model to go.
protocol FilmsListModelRouterProtocol: AnyObject {
    func routeToFilm(id: Int)
}

final class FilmsListModel: ObservableObject, FilmsListModelStateProtocol {
    @Published var query = ""
    @Published var contentState: FilmsListTypes.Model.ContentState = .idle
    @Published var favourites: Set<Int> = []
    @Published var faults = FaultSettings.none
    let routerEvents = FilmsListRouter.RouterEventsType()
}

extension FilmsListModel: FilmsListModelActionsProtocol {
    func displayLoading(query: String) {
        self.query = query
        contentState = .loading
    }

    func update(films: [FilmSummary]) {
        contentState = .content(films: films)
    }

    func displayError(query: String) {
        contentState = .failed
        routerEvents.presentAlert(.searchFailed(message: FilmsMessages.searchFailed(query)))
    }

    func update(favourites: Set<Int>) {
        self.favourites = favourites
    }

    func update(faults: FaultSettings) {
        self.faults = faults
    }
}

extension FilmsListModel: FilmsListModelRouterProtocol {
    func routeToFilm(id: Int) {
        routerEvents.routeTo(.filmScreen(id: id))
    }
}
