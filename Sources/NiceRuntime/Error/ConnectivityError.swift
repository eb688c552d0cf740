/// The network could not be reached.
public struct ConnectivityError: LoggableError, DisplayableError, Equatable {
    /// "Network Connectivity Error".
    public var typeDescription: StaticString { "Network Connectivity Error" }
    /// "Network Connectivity Error".
    public var title: String { typeDescription.description }
    /// "Please check your internet connection and try again."
    public var errorDescription: String { "Please check your internet connection and try again." }
    /// The same text, for the user.
    public var message: String { errorDescription }

    /// The connectivity error.
    public init() {}
}
