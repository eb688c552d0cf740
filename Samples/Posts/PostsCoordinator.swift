import NiceRuntime
import OpenCombine

/// Where the posts flow can go.
public enum PostsRoute: Equatable, Sendable {
    case post(Int)
}

/// Owns the posts list's view model and, while a post is open, its detail's; `handleRoute(.post(id))` pushes it.
public final class PostsCoordinator: ObservableObject, Coordinator {
    /// The list's view model (made in `init`, with the coordinator).
    @Published public private(set) var viewModel: PostsViewModel!
    /// The open post's view model; nil on the list.
    @Published public var postDetailViewModel: PostDetailViewModel?

    /// The flow, on the list.
    public init() {
        viewModel = PostsViewModel(coordinator: self)
    }

    /// Goes to `route`: `.post(id)` pushes that post's detail (reported as the Coordinator stage at the caller's line).
    public func handleRoute(_ route: PostsRoute, file: StaticString = #fileID, line: UInt = #line) {
        NiceStage.handleRoute(route, file: file, line: line)
        switch route {
        case .post(let postId):
            postDetailViewModel = PostDetailViewModel(coordinator: self, postId: postId)
        }
    }

    /// Back from the detail (the navigation bar's back button in the seed).
    public func pop(file: StaticString = #fileID, line: UInt = #line) {
        NiceStage.pop(file: file, line: line)
        postDetailViewModel = nil
    }
}
