/// Why a search request was refused, with the HTTP status an HTTP layer should answer and a message a person
/// can act on (it names what is accepted).
public struct SearchRequestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong.
    public enum Kind: Sendable, Hashable {
        /// The query is missing, empty or only whitespace.
        case emptyQuery
        /// The query is longer than ``SearchRequest/maximumQueryLength`` characters.
        case queryTooLong
        /// The query holds a control character (line break, tab, NUL …).
        case controlCharacter
        /// The query has no letter or digit, so it cannot match any title word.
        case noSearchableWords
        /// The page is not a whole number from 1 to ``SearchRequest/maximumPage``.
        case invalidPage
    }

    /// What was wrong.
    public let kind: Kind
    /// The HTTP status to answer with: 400 (Bad Request).
    public var status: Int { 400 }
    /// What was wrong and what is accepted.
    public let message: String

    /// Creates an error.
    public init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
