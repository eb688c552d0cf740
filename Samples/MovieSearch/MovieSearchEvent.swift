import AppSeam
import MovieCatalog
import MVIRuntime

/// Glue: every event the movie search accepts over HTTP (`{"app":"mvi","event":"search","query":"alien"}`),
/// decoded from the flat envelope by `Codable`; ``MovieSearchPlayground/handle(_:from:)`` is the one mapping onto
/// what the page's controls call.
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
        .setFaults("MVI", every: "fetch", failing: "search"),
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
        ] + controlExamples
    }
}

/// MVI's pitfall: the article's `loadMovies` subscribes to every request and applies whichever answer arrives.
extension MovieSearchEvent: MVIControlInput {
    public static let pitfallAppID = "mvi"

    public var pitfallSwitch: (on: Bool, pitfall: String?)? {
        if case .setPitfall(let on, let name) = self { (on, name) } else { nil }
    }
}
