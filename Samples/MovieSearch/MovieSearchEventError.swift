/// Why an event for the movie search was refused: a machine-readable code, the argument concerned, and a message
/// naming what is accepted. The HTTP layer answers 400 with it.
public struct MovieSearchEventError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of mistake it was.
    public enum Code: String, Sendable, Equatable {
        /// The event name is not one of ``MovieSearchEvent/acceptedNames``.
        case unknownEvent = "unknown_event"
        /// An argument the event does not take.
        case unexpectedArgument = "unexpected_argument"
        /// A required argument is absent.
        case missingArgument = "missing_argument"
        /// An argument has the wrong type or is out of range.
        case invalidArgument = "invalid_argument"
    }

    /// What kind of mistake it was.
    public let code: Code
    /// The argument concerned, if any.
    public let argument: String?
    /// What was wrong and what is accepted.
    public let message: String

    /// Creates an error.
    public init(_ code: Code, argument: String? = nil, _ message: String) {
        self.code = code
        self.argument = argument
        self.message = message
    }

    /// The HTTP status to answer with: 400.
    public var status: Int { 400 }

    /// The message.
    public var description: String { message }
}
