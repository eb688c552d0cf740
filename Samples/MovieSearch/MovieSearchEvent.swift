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

extension MovieSearchEvent {
    /// The one mapping onto what the page's controls call: the view model's intent (Return in the field, Previous
    /// and Next) or the fault injection (a preset). A `page` before any search does nothing.
    func run(viewModel: SearchPageViewModel, faults: FaultInjectingMovieRepository) {
        switch self {
        case .search(let query, let page): viewModel.loadMovies(query: query, page: page)
        case .page(let page) where viewModel.intents.lastIntent != nil: viewModel.loadMovies(query: viewModel.query, page: page)
        case .page: break
        case .setFaults(let latencyMs, let failureRate): faults.setFaults(FaultSettings(latencyMs: latencyMs, failureRate: failureRate))
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
