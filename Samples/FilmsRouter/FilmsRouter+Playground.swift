import AppSeam
import FilmsKit
import MovieCatalog
import OpenCombine
import PlaygroundUI
import RoomServices
import RouterRuntime

/// Glue, not from the article: the Films app (MVI + Container + Router) as a playground app. Each event calls what
/// the page's control calls: the list's intent, the pushed film screen's intent, or the alert's buttons by title.
/// An event that clears the error (a search, an open, Back from a failed film) first presses the alert's Close,
/// as a user answers a modal alert before doing anything else.
public final class FilmsRouterPlayground: CheckpointingApp, PitfallDeclaringApp {
    public static let about = AppAbout(
        id: "films-router", title: "Films · MVI · Container · Router",
        summary: "A container per screen holds its intent and model; the list's model pushes the film's screen through "
            + "its router, and a failed request is the router's alert with Retry.",
        sampleFolder: "FilmsRouter",
        articleFiles: [
            "FilmsListView.swift", "FilmsListIntent.swift", "FilmsListModel.swift", "FilmsListRouter.swift", "FilmsListTypes.swift",
            "FilmView.swift", "FilmIntent.swift", "FilmModel.swift", "FilmRouter.swift", "FilmTypes.swift", "FavouritesRepository.swift",
        ])

    public typealias Input = FilmsEvent
    /// The runtime's pitfalls: a container's notice that reaches nobody, a screen kept by position.
    public static let pitfalls = RouterPitfall.pitfalls
    public let pitfallSwitches = PitfallSwitches(RouterPitfall.pitfalls)

    let app: MVIRouterHost<FilmsListView, FilmsListIntentProtocol, FilmsListModelStateProtocol>
    public var teaching: Teaching<RouterStage> { app.teaching }
    private var stack: RouterStack { app.stack }
    private let changed: () -> Void
    private let effects: Effects
    private let turns: Turns
    private let favourites = FavouritesRepository()
    /// The pushed film screen's container, whose notices also make the room render.
    private weak var watchedFilm: AnyObject?
    private var watching: AnyCancellable?

    public init(services: AppServices) {
        (changed, effects, turns) = (services.changed, services.effects, services.turns)
        let root = FilmsListView.build(data: .init(api: services.filmsAPI(), effects: services.effects, favourites: favourites))
        app = MVIRouterHost(
            appID: Self.about.id, root: root, services: services, container: \.container, describe: Self.describe,
            appeared: ("the list appeared", "The list appeared; it searches when the field is submitted."))
        pitfallSwitches.switched = { [weak self] on, name in try? self?.handle(.setPitfall(on: on, pitfall: name), from: .browser) }
    }

    public func render(_ context: RenderContext) -> RenderedView {
        let rendered = app.render(context)
        watchFilm()
        return rendered
    }

    public func handle(_ event: FilmsEvent, from source: EventSource) throws(AppError) {
        if case .setPitfall(let on, let name) = event { return app.setPitfall(on, pitfall: name, switches: pitfallSwitches, from: source) }
        app.mountIfNeeded(from: source)
        guard let list = app.container?.intent else { throw AppError(.busy, code: "not_mounted", message: "The list could not be drawn.") }
        settle()  // the alert's buttons as drawn now
        switch event {
        case .search(let query):
            pressAlert("Close")
            list.onSubmitSearch(query: query)
        case .open(let id):
            pressAlert("Close")
            list.onTapFilm(id: id)
        case .back:
            guard let film else { break }
            if stack.alert is FilmRouterAlertType { pressAlert("Close") }
            film.intent.onTapBack()
        case .toggleFavourite(let id):
            if let film, film.model.filmID == id { film.intent.onTapFavourite() } else { list.onTapFavourite(id: id) }
        case .retry:
            pressAlert("Retry")
        case .setFaults(let latencyMs, let failureRate):
            list.onSelectFaults(FaultSettings(latencyMs: latencyMs, failureRate: failureRate))
        case .setPitfall: break  // the room's switch, set before
        }
        settle()  // a pushed screen is drawn now, so its onAppear loads in this step
        app.record(Self.spoken(event), from: source)
    }

    public func perform(action: String, value: String?) -> ActionOutcome {
        let outcome = app.perform(action: action, value: value)
        settle()
        return outcome
    }

    public var snapshot: FilmsRouterSnapshot {
        let list = app.container?.model
        let film = self.film?.model
        var error: String?
        switch stack.alert {
        case FilmsListRouterAlertType.searchFailed(let message)?: error = message
        case FilmRouterAlertType.filmFailed(let message)?: error = message
        default: break
        }
        var resultIds: [Int] = []
        var loading = false
        switch list?.contentState {
        case .content(let films)?: resultIds = films.map(\.id)
        case .loading?: loading = true
        default: break
        }
        if case .loading? = film?.contentState { loading = true }
        let favourites = (list?.favourites ?? []).sorted()
        return FilmsRouterSnapshot(
            films: FilmsState(query: list?.query ?? "", resultIds: resultIds, openId: film?.filmID, favourites: favourites, error: error, loading: loading),
            listState: Self.name(of: list?.contentState), filmState: film.map { Self.name(of: $0.contentState) },
            presented: stack.entries.map { "\($0.screen) as \($0.presentation.rawValue)" }, alert: stack.alert.map { "\($0)" },
            pitfalls: app.pitfallCounts(pitfallSwitches))
    }

    public func unmount() {
        watching?.cancel()
        app.unmount()
    }

    // MARK: - Checkpoint

    /// What a room's snapshot keeps: the list's search and answer, the favourites and faults, the pushed film and
    /// its answer, and which router's alert shows.
    struct Checkpoint: Codable {
        struct Film: Codable {
            var id: Int
            /// nil: it failed to load.
            var detail: FilmDetail?
        }
        var query: String
        /// `idle`, `content` or `failed`.
        var list: String
        var results: [FilmSummary]
        var favourites: [Int]
        var faults: FaultSettings
        var film: Film?
        /// `search` or `film`.
        var alert: String?
        /// The pitfall switches on and their bites (absent in checkpoints written before there were any).
        var pitfalls: [String]? = nil
        var pitfallBites: [String: Int]? = nil
    }

    /// nil while a request loads (the room folds later).
    public func checkpoint() -> String? {
        guard let list = app.container?.model else {
            return AppSeam.Checkpoint.write(
                Checkpoint(
                    query: "", list: "idle", results: [], favourites: [], faults: .none, pitfalls: pitfallSwitches.onNames,
                    pitfallBites: app.pitfallBites))
        }
        var saved = Checkpoint(
            query: list.query, list: "idle", results: [], favourites: list.favourites.sorted(), faults: list.faults,
            pitfalls: pitfallSwitches.onNames, pitfallBites: app.pitfallBites)
        switch list.contentState {
        case .idle: break
        case .loading: return nil
        case .content(let films): (saved.list, saved.results) = ("content", films)
        case .failed: saved.list = "failed"
        }
        if let film = film?.model {
            switch film.contentState {
            case .loading: return nil
            case .content(let detail): saved.film = .init(id: film.filmID, detail: detail)
            case .failed: saved.film = .init(id: film.filmID)
            }
        } else if !stack.entries.isEmpty {
            return nil
        }
        switch stack.alert {
        case is FilmsListRouterAlertType: saved.alert = "search"
        case is FilmRouterAlertType: saved.alert = "film"
        default: break
        }
        return AppSeam.Checkpoint.write(saved)
    }

    /// Goes the way the page went, the answers coming from the checkpoint: the faults and favourites are set, the
    /// search is submitted and answered, the film is opened and answered, and an alert closed since is closed.
    public func restore(_ text: String) throws(CheckpointError) {
        let saved = try AppSeam.Checkpoint.read(Checkpoint.self, from: text, app: Self.about.id)
        guard saved.results.count <= 20, saved.favourites.count <= 100_000, ["idle", "content", "failed"].contains(saved.list) else {
            throw CheckpointError("the films-router checkpoint holds a list this app does not write")
        }
        // The switches as they were, once the screens are back the way they went and their containers' notices are
        // in (switched on earlier, the restore's own notices would count as bites the room never had).
        defer {
            turns.drain()
            app.restorePitfalls(pitfallSwitches, onNames: saved.pitfalls ?? [], bites: saved.pitfallBites ?? [:])
        }
        app.mountIfNeeded()
        guard let list = app.container?.intent else { throw CheckpointError("the films-router list could not be drawn") }
        list.onSelectFaults(saved.faults)
        favourites.ids.send(Set(saved.favourites))
        let restored = FilmsAPIError("restored from a checkpoint")
        func search() throws(CheckpointError) {
            guard saved.list != "idle" else { return }
            guard (try? SearchRequest(query: saved.query)) != nil else { throw CheckpointError("the films-router checkpoint's query is not one a search takes") }
            list.onSubmitSearch(query: saved.query)
            let answer: Result<[FilmSummary], any Error> = saved.list == "failed" ? .failure(restored) : .success(saved.results)
            guard effects.completeOldest(label: "searchFilms", with: answer) else { throw CheckpointError("the films-router search did not start") }
            settle()
            if saved.list == "failed", saved.alert != "search" { pressAlert("Close") }
        }
        func open() throws(CheckpointError) {
            guard let film = saved.film else { return }
            guard (1...FilmsEvent.maximumID).contains(film.id) else { throw CheckpointError("the films-router checkpoint's film id is out of range") }
            list.onTapFilm(id: film.id)
            settle()
            let answer: Result<FilmDetail, any Error> = film.detail.map { .success($0) } ?? .failure(restored)
            guard effects.completeOldest(label: "loadFilm", with: answer) else { throw CheckpointError("the films-router film did not start loading") }
            settle()
            if film.detail == nil, saved.alert != "film" { pressAlert("Close") }
        }
        // The alert that shows comes last (a search leaves an open film as it is), so one alert shows at a time.
        if saved.alert == "search" {
            try open()
            try search()
        } else {
            try search()
            try open()
        }
    }

    // MARK: - Glue

    private typealias FilmContainer = MVIContainer<FilmIntentProtocol, FilmModelStateProtocol>

    /// The pushed film screen, once drawn.
    private var film: FilmContainer? { stack.entries.last?.container as? FilmContainer }

    /// Presses the alert's button `title`, if an alert shows.
    private func pressAlert(_ title: String) {
        guard stack.alert != nil else { return }
        _ = app.host.performAlertAction(titled: title)
    }

    /// Draws what the last call changed (a pushed screen appears and loads), and watches the film screen's container.
    private func settle() {
        _ = app.host.render(RenderContext(formAction: ""))
        watchFilm()
    }

    private func watchFilm() {
        let film = self.film
        guard film !== watchedFilm else { return }
        watchedFilm = film
        watching = film?.objectWillChange.sink { [weak self, weak film] in
            guard let self, let film else { return }
            self.teaching.trace.appendStep("film container: objectWillChange (one turn later) → \(Self.name(of: film.model.contentState))")
            self.changed()
        }
    }

    private static func describe(_ model: FilmsListModelStateProtocol?) -> String {
        "contentState = .\(name(of: model?.contentState))"
    }

    private static func name(of state: FilmsListTypes.Model.ContentState?) -> String {
        switch state {
        case .idle, nil: "idle"
        case .loading: "loading"
        case .content(let films): "content(\(films.count) films)"
        case .failed: "failed"
        }
    }

    private static func name(of state: FilmTypes.Model.ContentState) -> String {
        switch state {
        case .loading: "loading"
        case .content(let film): "content(\(film.title))"
        case .failed: "failed"
        }
    }

    private static func spoken(_ event: FilmsEvent) -> String {
        switch event {
        case .search(let query): "search \u{201C}\(query)\u{201D}"
        case .open(let id): "open film \(id)"
        case .back: "back"
        case .toggleFavourite(let id): "heart film \(id)"
        case .retry: "retry"
        case .setFaults(let latencyMs, let failureRate): "faults: \(latencyMs) ms, \(DisplayNumbers.percent(failureRate))% fail"
        case .setPitfall(let on, _): "setPitfall on: \(on)"
        }
    }
}

/// What `/state` shows under `films-router`: the shared `films` object, and the screens' own states.
public struct FilmsRouterSnapshot: Codable, Sendable, Equatable {
    public var films: FilmsState
    /// The list model's `contentState` case.
    public var listState: String
    /// The pushed film screen's `contentState` case, if one is pushed.
    @Nullable public var filmState: String?
    /// The router stack: each presented screen and how.
    public var presented: [String]
    /// The router alert shown.
    @Nullable public var alert: String?
    /// The pitfall switches (the article's code where RouterRuntime has a fix) and how often each bug bit.
    public var pitfalls: [PitfallCount] = []
}
