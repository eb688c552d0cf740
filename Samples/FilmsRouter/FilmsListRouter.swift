import FilmsKit
import PlaygroundUI
import RouterRuntime

/// The list's router: it pushes a film's screen, and shows a failed search as an alert with Retry.
struct FilmsListRouter: RouterModifierProtocol {
    typealias RouterEventsType = RouterEvents<FilmsListRouterScreenType, FilmsListRouterAlertType>

    let routerEvents: RouterEventsType
    let intent: FilmsListIntentProtocol
    let data: FilmsListTypes.Intent.ExternalData
}

enum FilmsListRouterScreenType: RouterScreenProtocol {
    case filmScreen(id: Int)
}

enum FilmsListRouterAlertType: RouterAlertScreenProtocol {
    case searchFailed(message: String)
}

extension FilmsListRouter {

    func getScreenPresentationType(for type: FilmsListRouterScreenType) -> RouterScreenPresentationType {
        .navigationDestination
    }

    @ViewBuilder
    func getScreen(for type: FilmsListRouterScreenType) -> some View {
        switch type {
        case let .filmScreen(id):
            FilmView.build(data: .init(filmID: id, api: data.api, effects: data.effects, favourites: data.favourites))
        }
    }

    func getAlertTitle(for type: FilmsListRouterAlertType) -> Text? {
        switch type {
        case let .searchFailed(message):
            Text(message)
        }
    }

    func getAlertMessage(for type: FilmsListRouterAlertType) -> some View {
        Text("Retry searches again; Close leaves the list empty.")
    }

    @ViewBuilder
    func getAlertActions(for type: FilmsListRouterAlertType) -> some View {
        Button("Retry", action: intent.onTapRetry)
        Button("Close", role: .cancel, action: {})
    }
}
