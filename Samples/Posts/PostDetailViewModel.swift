import AppSeam
import NiceRuntime
import OpenCombine

/// One post, read from the repository's cache (the list put it there).
public final class PostDetailViewModel: ObservableVM {
    @Injected(\.postRepository) private var postRepo: any PostRepositoryProtocol
    @Injected(\.loadDelay) private var loadDelay: Duration
    @Injected(\.clock) private var clock: any Clock<Duration>

    private unowned let coordinator: PostsCoordinator

    /// The post shown.
    public let postId: Int
    /// The post, once read; setting it moves the load state.
    @Published public private(set) var post: Post? {
        didSet {
            contentLoadState = post == nil ? .noData : .hasData
        }
    }

    /// The post's author, as the list shows it (the list joined the posts with their users; the coordinator owns it).
    public var author: String? {
        coordinator.viewModel.allPosts.first { $0.id == postId }?.user
    }

    init(coordinator: PostsCoordinator, postId: Int) {
        self.coordinator = coordinator
        self.postId = postId
    }

    override public func bindViewModel() {
        super.bindViewModel()

        fetchPostDetails()
    }

    private func fetchPostDetails() {
        contentLoadState = .loading

        task("fetchPostDetails", errors: [PostsAPIError.self, InjectedFault.self]) { [postRepo, loadDelay, clock, postId] in
            try await clock.sleep(for: loadDelay)

            return try await postRepo.getPost(id: postId, cacheMode: .cacheOnly)
        } then: { [self] result in
            switch result {
            case .success(let post):
                self.post = post
            case .failure(let error):
                errorService.capture(error)
            }
        }
    }
}
