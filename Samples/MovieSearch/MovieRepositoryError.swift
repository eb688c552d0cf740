/// Why ``TMDBMovieRepository`` could not fetch a page of movies; the view model shows every one of them as
/// `ApiError("Results couldnot be fetched")`, the message says what really happened (for logs and tests).
public struct MovieRepositoryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// The base URL is not an absolute `http`/`https` URL without query or fragment.
        case invalidBaseURL
        /// No HTTP answer: connection refused, timeout, DNS …
        case transport
        /// The server answered with a status outside 200…299.
        case httpStatus(Int)
        /// The body is not a TMDB search response.
        case undecodableBody
    }

    /// What went wrong.
    public let kind: Kind
    /// What went wrong, in words a person can act on.
    public let message: String

    /// Creates an error.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
