import FilmsKit
import OpenCombine
import RoomServices
import RouterRuntime

protocol FilmIntentProtocol {
    func viewOnAppear()
    func onTapRetry()
    func onTapFavourite()
    func onTapBack()
}

/// The film screen's intent: it loads the film as the screen appears, toggles its heart and closes the screen.
final class FilmIntent {

    // MARK: Model

    private weak var model: FilmModelActionsProtocol?
    private weak var routeModel: FilmModelRouterProtocol?

    // MARK: Services

    private let externalData: FilmTypes.Intent.ExternalData
    private var subscription: AnyCancellable?

    // MARK: Life cycle

    init(model: FilmModelActionsProtocol & FilmModelRouterProtocol, externalData: FilmTypes.Intent.ExternalData) {
        self.model = model
        self.routeModel = model
        self.externalData = externalData
        subscription = externalData.favourites.ids.sink { [weak model] in model?.update(favourites: $0) }
    }
}

extension FilmIntent: FilmIntentProtocol {

    func viewOnAppear() {
        Stages.record(RouterStage.intent, "viewOnAppear() → load film \(externalData.filmID)")
        load()
    }

    /// The alert's Retry.
    func onTapRetry() {
        Stages.record(RouterStage.intent, "onTapRetry() → load film \(externalData.filmID)")
        load()
    }

    func onTapFavourite() {
        Stages.record(RouterStage.intent, "onTapFavourite() → favourites.toggle(id: \(externalData.filmID))")
        externalData.favourites.toggle(id: externalData.filmID)
    }

    func onTapBack() {
        Stages.record(RouterStage.intent, "onTapBack()")
        routeModel?.close()
    }

    private func load() {
        let (api, id) = (externalData.api, externalData.filmID)
        model?.displayLoading()
        // A screen replaced by a newer one is gone (weak self): its answer is dropped.
        externalData.effects.run("loadFilm", errors: FilmsAPI.errors) {
            try await api.film(id: id)
        } then: { [weak self] result in
            switch result {
            case .success(let film): self?.model?.update(film: film)
            case .failure: self?.model?.displayError()
            }
        }
    }
}
