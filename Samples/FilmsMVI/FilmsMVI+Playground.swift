import AppSeam
import FilmsKit
import MVIRuntime
import PlaygroundUI
import RoomServices

/// Glue, not from the article: the Films app in MVI as a playground app. HTTP's events and the page's controls
/// take one path (``FilmsEvent/run(on:faults:)``) onto the view model's intents; the answers come back through the
/// room's effects.
public final class FilmsMVIPlayground: MVIHostedApp, CheckpointingApp, PitfallDeclaringApp {
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
    public let pitfallSwitches: PitfallSwitches

    public let viewModel: FilmsPageViewModel
    /// The latency and failures the API injects before each request.
    public let faults: FaultInjection
    public typealias Root = FaultsBelow<FilmsPageView>
    public let app: MVIAppInstance<FilmsPageViewModel, Root>
    public let teacher: MVITeaching

    public init(services: AppServices) {
        let api = services.filmsAPI()
        let viewModel = FilmsPageViewModel(api: api, isolation: services.isolation, effects: services.effects)
        let teacher = MVITeaching(appID: Self.about.id, intents: viewModel.intents)
        let faults = api.faults
        let pitfalls = PitfallSwitches(Self.pitfalls)
        pitfallSwitches = pitfalls
        viewModel.intents.onChange = services.changed
        viewModel.filmIntents.onChange = services.changed
        // The film's lane joins the trace as the list's does.
        teacher.follow(viewModel.filmIntents, as: "film lane") {
            "The film's detail answered " + ($0 ? "and the model moved on." : "with an error: ApiError.")
        }
        (self.viewModel, self.faults, self.teacher) = (viewModel, faults, teacher)
        // Every control of the pane, the screen's and the fault presets, sends the event HTTP sends.
        let send = { (event: FilmsEvent) in
            teacher.record(event.spoken, from: .browser, caption: Self.caption(event, from: .browser, pitfalls: pitfalls))
            event.run(on: viewModel, faults: faults, pitfalls: pitfalls)
        }
        app = MVIAppInstance(
            viewModel,
            root: FaultsBelow(
                FilmsPageView(viewModel: viewModel, send: send), faults: faults, ids: ("films-mvi-page", "films-mvi-faults"),
                choose: { send(.setFaults(latencyMs: $0.latencyMs, failureRate: $0.failureRate)) }),
            lanes: [viewModel.filmIntents])
        // The pane's switch runs what HTTP's setPitfall runs.
        pitfalls.switched = { [weak self] on, name in try? self?.handle(.setPitfall(on: on, pitfall: name), from: .browser) }
    }

    public func handle(_ event: FilmsEvent, from source: EventSource) throws(AppError) {
        teacher.record(event.spoken, from: source, caption: Self.caption(event, from: source, pitfalls: pitfallSwitches))
        event.run(on: viewModel, faults: faults, pitfalls: pitfallSwitches)
    }

    private static func caption(_ event: FilmsEvent, from source: EventSource, pitfalls: PitfallSwitches) -> String {
        switch event {
        case .setFaults: "Fault injection changed: the API now waits and fails as set."
        case .setPitfall(let on, _): pitfalls.caption(pitfalls.pitfalls[0], on: on)
        case .search, .open, .retry: "\(event.spoken) from \(source.spoken): waiting for the API…"
        case .back, .toggleFavourite: "\(event.spoken) from \(source.spoken): the model changed at once, no request."
        }
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
            filmGeneration: viewModel.filmIntents.generation, pitfall: pitfallSwitches.state,
            staleAnswersShown: viewModel.intents.staleAnswersShown + viewModel.filmIntents.staleAnswersShown)
    }
}

/// What a room's snapshot keeps of the app: its one state, both lanes' generations and the fault settings. Written
/// only while no request runs (the room asks then), so a state never reads `Loading`.
extension FilmsMVIPlayground {
    struct Checkpoint: Codable {
        var state: FilmsPageState
        var generation: UInt64
        var lastIntent: String?
        var filmGeneration: UInt64
        var lastFilmIntent: String?
        var faults: FaultSettings
        /// The pitfall switches on and each lane's stale answers shown (absent in checkpoints written before them).
        var pitfalls: [String]?
        var staleAnswersShown: Int?
        var filmStaleAnswersShown: Int?
    }

    public func checkpoint() -> String? {
        let (intents, filmIntents) = (viewModel.intents, viewModel.filmIntents)
        guard !intents.isInFlight, !filmIntents.isInFlight, !viewModel.uiState.isLoading else { return nil }
        return AppSeam.Checkpoint.write(
            Checkpoint(
                state: viewModel.uiState, generation: intents.generation, lastIntent: intents.lastIntent,
                filmGeneration: filmIntents.generation, lastFilmIntent: filmIntents.lastIntent, faults: faults.settings,
                pitfalls: pitfallSwitches.onNames, staleAnswersShown: intents.staleAnswersShown,
                filmStaleAnswersShown: filmIntents.staleAnswersShown))
    }

    public func restore(_ text: String) throws(CheckpointError) {
        let saved = try AppSeam.Checkpoint.read(Checkpoint.self, from: text, app: Self.about.id)
        let state = saved.state
        var shown = 0
        if case .SuccessfullyFetched(let films) = state.list { shown = films.count }
        let ids = 1...FilmsEvent.maximumID
        guard !state.isLoading, shown <= 20, state.favourites.count <= 10_000, state.favourites.allSatisfy(ids.contains),
            zip(state.favourites, state.favourites.dropFirst()).allSatisfy(<), state.film.map({ ids.contains($0.id) }) ?? true,
            saved.generation < 1 << 48, saved.filmGeneration < 1 << 48,
            [saved.staleAnswersShown, saved.filmStaleAnswersShown].allSatisfy({ (0..<1 << 48).contains($0 ?? 0) })
        else { throw CheckpointError("the films-mvi app's checkpoint holds a state it never shows") }
        viewModel.intents.restore(generation: saved.generation, lastIntent: saved.lastIntent)
        viewModel.filmIntents.restore(generation: saved.filmGeneration, lastIntent: saved.lastFilmIntent)
        viewModel.uiState = state
        faults.setFaults(FaultSettings(latencyMs: saved.faults.latencyMs, failureRate: saved.faults.failureRate))
        pitfallSwitches.restore(onNames: saved.pitfalls ?? [])
        FilmsEvent.setPitfall(on: pitfallSwitches.isOn()).run(on: viewModel, faults: faults, pitfalls: pitfallSwitches)
        viewModel.intents.restore(staleAnswersShown: saved.staleAnswersShown ?? 0)
        viewModel.filmIntents.restore(staleAnswersShown: saved.filmStaleAnswersShown ?? 0)
    }
}

extension FilmsEvent {
    /// The one mapping onto what the page's controls call: the view model's intents, or the fault injection.
    func run(on viewModel: FilmsPageViewModel, faults: FaultInjection, pitfalls: PitfallSwitches) {
        switch self {
        case .search(let query): viewModel.search(query: query)
        case .open(let id): viewModel.open(id: id)
        case .back: viewModel.back()
        case .toggleFavourite(let id): viewModel.toggleFavourite(id: id)
        case .retry: viewModel.retry()
        case .setFaults(let latencyMs, let failureRate): faults.setFaults(FaultSettings(latencyMs: latencyMs, failureRate: failureRate))
        case .setPitfall(let on, let name):
            // The article's view model applies every answer, the film's as the list's.
            pitfalls.set(on, pitfall: name)
            (viewModel.intents.appliesEveryAnswer, viewModel.filmIntents.appliesEveryAnswer) = (on, on)
        }
    }
}
