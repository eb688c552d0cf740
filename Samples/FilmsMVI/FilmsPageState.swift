import FilmsKit
import MVIRuntime

/// The seed's **Model** for a screen with a list and a film's detail: one value the view switches over. The list
/// keeps the seed's five states; the open film has three of its own; the favourites (the header's badge and every
/// heart) belong to both.
public struct FilmsPageState: MVIState, Sendable, Equatable, Codable {
    /// The latest search's query: the search field shows it ("" before one).
    public var query = ""
    /// The list's state: the seed's `SearchPageState`, with films instead of movies.
    public var list: SearchState = .Init
    /// The open film's state; nil while the list shows.
    public var film: FilmState? = nil
    /// The favourite films' ids, sorted.
    public var favourites: [Int] = []

    /// The state's name for the trace: the list's case, and the open film's (`SuccessfullyFetched, film Loading`).
    public var caseName: String { film.map { "\(list.caseName), film \($0.caseName)" } ?? list.caseName }

    /// A request whose answer the screen waits for is running.
    public var isLoading: Bool {
        if case .Loading = list { return true }
        if case .Loading? = film { return true }
        return false
    }
}

/// The list's states, the seed's cases and names.
public enum SearchState: MVIState, Sendable, Equatable, Codable {
    /// Nothing has been queried yet.
    case Init
    /// A query is being fetched; the message is shown while loading.
    case Loading(String)
    /// The API returned matching films (the first 20).
    case SuccessfullyFetched([FilmSummary])
    /// The API answered with no films.
    case NoResultsFound
    /// The request failed; the message is shown, with Retry.
    case ApiError(String)
}

/// The open film's states.
public enum FilmState: MVIState, Sendable, Equatable, Codable {
    /// The film's detail is being fetched.
    case Loading(id: Int)
    /// The detail arrived.
    case Fetched(FilmDetail)
    /// The request failed; the message is shown, with Retry.
    case ApiError(id: Int, message: String)

    /// The film this state is about.
    public var id: Int {
        switch self {
        case .Loading(let id), .ApiError(let id, _): id
        case .Fetched(let film): film.id
        }
    }
}
