import AppSeam
import FilmsKit
import MVIRuntime
import PlaygroundUI
import RoomServices

/// Glue, not from the article: the Films app in MVI as a playground app. HTTP's events and the page's controls
/// take one path (``FilmsEvent/run(on:controls:from:)``) onto the view model's intents; the answers come back through the
/// room's effects.
public final class FilmsMVIPlayground: MVIControlledApp, CheckpointingApp, PitfallDeclaringApp {
    public static let about = AppAbout(
        id: "films-mvi", title: "Films · MVI",
        summary: "Every control is an intent on FilmsPageViewModel, which publishes one state the view switches over: "
            + "search(query:) sets the list to Loading and intents.runLatest fetches; the answer becomes SuccessfullyFetched, "
            + "NoResultsFound or ApiError, unless a newer search came first (latest wins). open(id:) has a lane of its own; "
            + "a heart changes the state at once.",
        sampleFolder: "FilmsMVI",
        articleFiles: ["FilmsPageView.swift", "FilmsPageViewModel.swift", "FilmsPageState.swift"])

    /// What `/state` shows under `films-mvi`: the Films spec's `films`, and MVI's own state.
    public struct Snapshot: Codable, Sendable, Equatable {
        public var films: FilmsState
        /// The list's state case: `Init`, `Loading`, `SuccessfullyFetched`, `NoResultsFound` or `ApiError`.
        public var state: String
        /// The open film's state case (`Loading`, `Fetched` or `ApiError`), else null.
        @Nullable public var filmState: String? = nil
        /// The latest generation of the list's intents and of the film's.
        public var generation: UInt64
        public var filmGeneration: UInt64
        /// The pitfall switch (`stale-answer-wins`), and the stale answers applied while it was on (both lanes).
        public var pitfall: PitfallState
        public var staleAnswersShown: Int
    }

    /// MVI's pitfall: with it on, a slow search overtaken by a fast one ends on the slow one's results.
    public static let pitfalls = [Pitfall.staleAnswerWins]

    public let viewModel: FilmsPageViewModel
    /// Both lanes, the API's fault injection and the pitfall switch (the film's lane's keys are `film…`).
    public let controls: MVIControls
    public typealias Root = FaultsBelow<FilmsPageView>
    public let app: MVIAppInstance<FilmsPageViewModel, Root>

    public init(services: AppServices) {
        let api = services.filmsAPI()
        let viewModel = FilmsPageViewModel(api: api, isolation: services.isolation, effects: services.effects)
        let controls = MVIControls(
            appID: Self.about.id, lanes: [.init(viewModel.intents), .init(viewModel.filmIntents, name: "film")], services: services,
            faults: api.faults, outside: "the API")
        // The film's lane joins the trace as the list's does.
        controls.teacher.follow(viewModel.filmIntents, as: "film lane") {
            "The film's detail answered " + ($0 ? "and the model moved on." : "with an error: ApiError.")
        }
        (self.viewModel, self.controls) = (viewModel, controls)
        // Every control of the pane, the screen's, the fault presets and the switch, runs the event HTTP sends.
        let send = { (event: FilmsEvent) in event.run(on: viewModel, controls: controls, from: .browser) }
        app = MVIAppInstance(
            viewModel, root: controls.faultsBelow(FilmsPageView(viewModel: viewModel, send: send), ids: ("films-mvi-page", "films-mvi-faults")),
            lanes: [viewModel.filmIntents])
        controls.chosen = { [weak self] in try? self?.handle(.setFaults(latencyMs: $0.latencyMs, failureRate: $0.failureRate), from: .browser) }
        controls.pitfalls.switched = { [weak self] in try? self?.handle(.setPitfall(on: $0, pitfall: $1), from: .browser) }
    }

    public func handle(_ event: FilmsEvent, from source: EventSource) throws(AppError) {
        event.run(on: viewModel, controls: controls, from: source)
    }

    public var snapshot: Snapshot {
        let state = viewModel.uiState
        var (resultIds, error): ([Int], String?) = ([], nil)
        if case .SuccessfullyFetched(let films) = state.list { resultIds = films.map(\.id) }
        if case .ApiError(let message) = state.list { error = message }
        if case .ApiError(_, let message)? = state.film { error = message }
        let films = FilmsState(
            query: state.query, resultIds: resultIds, openId: state.film?.id, favourites: state.favourites, error: error,
            loading: state.isLoading)
        return Snapshot(
            films: films, state: state.list.caseName, filmState: state.film?.caseName, generation: viewModel.intents.generation,
            filmGeneration: viewModel.filmIntents.generation, pitfall: pitfallSwitches.state, staleAnswersShown: controls.staleAnswersShown)
    }
}

/// What a room's snapshot keeps of the app: its one state, beside the runtime's part (both lanes, the fault settings,
/// the pitfall switch). Written only while no request runs (the room asks then), so a state never reads `Loading`.
extension FilmsMVIPlayground {
    struct Checkpoint: Codable {
        var state: FilmsPageState
    }

    public func checkpoint() -> String? {
        guard !controls.isInFlight, !viewModel.uiState.isLoading else { return nil }
        return controls.write(Checkpoint(state: viewModel.uiState))
    }

    public func restore(_ text: String) throws(CheckpointError) {
        let (saved, part) = try controls.read(Checkpoint.self, from: text)
        let state = saved.state
        var shown = 0
        if case .SuccessfullyFetched(let films) = state.list { shown = films.count }
        let ids = 1...FilmsEvent.maximumID
        guard !state.isLoading, shown <= 20, state.favourites.count <= 10_000, state.favourites.allSatisfy(ids.contains),
            zip(state.favourites, state.favourites.dropFirst()).allSatisfy(<), state.film.map({ ids.contains($0.id) }) ?? true
        else { throw CheckpointError("the films-mvi app's checkpoint holds a state it never shows") }
        try controls.restore(part)
        viewModel.uiState = state
    }
}

extension FilmsEvent {
    /// The one mapping onto what the page's controls call, after the event's trace row: the view model's intents, or
    /// the controls (a fault preset, the pitfall switch: the article's view model applies every answer, on both lanes).
    func run(on viewModel: FilmsPageViewModel, controls: MVIControls, from source: EventSource) {
        let waits = switch self {
        case .back, .toggleFavourite: false
        default: true
        }
        controls.record(self, from: source, waits: waits)
        switch self {
        case .search(let query): viewModel.search(query: query)
        case .open(let id): viewModel.open(id: id)
        case .back: viewModel.back()
        case .toggleFavourite(let id): viewModel.toggleFavourite(id: id)
        case .retry: viewModel.retry()
        case .setFaults(let latencyMs, let failureRate): controls.setFaults(latencyMs: latencyMs, failureRate: failureRate)
        case .setPitfall(let on, let name): controls.setPitfall(on, pitfall: name)
        }
    }
}
