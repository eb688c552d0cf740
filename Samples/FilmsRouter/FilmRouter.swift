import FilmsKit
import PlaygroundUI
import RouterRuntime

/// The film screen's router: it opens nothing, and shows a film that could not be loaded as an alert with Retry.
struct FilmRouter: RouterModifierProtocol {
    typealias RouterEventsType = RouterEvents<RouterEmptyScreen, FilmRouterAlertType>

    let routerEvents: RouterEventsType
    let intent: FilmIntentProtocol
}

enum FilmRouterAlertType: RouterAlertScreenProtocol {
    case filmFailed(message: String)
}

extension FilmRouter {

    func getAlertTitle(for type: FilmRouterAlertType) -> Text? {
        switch type {
        case let .filmFailed(message):
            Text(message)
        }
    }

    func getAlertMessage(for type: FilmRouterAlertType) -> some View {
        Text("Retry loads it again; Close leaves the screen empty.")
    }

    @ViewBuilder
    func getAlertActions(for type: FilmRouterAlertType) -> some View {
        Button("Retry", action: intent.onTapRetry)
        Button("Close", role: .cancel, action: {})
    }
}
