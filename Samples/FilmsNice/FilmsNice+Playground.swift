import AppSeam
import FilmsKit
import NiceRuntime
import PlaygroundUI
import RoomServices

/// Glue, not from the article: the Films app in NiceArchitecture as a playground app, hosted by the runtime's
/// ``NiceRoom`` (the room's own dependencies). The fault controls render as `films-nice-faults`, the flow as
/// `films-nice-films`.
public final class FilmsNicePlayground: CheckpointingApp, PitfallDeclaringApp {
    public static let about = AppAbout(
        id: "films-nice", title: "Films · NiceArchitecture",
        summary: "A search is the list's view model's: contentLoadState goes to loading and its task asks the film repository "
            + "(cache, then the injected service over HTTP); the answer becomes hasData or noData, a failure goes through the "
            + "ErrorService. A row opens its film through the coordinator (handleRoute(.film(id))), whose detail view model "
            + "loads as its view appears, from the cache when it was opened before.",
        sampleFolder: "FilmsNice",
        articleFiles: [
            "FilmsCoordinatorView.swift", "FilmsCoordinator.swift", "FilmsListView.swift", "FilmsListViewModel.swift",
            "FilmDetailView.swift", "FilmDetailViewModel.swift", "FilmRepository.swift", "FavouritesRepository.swift",
            "FilmService.swift", "FilmsError.swift", "InjectedValues+Films.swift",
        ])

    /// What `/state` shows under `films-nice`: the Films spec's `films`, and the view models' load states.
    public struct Snapshot: Codable, Sendable, Equatable {
        public var films: FilmsState
        /// The list view model's `contentLoadState`: `loading`, `hasData`, `noData` or `error`.
        public var listState: String
        /// The open film's `contentLoadState`, or null.
        @Nullable public var detailState: String? = nil
        /// The pitfall switch (`unbound-task-applies`) and how often its bug bit.
        public var pitfalls: [PitfallCount] = []
    }

    /// The runtime's pitfall whose fix is its own: a task of an unbound view model (a film replaced or closed while
    /// it loads) still applies its answer. (The other two are fixed in the Posts sample's own files.)
    public static let pitfalls = NicePitfall.pitfalls(NicePitfall.runtimePitfalls, sampleModule: "FilmsNice")
    public let pitfallSwitches = PitfallSwitches(FilmsNicePlayground.pitfalls)

    public let room: NiceRoom
    public var teaching: Teaching<NiceStage> { room.teaching }
    public let coordinator: FilmsCoordinator
    public let favourites: FavouritesRepository
    private let faults: FaultInjection
    private let host: ViewHost<FilmsNicePane>
    private let effects: Effects

    /// Fills the room's dependencies (the film service over the room's ``FilmsAPI``), then makes the coordinator in
    /// the room's scope.
    public init(services: AppServices) {
        let room = NiceRoom(appID: Self.about.id, services: services)
        let api = services.filmsAPI()
        var injected = room.injected
        injected.filmService = FilmService(api: api)
        let coordinator = InjectedValues.withValues(injected) { FilmsCoordinator() }
        let favourites = injected.favourites
        (self.room, self.coordinator, self.favourites, faults, effects) = (room, coordinator, favourites, api.faults, services.effects)
        let faults = api.faults
        host = ViewHost(
            FilmsNicePane(
                faults: faults, choose: { FilmsEvent.setFaults(latencyMs: $0.latencyMs, failureRate: $0.failureRate).run(coordinator, faults) },
                content: FilmsCoordinatorView(coordinator: coordinator, favourites: favourites)))
        room.watch(coordinator.listViewModel, as: "FilmsListViewModel")
        room.watch(coordinator.$filmDetailViewModel) { "FilmDetailViewModel(\($0.filmId))" }
        pitfallSwitches.switched = { [weak self] on, name in try? self?.handle(.setPitfall(on: on, pitfall: name), from: .browser) }
    }

    public func handle(_ event: FilmsEvent, from source: EventSource) throws(AppError) {
        if case .setPitfall(let on, let name) = event { return room.setPitfall(on, pitfall: name, switches: pitfallSwitches, from: source) }
        room.step(event.spoken, from: source) { event.run(coordinator, faults) }
    }

    /// A press on the page runs its control's closure.
    public func perform(action: String, value: String?) -> ActionOutcome {
        room.press { host.perform(action: action, value: value) }
    }

    public func render(_ context: RenderContext) -> RenderedView { room.render(host, context) }

    public var snapshot: Snapshot {
        let list = coordinator.listViewModel!
        let detail = coordinator.filmDetailViewModel
        let error = [list.contentLoadState, detail?.contentLoadState].compactMap { state -> String? in
            guard case .error(let error)? = state else { return nil }
            return (error as? any DisplayableError)?.message ?? "\(error)"
        }.first
        let films = FilmsState(
            query: list.query, resultIds: list.films.map(\.id), openId: detail?.filmId, favourites: favourites.ids.sorted(), error: error,
            loading: list.contentLoadState == .loading || detail?.contentLoadState == .loading)
        return Snapshot(
            films: films, listState: list.contentLoadState.caseName, detailState: detail?.contentLoadState.caseName,
            pitfalls: room.pitfallCounts(pitfallSwitches))
    }

    public func unmount() { room.unmount(host) }

    // MARK: - Checkpoint

    /// What a room's snapshot keeps: each screen's query or film, what it loaded and its load state; the favourites;
    /// the faults. Written only when no request is in flight, so nothing is loading.
    struct Checkpoint: Codable {
        struct List: Codable {
            var query: String
            var films: [FilmSummary]
            var shown: ContentLoadState.Saved
        }
        struct Detail: Codable {
            var filmId: Int
            var film: FilmDetail?
            var shown: ContentLoadState.Saved
        }
        var list: List
        var detail: Detail?
        var favourites: [Int]
        var faults: FaultSettings
        /// The coordinator's count of films opened, which numbers the detail's view (its controls' ids).
        var openings: Int
        /// The pitfall switches on and their bites (absent in checkpoints written before there were any).
        var pitfalls: [String]? = nil
        var pitfallBites: [String: Int]? = nil
    }

    public func checkpoint() -> String? {
        let list = coordinator.listViewModel!
        let detail = coordinator.filmDetailViewModel.map { Checkpoint.Detail(filmId: $0.filmId, film: $0.film, shown: $0.contentLoadState.saved) }
        return AppSeam.Checkpoint.write(
            Checkpoint(
                list: .init(query: list.query, films: list.films, shown: list.contentLoadState.saved), detail: detail,
                favourites: favourites.ids.sorted(), faults: faults.settings, openings: coordinator.openings,
                pitfalls: pitfallSwitches.onNames, pitfallBites: room.pitfallBites))
    }

    /// Goes the way the screens went: the search is made and answered with the saved films (or fails), the film is opened
    /// as its view appears and answered (or fails), in the order that leaves the one error shown; then the favourites
    /// and the faults are set.
    public func restore(_ text: String) throws(CheckpointError) {
        let saved = try AppSeam.Checkpoint.read(Checkpoint.self, from: text, app: Self.about.id)
        let ids = saved.list.films.map(\.id) + saved.favourites + (saved.detail.map { [$0.filmId] } ?? [])
        let states = [saved.list.shown.state] + (saved.detail.map { [$0.shown.state] } ?? [])
        guard saved.list.films.count <= 20, ids.allSatisfy((1...FilmsEvent.maximumID).contains), states.allSatisfy(["hasData", "noData", "error"].contains)
        else { throw CheckpointError("the films-nice app's checkpoint holds what it never writes (over 20 films, an id out of range, or a load in flight)") }
        let context = RenderContext(formAction: "")
        // The switches as they were, once the screens are back the way they went.
        defer { room.restorePitfalls(pitfallSwitches, onNames: saved.pitfalls ?? [], bites: saved.pitfallBites ?? [:]) }
        _ = render(context)
        let list = coordinator.listViewModel!
        func restoreList() throws(CheckpointError) {
            guard !saved.list.query.isEmpty else { return }
            InjectedValues.withValues(room.injected) { list.search(saved.list.query) }
            let answer: Result<[FilmSummary], any Error> =
                saved.list.shown.state == "error" ? .failure(EffectFailure("restored")) : .success(saved.list.films)
            guard effects.completeOldest(label: "searchFilms", with: answer) else { throw CheckpointError("the films-nice app's search did not start") }
        }
        func restoreDetail() throws(CheckpointError) {
            guard let detail = saved.detail, saved.openings >= 1 else { return }
            coordinator.openings = saved.openings - 1
            InjectedValues.withValues(room.injected) { list.showFilmDetail(detail.filmId) }
            _ = render(context)
            let answer: Result<FilmDetail, any Error> = detail.film.map { .success($0) } ?? .failure(EffectFailure("restored"))
            guard effects.completeOldest(label: "fetchFilm", with: answer) else { throw CheckpointError("the films-nice app's film did not start loading") }
        }
        // Each request dismisses the other screen's error: the screen whose error is shown is answered last.
        if saved.detail?.shown.state == "error" {
            try restoreList()
            try restoreDetail()
        } else {
            try restoreDetail()
            try restoreList()
        }
        coordinator.openings = saved.openings
        for id in saved.favourites { favourites.toggle(id) }
        faults.setFaults(saved.faults)
        _ = render(context)
    }
}

extension FilmsEvent {
    /// Calls what the page's control calls: the list's view model (the search field, a row, its heart, Retry), the
    /// open film's (its heart, Retry, Back) or the fault controls. Run in the room's injected scope.
    func run(_ coordinator: FilmsCoordinator, _ faults: FaultInjection) {
        let list = coordinator.listViewModel!
        let detail = coordinator.filmDetailViewModel
        switch self {
        case .search(let query): list.search(query)
        case .open(let id): list.showFilmDetail(id)
        case .back: detail?.back()
        case .toggleFavourite(let id):
            if let detail, detail.filmId == id { detail.toggleFavourite() } else { list.toggleFavourite(id) }
        case .retry:
            if case .error = detail?.contentLoadState { detail?.retry() } else if case .error = list.contentLoadState { list.retry() }
        case .setFaults(let latencyMs, let failureRate):
            Stages.record(NiceStage.service, "faults.setFaults(latencyMs: \(latencyMs), failureRate: \(failureRate))")
            faults.setFaults(FaultSettings(latencyMs: latencyMs, failureRate: failureRate))
        case .setPitfall: break  // the room's switch, set by the app
        }
    }
}

/// The fault controls above the films flow.
struct FilmsNicePane: View {
    let faults: FaultInjection
    let choose: (FaultSettings) -> Void
    let content: FilmsCoordinatorView

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            FaultInjectionControls(settings: faults.settings, choose: choose)
                .id("films-nice-faults")
            content
                .id("films-nice-films")
        }
    }
}
