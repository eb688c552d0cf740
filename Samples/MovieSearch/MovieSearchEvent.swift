import PlaygroundUI

/// Every event the movie search accepts over HTTP or from its forms, already validated
/// (see ``init(name:arguments:)``).
///
/// | event | arguments |
/// |---|---|
/// | `search` | `query` (string, a film title's words), optional `page` (1…1000, default 1) |
/// | `page` | `page` (1…1000): the same query, another page |
/// | `setFaults` | `latencyMs` (0…10000) and `failureRate` (0…1) |
public enum MovieSearchEvent: Sendable, Equatable {
    /// The intent `loadMovies(query:page:)`.
    case search(query: String, page: Int)
    /// Another page of the current query.
    case page(Int)
    /// New fault injection settings.
    case setFaults(latencyMs: Int, failureRate: Double)

    /// The event names, in the order the messages list them.
    public static let acceptedNames = ["search", "page", "setFaults"]

    /// The event's name (`search`, `page`, `setFaults`).
    public var name: String {
        switch self {
        case .search: "search"
        case .page: "page"
        case .setFaults: "setFaults"
        }
    }
}

extension MovieSearchEvent: PostableEvent {
    /// The event's fields as a form posts them, e.g. `app=mvi&event=page&page=2`.
    public var postedFields: [(name: String, value: String)] {
        var fields = [("app", MovieSearchApp.appName), ("event", name)]
        switch self {
        case .search(let query, let page):
            fields += [("query", query), ("page", String(page))]
        case .page(let page):
            fields.append(("page", String(page)))
        case .setFaults(let latencyMs, let failureRate):
            fields += [("latencyMs", String(latencyMs)), ("failureRate", DisplayNumbers.rate(failureRate))]
        }
        return fields
    }
}

