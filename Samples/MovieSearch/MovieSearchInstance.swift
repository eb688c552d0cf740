import MovieCatalog
import MVIRuntime
import PlaygroundUI
import RoomServices

/// The MVI movie search running in one room: the view model, its repository behind fault injection, and the
/// view host rendering `mvi-search` and `mvi-faults`.
///
/// ```swift
/// // on the room's executor:
/// let app = MovieSearchInstance(isolation: room, repository: TMDBMovieRepository(baseURL: base))
/// app.onChange = { /* an answer arrived: render and patch */ }
/// app.observe { event in trace.append(event.description) }
/// app.handle(try MovieSearchEvent(event: "search", arguments: ["query": .string("the matrix")]))
/// let html = app.render(context)     // Loading now; SuccessfullyFetched after onChange
/// app.unmount()                      // cancels the request in flight
/// ```
///
/// Not `Sendable`: create and use it on the room's executor (`isolation`); intents check it at run time.
public final class MovieSearchInstance {
    /// The seed's view model.
    public let viewModel: SearchPageViewModel
    /// The repository the view model fetches from: the given one behind fault injection.
    public let repository: FaultInjectingMovieRepository
    private let app: MVIAppInstance<SearchPageViewModel, MovieSearchApp>
    private let pressed = Pressed()

    /// Starts the app on `isolation`'s executor (the room actor), fetching from `repository`; `faults` are the
    /// starting fault settings, `random` draws the failures and the latency is waited on `clock`; requests go out
    /// through `effects`.
    public init(
        isolation: any Actor, repository: any MovieRepository, faults: FaultSettings = .none, random: RandomSource = RandomSource(),
        clock: any Clock<Duration> = ContinuousClock(), effects: Effects? = nil
    ) {
        self.repository = FaultInjectingMovieRepository(wrapping: repository, settings: faults, random: random, clock: clock)
        viewModel = SearchPageViewModel(repository: self.repository, isolation: isolation, effects: effects)
        let (viewModel, faults, pressed) = (viewModel, self.repository, pressed)
        app = MVIAppInstance(
            viewModel,
            root: MovieSearchApp(viewModel: viewModel, faults: faults) { event in
                pressed.observer?(event)
                event.run(viewModel: viewModel, faults: faults)
            })
    }

    // MARK: - Events

    /// Applies a validated event, as the page's control does.
    public func handle(_ event: MovieSearchEvent) {
        event.run(viewModel: viewModel, faults: repository)
    }

    /// Called on the room's executor with the event a paging or fault button sends, before it runs.
    public var onPress: ((MovieSearchEvent) -> Void)? {
        get { pressed.observer }
        set { pressed.observer = newValue }
    }

    /// The intent `loadMovies(query:page:)`; the state is `Loading` when this returns.
    public func search(query: String, page: Int = 1) {
        viewModel.loadMovies(query: query, page: page)
    }

    /// Loads another page of the current query; does nothing and returns `false` before the first search.
    @discardableResult
    public func page(_ page: Int) -> Bool {
        guard viewModel.intents.lastIntent != nil else { return false }
        viewModel.loadMovies(query: viewModel.query, page: page)
        return true
    }

    /// New fault injection settings (clamped to 0…10000 ms and 0…1); requests already waiting keep theirs.
    public func setFaults(latencyMs: Int, failureRate: Double) {
        repository.setFaults(FaultSettings(latencyMs: latencyMs, failureRate: failureRate))
    }

    // MARK: - Rendering and observation

    /// Renders the search page and the fault controls.
    public func render(_ context: RenderContext) -> RenderedView { app.render(context) }

    /// A press on the page: a control's closure runs (Return in the search field fires `vm.loadMovies(query:)`).
    public func perform(action: String, value: String?) -> ActionOutcome { app.host.perform(action: action, value: value) }

    /// Called on the room's executor after an answer changed the state outside an event (render then).
    public var onChange: (() -> Void)? {
        get { app.intents.onChange }
        set { app.intents.onChange = newValue }
    }

    /// Adds an observer of every intent, state change and delivered or dropped result, called on the room's
    /// executor in order.
    public func observe(_ observer: @escaping (MVITraceEvent) -> Void) {
        app.intents.observe(observer)
    }

    /// The view model's intents (generation, whether a request is in flight).
    public var intents: MVIIntents { app.intents }

    /// What `/state` shows.
    public var snapshot: MovieSearchSnapshot {
        let state = viewModel.uiState
        var resultCount = 0
        var message: String?
        switch state {
        case .SuccessfullyFetched(let movies): resultCount = movies.count
        case .Loading(let text), .ApiError(let text): message = text
        case .Init, .NoResultsFound: break
        }
        let faults = repository.settings
        return MovieSearchSnapshot(
            query: viewModel.query, page: viewModel.page, state: state.caseName, message: message, resultCount: resultCount,
            totalResults: viewModel.totalResults, totalPages: viewModel.totalPages, latencyMs: faults.latencyMs,
            failureRate: faults.failureRate, generation: app.intents.generation, inFlight: app.intents.isInFlight)
    }

    // MARK: - Checkpoint

    /// What a room's snapshot keeps: the view model's state and paging, the intents' generation, whether its
    /// request was still waiting, the fault settings and the search field's text.
    struct Checkpoint: Codable {
        var state: String
        var message: String?
        var movies: [Movie]?
        var query: String
        var page: Int
        var totalPages: Int
        var totalResults: Int
        var generation: UInt64
        var lastIntent: String?
        var inFlight: Bool
        var faults: FaultSettings
        var field: String
    }

    func checkpoint() -> Checkpoint? {
        let state = viewModel.uiState
        var (message, movies): (String?, [Movie]?) = (nil, nil)
        switch state {
        case .Loading(let text), .ApiError(let text): message = text
        case .SuccessfullyFetched(let found): movies = found
        case .Init, .NoResultsFound: break
        }
        _ = app.render(RenderContext(formAction: ""))
        return Checkpoint(
            state: state.caseName, message: message, movies: movies, query: viewModel.query, page: viewModel.page, totalPages: viewModel.totalPages,
            totalResults: viewModel.totalResults, generation: intents.generation, lastIntent: intents.lastIntent, inFlight: intents.isInFlight,
            faults: repository.settings,
            field: app.host.readState(of: SearchPageView.self, "query") as? String ?? "")
    }

    func restore(_ saved: Checkpoint) -> Bool {
        let state: SearchPageState
        switch (saved.state, saved.message, saved.movies) {
        case ("Init", nil, nil): state = .Init
        case ("Loading", let text?, nil): state = .Loading(text)
        case ("SuccessfullyFetched", nil, let movies?): state = .SuccessfullyFetched(movies)
        case ("NoResultsFound", nil, nil): state = .NoResultsFound
        case ("ApiError", let text?, nil): state = .ApiError(text)
        default: return false
        }
        guard (1...SearchRequest.maximumPage).contains(saved.page), saved.totalPages >= 0, saved.totalResults >= 0, (saved.movies?.count ?? 0) <= 100,
            saved.generation < 1 << 48
        else { return false }
        viewModel.restore(uiState: state, query: saved.query, page: saved.page, totalPages: saved.totalPages, totalResults: saved.totalResults)
        repository.setFaults(FaultSettings(latencyMs: saved.faults.latencyMs, failureRate: saved.faults.failureRate))
        if saved.inFlight {
            // The request that was waiting is sent again, as the intent sent it (it takes the generation it had).
            guard saved.generation >= 1, saved.state == "Loading" else { return false }
            intents.restore(generation: saved.generation - 1, lastIntent: nil)
            viewModel.loadMovies(query: saved.query, page: saved.page)
            guard intents.lastIntent == saved.lastIntent, viewModel.uiState == state else { return false }
        } else {
            intents.restore(generation: saved.generation, lastIntent: saved.lastIntent)
        }
        _ = app.render(RenderContext(formAction: ""))
        return app.host.writeState(of: SearchPageView.self, "query", saved.field)
    }

    /// Cancels the request in flight (its answer is dropped) and unmounts the views.
    public func unmount() {
        app.unmount()
    }
}

/// Who hears a button's event: set after the views that call it are made.
private final class Pressed {
    var observer: ((MovieSearchEvent) -> Void)?
}

@available(*, unavailable, message: "a MovieSearchInstance lives on one room executor")
extension MovieSearchInstance: Sendable {}
