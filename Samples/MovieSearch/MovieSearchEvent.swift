import AppSeam
import MovieCatalog
import PlaygroundUI

/// Glue: every event the movie search accepts over HTTP (`{"app":"mvi","event":"search","query":"alien"}`),
/// decoded from the flat envelope by `Codable`; ``run(viewModel:faults:)`` is the one mapping onto what the page's
/// controls call.
///
/// | event | arguments |
/// |---|---|
/// | `search` | `query` (string, a film title's words), optional `page` (1…1000, default 1) |
/// | `page` | `page` (1…1000): the same query, another page |
/// | `setFaults` | `latencyMs` (0…10000) and `failureRate` (0…1) |
public enum MovieSearchEvent: AppInput, Codable, Equatable {
    /// The intent `loadMovies(query:page:)`, on page 1 unless one is given.
    case search(query: String, page: Int? = nil)
    /// Another page of the current query.
    case page(page: Int)
    /// New fault injection settings.
    case setFaults(latencyMs: Int, failureRate: Double)

    public init(event: String, arguments: [String: EventArgument]) throws(AppInputError) {
        // `page` is an integer or left out; a null is refused, as before, rather than read as page 1.
        if arguments["page"] == .null { throw AppInputError(.invalidArgument, "\"page\" must be a whole number from 1 to 1000; got null.") }
        self = try .fromEnvelope(event: event, arguments: arguments)
        try validate()
    }

    public func validate() throws(AppInputError) {
        switch self {
        case .search(let query, let page):
            if let page { try Self.check(page: page) }
            do {
                _ = try SearchRequest(query: query)
            } catch {
                throw AppInputError(.invalidArgument, "\"query\" is not accepted: \(error.message).")
            }
        case .page(let page):
            try Self.check(page: page)
        case .setFaults(let latencyMs, let failureRate):
            guard (0...FaultSettings.maximumLatencyMs).contains(latencyMs) else {
                throw AppInputError(
                    .invalidArgument,
                    "\"latencyMs\" must be a whole number of milliseconds from 0 to \(FaultSettings.maximumLatencyMs); got \(latencyMs).")
            }
            guard failureRate.isFinite, (0...1).contains(failureRate) else {
                throw AppInputError(
                    .invalidArgument, "\"failureRate\" must be a number from 0 to 1 (0.25 fails one search in four); got \(failureRate).")
            }
        }
    }

    private static func check(page: Int) throws(AppInputError) {
        guard (1...SearchRequest.maximumPage).contains(page) else {
            throw AppInputError(.invalidArgument, "\"page\" must be a whole number from 1 to \(SearchRequest.maximumPage); got \(page).")
        }
    }

    public static var examples: [(label: String, input: MovieSearchEvent)] {
        [
            ("Search (Return in the field)", .search(query: "the matrix")), ("Next page", .page(page: 2)),
            ("Inject latency and failures", .setFaults(latencyMs: 1500, failureRate: 0.5)),
        ]
    }
}

extension MovieSearchEvent {
    /// The one mapping onto what the page's controls call: the view model's intent (Return in the field, Previous
    /// and Next) or the fault injection (a preset). A `page` before any search does nothing.
    func run(viewModel: SearchPageViewModel, faults: FaultInjectingMovieRepository) {
        switch self {
        case .search(let query, let page): viewModel.loadMovies(query: query, page: page ?? 1)
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
