import MVIRuntime

/// The seed's **Model**: at any moment the search page is in exactly one of these states, and the view has one
/// view for each. The case names are the article's, capitals included.
public enum SearchPageState: MVIState, Sendable, Equatable {
    /// Nothing has been queried yet.
    case Init
    /// A query is being fetched; the message is shown while loading.
    case Loading(String)  // String is the message to be shown while loading
    /// The API returned matching movies.
    case SuccessfullyFetched([Movie])  // List of matching Movies
    /// The API answered with no results.
    case NoResultsFound
    /// The request failed or the API answered with an error; the message is shown.
    case ApiError(String)  // Error message to be shown
}
