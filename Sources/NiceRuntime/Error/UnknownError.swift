/// For when you're all out of other errors.
public struct UnknownError: LoggableError, DisplayableError, Equatable {
    public let message: String

    public init(message: String) {
        self.message = message
    }

    public var typeDescription: StaticString { "Unknown Error" }
    public var title: String { typeDescription.description }
    public var errorDescription: String { message }
}
