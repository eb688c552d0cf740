import AppSeam
import Foundation
import MVIRuntime
import PlaygroundUI
import RoomServices

/// Glue, not from the article: the MVI movie search as a playground app. An intent goes to
/// `SearchPageViewModel`, whose repository fetches from the TMDB-shaped API over real HTTP; the answer comes back
/// onto the room's executor.
public final class MovieSearchPlayground: CheckpointingApp {
    public static let about = AppAbout(
        id: MovieSearchApp.appName, title: "MVI · Model, View, Intent — movie search",
        summary: "Type a query and press Return: the intent loadMovies(query:) moves the state to Loading, "
            + "the repository fetches /3/search/movie over HTTP, and the answer becomes SuccessfullyFetched, NoResultsFound or ApiError. "
            + "A newer query always wins over a slower, older answer.",
        sampleFolder: "MovieSearch",
        articleFiles: [
            "SearchPageView.swift", "SearchPageViewModel.swift", "SearchPageState.swift", "SearchedMoviesView.swift", "Movie.swift",
            "MovieRepository.swift", "TMDBMovieRepository.swift",
        ])

    /// Where the repository fetches: a TMDB-compatible service, or (by default) the playground's own API.
    public struct MovieAPI: AppServiceKey, Sendable {
        /// The service's base URL; nil = the playground's own `/3/search/movie`.
        public var baseURL: String?
        /// Sent as `api_key` to a configured service (never to the playground's own API).
        public var apiKey: String?

        public init(baseURL: String? = nil, apiKey: String? = nil) {
            (self.baseURL, self.apiKey) = (baseURL, apiKey)
        }

        public static let defaultValue = MovieAPI()
    }

    public let teaching = Teaching<MVIStage>(appID: MovieSearchApp.appName)
    private let instance: MovieSearchInstance
    /// True while a press on the page runs its closure: the trace entry is made when the intent arrives.
    private var pressing = false

    public init(services: AppServices) {
        let api = services.values[MovieAPI.self]
        let base = api.baseURL.flatMap(URL.init(string:)) ?? URL(string: services.ownBaseURL)!
        let repository = TMDBMovieRepository(baseURL: base, apiKey: api.baseURL == nil ? nil : api.apiKey)
        instance = MovieSearchInstance(isolation: services.isolation, repository: repository, random: services.makeRandomSource(), clock: services.clock,
            effects: services.effects)
        instance.onChange = services.changed
        instance.observe { [weak self] event in self?.observe(event) }
        instance.onPress = { [weak self] event in self?.traced(event, from: .browser) }
    }

    /// Applies the event; a `page` before any search is a conflict, since there is nothing to page.
    public func handle(_ event: MovieSearchEvent, from source: EventSource) throws(AppError) {
        if case .page = event, instance.intents.lastIntent == nil {
            throw AppError(
                .conflict, code: "no_search_yet",
                message: "There is no search to page through yet; send {\"app\":\"mvi\",\"event\":\"search\",\"query\":\"…\"} first.")
        }
        traced(event, from: source)
        instance.handle(event)
    }

    /// The trace row of an event from HTTP or a button (the intent it sends then adds no row of its own).
    private func traced(_ event: MovieSearchEvent, from source: EventSource) {
        pressing = false
        teaching.trace.record(source: source, event: event.spoken, became: [])
        switch event {
        case .search, .page: teaching.flow.describe("\(event.spoken) from \(source.spoken): waiting for the repository…")
        case .setFaults: teaching.flow.describe("Fault injection changed: the repository now waits and fails as set.")
        }
    }

    /// A press on the page: Return in the field runs `self.vm.loadMovies(query: self.query)`.
    public func perform(action: String, value: String?) -> ActionOutcome {
        pressing = true
        defer { pressing = false }
        return instance.perform(action: action, value: value)
    }

    private func observe(_ event: MVITraceEvent) {
        if pressing, case .intentReceived(_, let intent) = event {
            pressing = false
            teaching.trace.record(source: .browser, event: intent, became: [])
            teaching.flow.describe("\(intent) from the page: waiting for the repository…")
        }
        teaching.trace.appendStep(event.description)
        switch event {
        case .resultDelivered(_, let succeeded, let after):
            teaching.flow.describe(
                "The repository answered in \(after.formatted(.units(allowed: [.milliseconds]))) "
                    + (succeeded ? "and the model moved on." : "with an error: ApiError."))
        case .resultDropped:
            teaching.flow.describe("An older answer arrived after a newer intent and was dropped: it cannot overwrite the newer result.")
        default:
            break
        }
    }

    public func render(_ context: RenderContext) -> RenderedView {
        instance.render(context)
    }

    public var snapshot: MovieSearchSnapshot { instance.snapshot }

    public func unmount() {
        instance.unmount()
    }

    public func checkpoint() -> String? {
        instance.checkpoint().map { AppSeam.Checkpoint.write($0) }
    }

    public func restore(_ text: String) throws(CheckpointError) {
        guard instance.restore(try AppSeam.Checkpoint.read(MovieSearchInstance.Checkpoint.self, from: text, app: Self.about.id)) else {
            throw CheckpointError("the mvi app's checkpoint holds a state it never shows")
        }
    }
}
