/// For when you're all out of other errors.
public struct UnknownError: LoggableError, DisplayableError, Equatable {
    /// What the user reads.
    public let message: String

    /// An unknown error saying `message`.
    public init(message: String) {
        self.message = message
    }

    /// "Unknown Error".
    public var typeDescription: StaticString { "Unknown Error" }
    /// "Unknown Error".
    public var title: String { typeDescription.description }
    /// The message.
    public var errorDescription: String { message }
}
