import MVIRuntime
import MovieSearchMVI
import PlaygroundHTTP
import PlaygroundUI

/// The MVI movie search in one room: an intent goes to `SearchPageViewModel`, whose repository
/// fetches from the TMDB-shaped API over real HTTP; the answer comes back onto the room's executor.
final class MVIPane: Pane {
    static let appName = MovieSearchApp.appName
    let app = MovieSearchApp.appName
    let title = "MVI · Model, View, Intent — movie search"
    let summary =
        "Type a query and press Return: the intent loadMovies(query:) moves the state to Loading, "
        + "the repository fetches /3/search/movie over HTTP, and the answer becomes SuccessfullyFetched, NoResultsFound or ApiError. "
        + "A newer query always wins over a slower, older answer."
    let sourceFiles: [SourceFile]
    private let instance: MovieSearchInstance
    let teaching = Teaching(
        flow: FlowStrip(
            id: "mvi-flow", title: "Flow",
            stages: [
                .init(name: "View / HTTP", detail: "Return in the field, or a POST"),
                .init(name: "Intent", detail: "vm.loadMovies(query:)"),
                .init(name: "Model", detail: "uiState = .Loading"),
                .init(name: "Repository", detail: "GET /3/search/movie"),
                .init(name: "Model", detail: "Fetched · NoResults · ApiError"),
                .init(name: "View", detail: "re-rendered, patched over SSE"),
            ]),
        traceID: "mvi-trace")

    /// Starts the app on `isolation` (the room), fetching through `repository`.
    init(isolation: any Actor, repository: any MovieRepository, randomSeed: UInt64?, sourceFiles: [SourceFile]) {
        instance = MovieSearchInstance(isolation: isolation, repository: repository, randomSeed: randomSeed)
        self.sourceFiles = sourceFiles
        instance.observe { [weak self] event in self?.observe(event) }
    }

    /// Called on the room's executor when an answer changed the state after the event returned.
    var onChange: (() -> Void)? {
        get { instance.onChange }
        set { instance.onChange = newValue }
    }

    /// Validates name and arguments with the sample's own rules; touches no state.
    static func decode(_ envelope: EventEnvelope) throws(HTTPError) -> MovieSearchEvent {
        do {
            return try MovieSearchEvent(name: envelope.event, arguments: envelope.arguments)
        } catch {
            throw HTTPError(.badRequest, code: error.code.rawValue, message: error.message)
        }
    }

    /// Applies the event; a `page` before any search is a 409, since there is nothing to page.
    func handle(_ event: MovieSearchEvent, source: EventSource) throws(HTTPError) {
        if case .page = event, instance.intents.lastIntent == nil {
            throw HTTPError(
                .conflict, code: "no_search_yet",
                message: "There is no search to page through yet; send {\"app\":\"mvi\",\"event\":\"search\",\"query\":\"…\"} first.")
        }
        teaching.trace.record(source: source, event: describe(event), became: [])
        switch event {
        case .search, .page:
            teaching.flow.lit = [0, 1, 2, 3]
            teaching.flow.caption = "\(describe(event)) from \(source == .browser ? "the page" : "HTTP"): waiting for the repository…"
        case .setFaults:
            teaching.flow.lit = [0, 3]
            teaching.flow.caption = "Fault injection changed: the repository now waits and fails as set."
        }
        instance.handle(event)
    }

    private func observe(_ event: MVITraceEvent) {
        teaching.trace.appendStep(event.description)
        switch event {
        case .resultDelivered(_, let succeeded, let after):
            teaching.flow.lit = [3, 4, 5]
            teaching.flow.caption =
                "The repository answered in \(after.formatted(.units(allowed: [.milliseconds]))) "
                + (succeeded ? "and the model moved on." : "with an error: ApiError.")
        case .resultDropped:
            teaching.flow.caption = "An older answer arrived after a newer intent and was dropped: it cannot overwrite the newer result."
        default:
            break
        }
    }

    private func describe(_ event: MovieSearchEvent) -> String {
        switch event {
        case .search(let query, let page): "search \(JSONValue.string(query).text) page \(page)"
        case .page(let page): "page \(page)"
        case .setFaults(let latency, let rate): "setFaults \(latency) ms, \(Int((rate * 100).rounded())) %"
        }
    }

    func renderView(_ context: RenderContext) -> RenderedView {
        instance.render(context)
    }

    var curlTwins: [CurlTwin] {
        [
            CurlTwin(label: "Search (Return in the field)", body: #"{"app":"mvi","event":"search","query":"the matrix"}"#),
            CurlTwin(label: "Next page", body: #"{"app":"mvi","event":"page","page":2}"#),
            CurlTwin(label: "Inject latency and failures", body: #"{"app":"mvi","event":"setFaults","latencyMs":1500,"failureRate":0.5}"#),
        ]
    }

    var snapshot: JSONValue {
        let state = instance.snapshot
        return .object([
            ("query", .string(state.query)), ("page", .int(state.page)), ("state", .string(state.state)),
            ("message", state.message.map(JSONValue.string) ?? .null), ("resultCount", .int(state.resultCount)),
            ("totalResults", .int(state.totalResults)), ("totalPages", .int(state.totalPages)),
            ("latencyMs", .int(state.latencyMs)), ("failureRate", .double(state.failureRate)),
            ("inFlight", .bool(state.inFlight)),
        ])
    }

    func unmount() {
        instance.unmount()
    }
}
