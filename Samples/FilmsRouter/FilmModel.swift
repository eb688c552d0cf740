import FilmsKit
import OpenCombine
import RouterRuntime

protocol FilmModelStateProtocol {
    var filmID: Int { get }
    var contentState: FilmTypes.Model.ContentState { get }
    var isFavourite: Bool { get }
    var routerEvents: FilmRouter.RouterEventsType { get }
}

protocol FilmModelActionsProtocol: AnyObject {
    func displayLoading()
    func update(film: FilmDetail)
    func displayError()
    func update(favourites: Set<Int>)
}

protocol FilmModelRouterProtocol: AnyObject {
    func close()
}

final class FilmModel: ObservableObject, FilmModelStateProtocol {
    let filmID: Int
    @Published var contentState: FilmTypes.Model.ContentState = .loading
    @Published var isFavourite = false
    let routerEvents = FilmRouter.RouterEventsType()

    init(filmID: Int) {
        self.filmID = filmID
    }
}

extension FilmModel: FilmModelActionsProtocol {
    func displayLoading() {
        contentState = .loading
    }

    func update(film: FilmDetail) {
        contentState = .content(film: film)
    }

    func displayError() {
        contentState = .failed
        routerEvents.presentAlert(.filmFailed(message: FilmsMessages.filmFailed(filmID)))
    }

    func update(favourites: Set<Int>) {
        isFavourite = favourites.contains(filmID)
    }
}

extension FilmModel: FilmModelRouterProtocol {
    func close() {
        routerEvents.dismiss()
    }
}
