import AppSeam
import NiceRuntime
import OpenCombine

/// What the list shows.
public enum PostsDisplayState: String, CaseIterable, Sendable {
    case all = "Show All"
    case favourites = "Favourites"
}

/// Loads the posts and their authors, joins them into rows, and keeps the favourites and the filter.
///
/// Favourites are kept by post id, so they survive a reload (the seed keeps them in the rows, which a reload
/// replaces).
public final class PostsViewModel: ObservableVM {
    struct Raw: Sendable, Codable {
        var posts: [Post]
        var users: [User]
    }

    @Injected(\.postRepository) private var postRepo: any PostRepositoryProtocol
    @Injected(\.userRepository) private var userRepo: any UserRepositoryProtocol
    @Injected(\.loadDelay) private var loadDelay: Duration
    @Injected(\.clock) private var clock: any Clock<Duration>
    @Injected(\.pitfalls) private var pitfalls: NicePitfalls
    @Injected(\.log) private var log: NiceLog

    private unowned let coordinator: PostsCoordinator

    init(coordinator: PostsCoordinator) {
        self.coordinator = coordinator
    }

    /// Each view state of the view model is a published property.
    @Published public private(set) var allPosts: [PostViewState] = []
    @Published public var displayState: PostsDisplayState = .all {
        didSet {
            intent("displayState = .\(displayState)")
            showFilteredPosts()
        }
    }
    /// The hearted posts' ids.
    @Published public private(set) var favourites: Set<Int> = []

    /// The rows the filter shows.
    public var filteredPosts: [PostViewState] {
        switch displayState {
        case .all:
            return allPosts
        case .favourites:
            return allPosts.filter { $0.favourite }
        }
    }

    /// Binding rather than `init` starts the loading, so nothing loads or changes while the view is not shown.
    override public func bindViewModel() {
        super.bindViewModel()

        fetchPosts()
    }

    /// The error view's Reload: binds afresh, which loads again.
    public func reload(file: StaticString = #fileID, line: UInt = #line) {
        intent("reload()", file: file, line: line)
        bindViewModel()
    }

    /// A row was tapped: the coordinator pushes its post.
    public func showPostDetail(_ postId: Int) {
        coordinator.handleRoute(.post(postId))
    }

    /// Toggles the heart of a post of the list.
    public func favourite(_ postId: Int, file: StaticString = #fileID, line: UInt = #line) {
        intent("favourite(\(postId))", file: file, line: line)
        guard let postIndex = allPosts.firstIndex(where: { $0.id == postId }) else {
            return
        }

        allPosts[postIndex].favourite.toggle()
        if allPosts[postIndex].favourite { favourites.insert(postId) } else { favourites.remove(postId) }
        showFilteredPosts()
    }

    /// Not in the seed: a list that the filter leaves empty is `.noData`, so it shows "No data." (the seed shows
    /// an empty list).
    private func showFilteredPosts() {
        guard contentLoadState == .hasData || contentLoadState == .noData else { return }
        let state: ContentLoadState = filteredPosts.isEmpty ? .noData : .hasData
        if state != contentLoadState { contentLoadState = state }
    }

    private func fetchPosts() {
        contentLoadState = .loading

        // Fetches the posts and the users who wrote them, concurrently, then joins the titles and names into rows
        // (a post whose user is unknown is dropped).
        task("fetchPosts", errors: [PostsAPIError.self, InjectedFault.self]) { [postRepo, userRepo, loadDelay, clock] in
            // Wait a little here so we can show our nice loading view (the seed blocks the main thread with
            // `sleep(1)`; this only suspends the task).
            try await clock.sleep(for: loadDelay)

            async let rawPosts = postRepo.getPostList(cacheMode: .cacheAndUpdate)
            async let users = userRepo.getUsers(cacheMode: .cacheAndUpdate)

            return try Raw(posts: await rawPosts, users: await users)
        } then: { [self] result in
            switch result {
            case .success(let raw):
                if pitfalls.isOn(.favouritesKeptInRows), !favourites.isEmpty {
                    // The seed's favourites live only in the rows, which these replace.
                    let lost = favourites.sorted().map(String.init).joined(separator: ", ")
                    pitfalls.bit(.favouritesKeptInRows, "the reload replaced the rows and the hearts in them (posts \(lost))", log: log)
                    favourites = []
                }
                self.allPosts = raw.posts.compactMap { post in
                    guard let user = raw.users.first(where: { $0.id == post.userId }) else { return nil }

                    return PostViewState(id: post.id, text: post.title, user: user.name, favourite: self.favourites.contains(post.id))
                }

                contentLoadState = self.filteredPosts.isEmpty ? .noData : .hasData
            case .failure(let error):
                errorService.capture(error)
            }
        }
    }
}
