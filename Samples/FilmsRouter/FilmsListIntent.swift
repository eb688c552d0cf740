import AppSeam
import FilmsKit
import OpenCombine
import RoomServices
import RouterRuntime

protocol FilmsListIntentProtocol {
    func onSubmitSearch(query: String)
    func onTapRetry()
    func onTapFilm(id: Int)
    func onTapFavourite(id: Int)
    func onSelectFaults(_ settings: FaultSettings)
}

/// The list's intent: it talks to the API and the favourites, and tells the model what to show and where to go.
final class FilmsListIntent {

    // MARK: Model

    private weak var model: FilmsListModelActionsProtocol?
    private weak var routeModel: FilmsListModelRouterProtocol?

    // MARK: Services

    private let api: FilmsAPI
    private let effects: Effects
    private let favourites: FavouritesRepository
    private var subscription: AnyCancellable?

    // MARK: Business Data

    /// Counts searches: only the latest one's answer is shown.
    private var latestSearch = 0
    private var query = ""

    // MARK: Life cycle

    init(model: FilmsListModelActionsProtocol & FilmsListModelRouterProtocol, externalData: FilmsListTypes.Intent.ExternalData) {
        self.model = model
        self.routeModel = model
        (api, effects, favourites) = (externalData.api, externalData.effects, externalData.favourites)
        subscription = favourites.ids.sink { [weak model] in model?.update(favourites: $0) }
    }
}

extension FilmsListIntent: FilmsListIntentProtocol {

    func onSubmitSearch(query: String) {
        Stages.record(RouterStage.intent, "onSubmitSearch(query: \"\(query)\")")
        search(query)
    }

    /// The alert's Retry: the search that failed, again.
    func onTapRetry() {
        Stages.record(RouterStage.intent, "onTapRetry() → search(\"\(query)\")")
        search(query)
    }

    func onTapFilm(id: Int) {
        Stages.record(RouterStage.intent, "onTapFilm(id: \(id))")
        routeModel?.routeToFilm(id: id)
    }

    func onTapFavourite(id: Int) {
        Stages.record(RouterStage.intent, "onTapFavourite(id: \(id)) → favourites.toggle")
        favourites.toggle(id: id)
    }

    func onSelectFaults(_ settings: FaultSettings) {
        Stages.record(RouterStage.intent, "onSelectFaults(\(settings.latencyMs) ms, \(settings.failureRate))")
        api.faults.setFaults(settings)
        model?.update(faults: settings)
    }

    private func search(_ query: String) {
        latestSearch += 1
        let search = latestSearch
        self.query = query
        model?.displayLoading(query: query)
        effects.run("searchFilms", errors: FilmsAPI.errors) { [api] in
            try await api.search(query: query)
        } then: { [weak self] result in
            // A newer search was submitted since: this older answer is dropped.
            guard let self, search == self.latestSearch else { return }
            switch result {
            case .success(let films): self.model?.update(films: films)
            case .failure: self.model?.displayError(query: query)
            }
        }
    }
}
