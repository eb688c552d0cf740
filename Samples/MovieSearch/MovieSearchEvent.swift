import AppSeam
import MovieCatalog
import MVIRuntime
import PlaygroundUI

/// Glue: every event the movie search accepts over HTTP (`{"app":"mvi","event":"search","query":"alien"}`),
/// decoded from the flat envelope by `Codable`; ``run(viewModel:faults:)`` is the one mapping onto what the page's
/// controls call.
public enum MovieSearchEvent: AppInput, Codable, Equatable {
    /// The intent `loadMovies(query:page:)`, on page 1 unless one is given.
    case search(query: String, page: Int? = nil)
    /// Another page of the current query.
    case page(page: Int)
    /// New fault injection settings.
    case setFaults(latencyMs: Int, failureRate: Double)
    /// The pitfall switch: `on` runs the article's view model as published (every answer applied as it arrives).
    case setPitfall(on: Bool, pitfall: String? = nil)

    /// Each event once: what it does over HTTP, and its arguments' limits.
    public static let events: [EventDeclaration] = [
        .init(
            "search",
            """
                MVI: the intent `loadMovies(query:)`, Return in the search field: `Loading`, then `GET /3/search/movie` answers \
                `SuccessfullyFetched`, `NoResultsFound` or `ApiError`. A newer search always wins over an older, slower answer.
                """,
            ["page": .integer(1...SearchRequest.maximumPage), "query": .documented(query)]),
        .init(
            "page", "MVI: another page of the latest search's query. 409 `no_search_yet` before any search.",
            ["page": .integer(1...SearchRequest.maximumPage)]),
        .init(
            "setFaults", "MVI: fault injection: every later fetch waits `latencyMs` and fails with probability `failureRate`.",
            [
                "latencyMs": .integer(
                    0...FaultSettings.maximumLatencyMs, must: "a whole number of milliseconds from 0 to \(FaultSettings.maximumLatencyMs)"),
                "failureRate": .number(0...1, must: "a number from 0 to 1 (0.25 fails one search in four)"),
            ]),
        .setPitfall(pitfalls),
    ]

    /// `SearchRequest`'s rule, as near as a pattern gets: no control characters, some letter or digit.
    static let query: JSONLiteral = [
        "minLength": 1,
        "pattern": "^[^\\x00-\\x1f\\x7f-\\x9f]*[^\\x00-\\x2f\\x3a-\\x40\\x5b-\\x60\\x7b-\\x9f][^\\x00-\\x1f\\x7f-\\x9f]*$",
        "description": """
            Words of a film title: at most 200 characters, no control characters, not only whitespace, at least one letter or \
            digit. The pattern is the nearest a schema gets; a query the server refuses is a 400.
            """,
    ]

    /// The query `SearchRequest` accepts (the other limits are declared in ``events``).
    public func validate() throws(AppInputError) {
        try Pitfall.check(self)
        guard case .search(let query, _) = self else { return }
        do {
            _ = try SearchRequest(query: query)
        } catch {
            throw AppInputError(.invalidArgument, "\"query\" is not accepted: \(error.message).")
        }
    }

    public static var examples: [(label: String, input: MovieSearchEvent)] {
        [
            ("Search (Return in the field)", .search(query: "the matrix")), ("Next page", .page(page: 2)),
            ("Inject latency and failures", .setFaults(latencyMs: 1500, failureRate: 0.5)),
            ("Run the article's code as published", .setPitfall(on: true)),
        ]
    }
}

extension MovieSearchEvent: PitfallSwitchable {
    public static let pitfallAppID = "mvi"
    /// The article's `loadMovies` subscribes to every request and applies whichever answer arrives.
    public static let pitfalls = [Pitfall.staleAnswerWins]

    public var pitfallSwitch: (on: Bool, pitfall: String?)? {
        if case .setPitfall(let on, let name) = self { (on, name) } else { nil }
    }
}

extension MovieSearchEvent {
    /// The one mapping onto what the page's controls call: the view model's intent (Return in the field, Previous
    /// and Next) or the fault injection (a preset). A `page` before any search does nothing.
    func run(viewModel: SearchPageViewModel, faults: FaultInjection, pitfalls: PitfallSwitches) {
        switch self {
        case .search(let query, let page): viewModel.loadMovies(query: query, page: page ?? 1)
        case .page(let page) where viewModel.intents.lastIntent != nil: viewModel.loadMovies(query: viewModel.query, page: page)
        case .page: break
        case .setFaults(let latencyMs, let failureRate): faults.setFaults(FaultSettings(latencyMs: latencyMs, failureRate: failureRate))
        case .setPitfall(let on, let name):
            pitfalls.set(on, pitfall: name)
            viewModel.intents.appliesEveryAnswer = on
        }
    }
}

private struct SendKey: EnvironmentKey {
    static var defaultValue: (MovieSearchEvent) -> Void { { _ in } }
}

extension EnvironmentValues {
    /// Runs an event as HTTP's does: what the paging and fault buttons' closures call.
    var sendMovieSearchEvent: (MovieSearchEvent) -> Void {
        get { self[SendKey.self] }
        set { self[SendKey.self] = newValue }
    }
}
