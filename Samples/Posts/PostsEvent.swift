import AppSeam
import NiceRuntime
import PlaygroundUI

/// Glue: every event the posts app accepts over HTTP, decoded from the flat envelope by `Codable`; ``run(list:coordinator:faults:)``
/// is the one mapping onto what the views' closures call.
public enum PostsEvent: AppInput, Codable, Equatable {
    case reload
    case setFilter(filter: String)
    case toggleFavourite(postId: Int)
    case openPost(postId: Int)
    case closePost
    case triggerError
    case setFaults(latencyMs: Int, failureRate: Double)
    /// A pitfall switch: `on` runs the article's code as published where the runtime has a fix.
    case setPitfall(on: Bool, pitfall: String? = nil)

    /// The filters `setFilter` takes, by the name it is sent as.
    public static let filters: [(name: String, state: PostsDisplayState)] = [("all", .all), ("favourites", .favourites)]

    /// Each event once: what it does over HTTP, and its arguments' limits.
    public static let events: [EventDeclaration] = [
        .init("reload", "Nice: reloads what is shown: the list binds again (`PostsViewModel.reload()`), or the open post does."),
        .init("setFilter", "Nice: the \"Show All\" / \"Favourites\" picker (`displayState`).", ["filter": .oneOf(filters.map(\.name))]),
        .init("toggleFavourite", "Nice: the heart of one row (`PostsViewModel.favourite(_:)`). \(postErrors)", ["postId": postID]),
        .init("openPost", "Nice: a row: `coordinator.handleRoute(.post(id))` pushes the post's detail. \(postErrors)", ["postId": postID]),
        .init("closePost", "Nice: back from the open post to the list. 409 `no_post_open` on the list."),
        .init("triggerError", "Nice: `triggerError()`: the ErrorService broadcasts an error every bound view model shows."),
        .init(
            "setFaults", "Nice: fault injection: every later fetch waits `latencyMs` and fails with probability `failureRate`.",
            [
                "latencyMs": .integer(
                    0...PostsFaults.maximumLatencyMs, must: "a whole number of milliseconds from 0 to \(PostsFaults.maximumLatencyMs)"),
                "failureRate": .number(0...1),
            ]),
        .setPitfall(pitfalls),
    ]

    static let postID = ArgumentRule.integer(1..., must: "a post's id, a whole number from 1")
    static let postErrors = "404 `no_such_post` for a post the list does not have; 409 `posts_not_loaded` before it loads."

    public static var examples: [(label: String, input: PostsEvent)] {
        [
            ("Reload", .reload), ("Show favourites", .setFilter(filter: "favourites")),
            ("Toggle the heart of post 3", .toggleFavourite(postId: 3)), ("Open post 3", .openPost(postId: 3)),
            ("Back to the list", .closePost), ("Trigger an error", .triggerError),
            ("Inject latency and failures", .setFaults(latencyMs: 1500, failureRate: 0.5)),
            ("Run the article's code as published: favourites kept in the rows", .setPitfall(on: true, pitfall: "favourites-kept-in-rows")),
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
        case .setPitfall: break  // the room's switches, set by the app
        }
    }
}

extension PostsEvent: PitfallSwitchable {
    public static let pitfallAppID = "nice"
    /// NiceRuntime's fixes that a room can switch back to the article's code.
    public static let pitfalls = NicePitfall.pitfalls(sampleModule: "PostsNice")

    public var pitfallSwitch: (on: Bool, pitfall: String?)? {
        if case .setPitfall(let on, let name) = self { (on, name) } else { nil }
    }

    public func validate() throws(AppInputError) { try Pitfall.check(self) }
}
