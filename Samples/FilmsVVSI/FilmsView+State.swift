import AppSeam
import FilmsKit
import VVSIRuntime

extension FilmsView {

    /// What the view shows: the list, the open film, the favourites, the error, and which requests are in flight.
    public struct VState: StateProtocol, Equatable {
        /// The latest search's query.
        public var query = ""
        /// Its results (the first 20).
        public var results: [FilmSummary] = []
        /// The search in flight, by request number: only its answer is shown.
        public var searching: Int?
        /// The film whose detail is open.
        public var openId: Int?
        /// Its detail, once loaded.
        public var detail: FilmDetail?
        /// The detail request in flight, by request number.
        public var opening: Int?
        /// Favourite ids, sorted.
        public var favourites: [Int] = []
        /// The error shown (the view turned the interactor's `.error` notification into it).
        public var failure: Failure?
        /// The fault injection the next requests meet.
        public var faults = FaultSettings.none

        public init() {}

        /// Whether a request whose answer will be shown is in flight.
        public var loading: Bool { searching != nil || opening != nil }
    }

    /// A request that failed: what Retry runs again. `request` tells a late error from the current one.
    public enum Failure: Error, Sendable, Equatable {
        case search(query: String, request: Int)
        case film(id: Int, request: Int)

        /// The text shown, word for word the spec's.
        public var message: String {
            switch self {
            case .search(let query, _): FilmsMessages.searchFailed(query)
            case .film(let id, _): FilmsMessages.filmFailed(id)
            }
        }
    }

    /// What the view (and the interactor's answers) ask for.
    public enum VAction: ActionProtocol, Sendable, Equatable {
        case search(String)
        case open(Int)
        case back
        case toggleFavourite(Int)
        /// Runs the failed request again; nil (no error shown): nothing.
        case retry(Failure?)
        case setFaults(FaultSettings)
        /// A search's answer, back from its effect.
        case searchAnswered(request: Int, Result<[FilmSummary], Failure>)
        /// A film's answer, back from its effect.
        case filmAnswered(request: Int, Result<FilmDetail, Failure>)
        /// The view shows an error the interactor notified (unless a newer request made it stale).
        case showError(Failure)
    }

    /// What the interactor tells the view.
    public enum VNotification: NotificationProtocol, Equatable {
        /// A request failed.
        case error(Failure)
    }
}
