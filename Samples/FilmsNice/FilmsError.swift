import FilmsKit
import NiceRuntime

/// A request that failed, as the ErrorService shows it: the message is the Films spec's text; the log keeps why.
public struct FilmsError: LoggableError, DisplayableError {
    public enum Request: Equatable, Sendable {
        case search(String)
        case film(Int)
    }

    public let request: Request
    /// What really went wrong (an injected fault, an HTTP status).
    public let cause: String

    public var typeDescription: StaticString { "Films Error" }
    public var title: String { "Films" }
    public var message: String {
        switch request {
        case .search(let query): FilmsMessages.searchFailed(query)
        case .film(let id): FilmsMessages.filmFailed(id)
        }
    }
    public var errorDescription: String { "\(message) (\(cause))" }
}

extension ObservableVM {
    /// One error at a time: another screen's request started or failed, so this one's error is no longer shown.
    func dismissError() {
        if case .error = contentLoadState { contentLoadState = .noData }
    }
}
