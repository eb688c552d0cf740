import AppSeam
import PlaygroundUI

/// Glue: every event the posts app accepts over HTTP, decoded from the flat envelope by `Codable`; ``run(list:coordinator:faults:)``
/// is the one mapping onto what the views' closures call.
///
/// | event | arguments |
/// |---|---|
/// | `reload`, `closePost`, `triggerError` | none |
/// | `setFilter` | `filter`: `all` or `favourites` |
/// | `toggleFavourite`, `openPost` | `postId`: an integer, a post of the list |
/// | `setFaults` | `latencyMs` (0…10000) and `failureRate` (0…1) |
public enum PostsEvent: AppInput, Codable, Equatable {
    case reload
    case setFilter(filter: String)
    case toggleFavourite(postId: Int)
    case openPost(postId: Int)
    case closePost
    case triggerError
    case setFaults(latencyMs: Int, failureRate: Double)

    /// The filters `setFilter` takes, by the name it is sent as.
    public static let filters: [(name: String, state: PostsDisplayState)] = [("all", .all), ("favourites", .favourites)]

    public func validate() throws(AppInputError) {
        switch self {
        case .setFilter(let filter):
            guard Self.filters.contains(where: { $0.name == filter }) else {
                throw AppInputError(.invalidArgument, "\"filter\" must be one of: all, favourites; got \(quoted(filter)).")
            }
        case .toggleFavourite(let postId), .openPost(let postId):
            guard postId >= 1 else {
                throw AppInputError(.invalidArgument, "\"postId\" must be a post's id, a whole number from 1; got \(postId).")
            }
        case .setFaults(let latencyMs, let failureRate):
            guard (0...PostsFaults.maximumLatencyMs).contains(latencyMs) else {
                throw AppInputError(
                    .invalidArgument,
                    "\"latencyMs\" must be a whole number of milliseconds from 0 to \(PostsFaults.maximumLatencyMs); got \(latencyMs).")
            }
            guard failureRate.isFinite, (0...1).contains(failureRate) else {
                throw AppInputError(.invalidArgument, "\"failureRate\" must be a number from 0 to 1; got \(failureRate).")
            }
        case .reload, .closePost, .triggerError:
            break
        }
    }

    public static var examples: [(label: String, input: PostsEvent)] {
        [
            ("Reload", .reload), ("Show favourites", .setFilter(filter: "favourites")),
            ("Toggle the heart of post 3", .toggleFavourite(postId: 3)), ("Open post 3", .openPost(postId: 3)),
            ("Back to the list", .closePost), ("Trigger an error", .triggerError),
            ("Inject latency and failures", .setFaults(latencyMs: 1500, failureRate: 0.5)),
        ]
    }

    /// Calls what the page's control calls: the list's view model (Reload, the picker, a heart, a row, Trigger error),
    /// the open post's (its reload), the coordinator (back) or the fault controls. Run in the room's injected scope.
    func run(list: PostsViewModel, coordinator: PostsCoordinator, faults: PostsFaults) {
        switch self {
        case .reload:
            if let detail = coordinator.postDetailViewModel { detail.bindViewModel() } else { list.reload() }
        case .setFilter(let filter): list.displayState = Self.filters.first { $0.name == filter }!.state
        case .toggleFavourite(let postId): list.favourite(postId)
        case .openPost(let postId): list.showPostDetail(postId)
        case .closePost: coordinator.pop()
        case .triggerError: list.triggerError()
        case .setFaults(let latencyMs, let failureRate): faults.set(PostsFaults.Settings(latencyMs: latencyMs, failureRate: failureRate))
        }
    }
}
