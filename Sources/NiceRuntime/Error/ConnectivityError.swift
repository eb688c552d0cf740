/// The network could not be reached.
public struct ConnectivityError: LoggableError, DisplayableError, Equatable {
    public var typeDescription: StaticString { "Network Connectivity Error" }
    public var title: String { typeDescription.description }
    public var errorDescription: String { "Please check your internet connection and try again." }
    public var message: String { errorDescription }

    public init() {}
}
