import AppSeam
import EVRuntime
import FilmsKit
import PlaygroundUI
import RoomServices

/// Glue, not from the article: the Films app in EV as a playground app (the hosting is EVRuntime's). An input posted
/// over HTTP becomes this app's own event and goes into the room's `eventSubject`, exactly as the buttons' closures
/// send it.
public final class FilmsEVPlayground: EVCheckpointingApp, PitfallDeclaringApp {
    public static let about = AppAbout(
        id: "films-ev", title: "Films · EV",
        summary: "Every press is an Event: eventSubject.send(.toggleFavourite(id:)) becomes actions on the list, the detail and the badge, "
            + "each changing its own @State. The catalog's answers come back as events too (.searchLoaded, .filmFailed).",
        sampleFolder: "FilmsEV",
        articleFiles: [
            "FilmsEVApp.swift", "EventEnum.swift", "FilmListScreen.swift", "FilmDetailScreen.swift", "FavouritesBadge.swift",
            "FaultsScreen.swift", "FilmsCatalog.swift", "FilmsViewState.swift",
        ])

    public typealias Root = FilmsEVApp
    public let instance: EVAppInstance<EventEnum, FilmsEVApp>
    private let faults: FaultInjection

    public init(services: AppServices) {
        // The fault injection's draws come from a source the instance knows, so a checkpoint keeps where it stands.
        let random = services.makeRandomSource()
        faults = FaultInjection(random: random, clock: services.clock)
        let api = services.filmsAPI(faults: faults)
        instance = EVAppInstance(
            FilmsEVApp(catalog: FilmsCatalog(api: api, effects: services.effects, changed: services.changed)), appID: Self.about.id,
            eventSubjectKey: \.eventSubject,
            inspecting: [FilmListScreen.self, FilmDetailScreen.self, FavouritesBadge.self, FaultsScreen.self], random: random)
    }

    /// The contract's event as this app's own, sent as a button sends it; `setPitfall` is the runtime's switch.
    public func handle(_ input: FilmsEvent, from source: EventSource) {
        guard let event = EventEnum(input) else {
            if case .setPitfall(let on, let name) = input { instance.setPitfall(on, pitfall: name, from: source) }
            return
        }
        instance.handle(event, from: source)
    }

    /// The checkpoint: every screen's `@State` (the room asks when no answer is on its way, so nothing is loading).
    public static var savedStates: [SavedViewState<Root>] {
        let states: [FilmsViewState] = [.initial, .isLoading, .loaded, .failed]
        return [
            .init("listState", \FilmListScreen.viewState, cases: states),
            .init("query", \FilmListScreen.query),
            .init("films", \FilmListScreen.films),
            .init("listFavourites", \FilmListScreen.favourites),
            .init("listCovered", \FilmListScreen.isCovered),
            .init("detailState", \FilmDetailScreen.viewState, cases: states),
            .init("openId", \FilmDetailScreen.openId),
            .init("film", \FilmDetailScreen.film),
            .init("detailFavourites", \FilmDetailScreen.favourites),
            .init("favourites", \FavouritesBadge.favourites),
            .init("faults", \FaultsScreen.settings),
        ]
    }

    /// Refuses what the app never shows; the catalog's faults are the panel's.
    public func didRestore() throws(CheckpointError) {
        let (list, detail, badge) = (host.view(FilmListScreen.self), host.view(FilmDetailScreen.self), host.view(FavouritesBadge.self))
        let ids = (list?.films.map(\.id) ?? []) + [detail?.openId, detail?.film?.id].compactMap { $0 } + (badge?.favourites ?? [])
        guard (list?.films.count ?? 0) <= 20, ids.allSatisfy((1...FilmsEvent.maximumID).contains) else {
            throw CheckpointError("the films-ev app's checkpoint holds what it never shows (over 20 films, or an id out of range)")
        }
        faults.setFaults(host.view(FaultsScreen.self)?.settings ?? .none)
    }

    /// What `/state` shows: the `films` object read from the screens' `@State`, and each screen's view state.
    public var snapshot: FilmsEVSnapshot {
        let list = host.view(FilmListScreen.self)
        let detail = host.view(FilmDetailScreen.self)
        let (listState, detailState) = (list?.viewState ?? .initial, detail?.viewState ?? .initial)
        let openId = detail?.openId
        let query = list?.query ?? ""
        var error: String?
        if let openId, detailState == .failed {
            error = FilmsMessages.filmFailed(openId)
        } else if listState == .failed {
            error = FilmsMessages.searchFailed(query)
        }
        let films = FilmsState(
            query: query, resultIds: list?.films.map(\.id) ?? [], openId: openId,
            favourites: (host.view(FavouritesBadge.self)?.favourites ?? []).sorted(), error: error,
            loading: listState == .isLoading || (openId != nil && detailState == .isLoading))
        return FilmsEVSnapshot(
            films: films, listState: "\(listState)", detailState: "\(detailState)", listCovered: list?.isCovered ?? false,
            liveActionSubscriptions: instance.actionSource.liveSubscriptionCount, pitfall: pitfallSwitches.state)
    }
}

extension EventEnum {
    /// The contract's event (`FilmsEvent`) as this app's own; nil for the pitfall switch, which is the runtime's.
    init?(_ event: FilmsEvent) {
        switch event {
        case .search(let query): self = .search(query: query)
        case .open(let id): self = .open(id: id)
        case .back: self = .back
        case .toggleFavourite(let id): self = .toggleFavourite(id: id)
        case .retry: self = .retry
        case .setFaults(let latencyMs, let failureRate): self = .setFaults(FaultSettings(latencyMs: latencyMs, failureRate: failureRate))
        case .setPitfall: return nil
        }
    }
}

/// A read-only snapshot of the app's state for `/state`.
public struct FilmsEVSnapshot: Sendable, Equatable, Codable {
    /// The Films spec's state, the same shape in all five implementations.
    public var films: FilmsState
    /// Each screen's view state (the article's state machine): `initial`, `isLoading`, `loaded` or `failed`.
    public var listState: String
    public var detailState: String
    /// The list is hidden behind an open film (its `@State` is kept).
    public var listCovered: Bool
    /// `@Action` subscriptions alive, one per screen, plus those leaked while the pitfall switch was on.
    public var liveActionSubscriptions: Int
    /// The pitfall switch: `leaked-subscription`.
    public var pitfall: PitfallState
}

// The trace's texts: an answer's films are counted, not listed (the article's enums need no descriptions).

extension EventEnum: CustomStringConvertible {
    public var description: String {
        switch self {
        case .initial: "initial"
        case .search(let query): "search(query: \(quoted(query)))"
        case .searchLoaded(let films): "searchLoaded(\(films.count) films)"
        case .searchFailed: "searchFailed"
        case .open(let id): "open(id: \(id))"
        case .filmLoaded(let film): "filmLoaded(\(film.id))"
        case .filmFailed: "filmFailed"
        case .back: "back"
        case .toggleFavourite(let id): "toggleFavourite(id: \(id))"
        case .retry: "retry"
        case .setFaults(let settings): "setFaults(latencyMs: \(settings.latencyMs), failureRate: \(DisplayNumbers.rate(settings.failureRate)))"
        }
    }
}

extension FilmListScreen.InnerAction: CustomStringConvertible {
    var description: String {
        switch self {
        case .search(let query): "search(\(quoted(query)))"
        case .showResults(let films): "showResults(\(films.count) films)"
        case .changeStateTo(let state): "changeStateTo(.\(state))"
        case .toggleFavourite(let id): "toggleFavourite(\(id))"
        case .initial: "initial"
        case .retry: "retry"
        case .cover: "cover"
        case .uncover: "uncover"
        case .dismissError: "dismissError"
        }
    }
}

extension FilmDetailScreen.InnerAction: CustomStringConvertible {
    var description: String {
        switch self {
        case .open(let id): "open(\(id))"
        case .show(let film): "show(film \(film.id))"
        case .changeStateTo(let state): "changeStateTo(.\(state))"
        case .toggleFavourite(let id): "toggleFavourite(\(id))"
        case .initial: "initial"
        case .retry: "retry"
        case .close: "close"
        case .dismissError: "dismissError"
        }
    }
}
