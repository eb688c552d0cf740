import AppSeam
import EVRuntime
import FilmsKit
import PlaygroundUI

/// Every event of the Films app, and the actions each one triggers on the list, the detail, the badge and the faults
/// panel. A press sends one; so does an answer of the catalog (`searchLoaded`, `filmFailed`, …).
public enum EventEnum: EventEnumBase, Sendable {
    /// The subject's starting value: no actions.
    case initial
    case search(query: String)
    case searchLoaded([FilmSummary])
    case searchFailed
    case open(id: Int)
    case filmLoaded(FilmDetail)
    case filmFailed
    case back
    case toggleFavourite(id: Int)
    case retry
    case setFaults(FaultSettings)

    /// One event, actions on several views, delivered in this order.
    public static func actionsByEvent(_ event: Self) -> [any InnerViewAction] {
        switch event {
        case .search(let query):
            return [FilmListScreen.InnerAction.search(query), FilmDetailScreen.InnerAction.dismissError]
        case .searchLoaded(let films):
            return [FilmListScreen.InnerAction.showResults(films)]
        case .searchFailed:
            return [FilmListScreen.InnerAction.changeStateTo(.failed), FilmDetailScreen.InnerAction.dismissError]
        case .open(let id):
            return [FilmDetailScreen.InnerAction.open(id), FilmListScreen.InnerAction.cover]
        case .filmLoaded(let film):
            return [FilmDetailScreen.InnerAction.show(film)]
        case .filmFailed:
            return [FilmDetailScreen.InnerAction.changeStateTo(.failed), FilmListScreen.InnerAction.dismissError]
        case .back:
            return [FilmDetailScreen.InnerAction.close, FilmListScreen.InnerAction.uncover]
        case .toggleFavourite(let id):
            return [
                FilmListScreen.InnerAction.toggleFavourite(id), FilmDetailScreen.InnerAction.toggleFavourite(id),
                FavouritesBadge.InnerAction.toggleFavourite(id),
            ]
        case .retry:
            return [FilmListScreen.InnerAction.retry, FilmDetailScreen.InnerAction.retry]
        case .setFaults(let settings):
            return [FaultsScreen.InnerAction.setFaults(settings)]
        case .initial:
            return []
        }
    }
}

// The seed's `let eventSubject: CurrentValueSubject<EventEnum, Never> = .init(.initial)` is one global; here every
// room has its own, and the views read it from the environment (send-only: see `SendOnlySubject`).
private struct EventSubjectKey: EnvironmentKey {
    static var defaultValue: SendOnlySubject<EventEnum> { .init(.init(.initial)) }
}

extension EnvironmentValues {
    /// The room's `eventSubject`.
    var eventSubject: SendOnlySubject<EventEnum> {
        get { self[EventSubjectKey.self] }
        set { self[EventSubjectKey.self] = newValue }
    }
}
