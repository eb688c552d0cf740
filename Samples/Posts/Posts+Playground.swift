import AppSeam
import NiceRuntime
import OpenCombine
import PlaygroundUI
import RoomServices

/// Glue, not from the article: the NiceArchitecture posts app as a playground app. The room's dependencies
/// live in its own ``InjectedValues`` (the seed's are process-wide statics); the coordinator's views render as
/// `nice-posts`, the fault controls as `nice-faults`.
public final class PostsPlayground: CheckpointingApp {
    public static let about = AppAbout(
        id: "nice", title: "NiceArchitecture · view models, load states, a coordinator",
        summary: "The list's view model binds as its view appears: contentLoadState goes to loading, the repositories fetch "
            + "/posts and /users concurrently over HTTP (through their caches), and the join becomes hasData or noData. "
            + "Errors go through the ErrorService, which moves every bound view model to .error; a row opens its post through "
            + "the coordinator, read from the cache.",
        sampleFolder: "Posts",
        articleFiles: [
            "PostsCoordinatorView.swift", "PostsCoordinator.swift", "PostsView.swift", "PostCell.swift", "PostsViewModel.swift",
            "PostDetailView.swift", "PostDetailViewModel.swift", "PostRepository.swift", "UserRepository.swift", "PostService.swift",
            "UserService.swift", "InjectedValues+Posts.swift", "Post.swift", "Coordinator.swift",
        ])

    /// The NiceArchitecture flow, from the seed.
    public enum Stage: FlowStage {
        case view, viewModel, repository, service, contentLoadState, statefulView, errorService, coordinator

        public var name: String {
            switch self {
            case .view: "View"
            case .viewModel: "ViewModel"
            case .repository: "Repository"
            case .service: "Service (HTTP)"
            case .contentLoadState: "contentLoadState"
            case .statefulView: "StatefulView"
            case .errorService: "ErrorService"
            case .coordinator: "Coordinator"
            }
        }

        public var detail: String {
            switch self {
            case .view: "appears: .bindToVM(vm)"
            case .viewModel: "bindViewModel()"
            case .repository: "getPostList(cacheMode:) · CacheService"
            case .service: "GET /posts · GET /users"
            case .contentLoadState: "loading · hasData · noData · error"
            case .statefulView: "re-rendered, patched over SSE"
            case .errorService: "broadcast: every bound VM → .error"
            case .coordinator: "handleRoute(.post(id))"
            }
        }
    }

    /// Where the services fetch and how long the views wait before loading (the seed's 1 s).
    public struct PostsAPI: AppServiceKey, Sendable {
        /// A JSONPlaceholder-compatible base URL; nil = the playground's own `/posts` and `/users`.
        public var baseURL: String?
        /// The wait before each load, to show the loading view.
        public var loadDelay: Duration

        public init(baseURL: String? = nil, loadDelay: Duration = .seconds(1)) {
            (self.baseURL, self.loadDelay) = (baseURL, loadDelay)
        }

        public static let defaultValue = PostsAPI()
    }

    public let teaching = Teaching<Stage>(appID: "nice")
    /// The room's dependencies.
    public let injected = InjectedValues()
    /// The posts flow.
    public let coordinator: PostsCoordinator
    /// The room's fault injection.
    public let faults: PostsFaults
    private let host: ViewHost<PostsApp>
    private let effects: Effects
    private let log: NiceLog
    private var observations: [AnyCancellable] = []
    private var detailObservation: AnyCancellable?
    /// True from an event or press until the render after it: a view appearing then belongs to that event's trace row.
    private var eventPending = false

    /// Fills the room's dependencies (services fetching from `services.ownBaseURL` or the configured API), then
    /// makes the coordinator in the room's scope.
    public init(services: AppServices) {
        let api = services.values[PostsAPI.self]
        effects = services.effects
        let log = NiceLog()
        let faults = PostsFaults(random: services.makeRandomSource(), clock: services.clock)
        (self.log, self.faults) = (log, faults)
        var injected = self.injected
        injected.log = log
        injected.loadDelay = api.loadDelay
        injected.clock = services.clock
        let client = JSONPlaceholderClient(baseURL: api.baseURL ?? services.ownBaseURL, faults: faults, log: log)
        injected.postService = PostService(client: client)
        injected.userService = UserService(client: client)
        let coordinator = InjectedValues.withValues(injected) { PostsCoordinator() }
        self.coordinator = coordinator
        let send = { (event: PostsEvent) in event.run(list: coordinator.viewModel!, coordinator: coordinator, faults: faults) }
        host = ViewHost(PostsApp(coordinator: coordinator, faults: faults, send: send))
        let onRoom = RoomBound(services.changed, isolation: services.isolation)
        let flushed = RoomBound(Flush(), isolation: services.isolation)
        injected.roomLoop = RoomLoop(isolation: services.isolation, effects: services.effects) {
            flushed.value.run?()
            onRoom.value()
        }
        flushed.value.run = { [weak self] in self?.flushLog() }
        observations.append(
            coordinator.viewModel.$contentLoadState.dropFirst().sink { [weak self] state in
                self?.stateChanged("PostsViewModel", state)
            })
        observations.append(
            coordinator.$postDetailViewModel.dropFirst().sink { [weak self] detail in
                guard let self else { return }
                // Not `detail` itself: its own publisher keeps this sink, which would keep it.
                let owner = "PostDetailViewModel(\(detail?.postId ?? 0))"
                self.detailObservation = detail?.$contentLoadState.dropFirst().sink { [weak self] state in
                    self?.stateChanged(owner, state)
                }
            })
    }

    // MARK: - Events

    /// Runs an event as the page's control does (``PostsEvent/run(list:coordinator:faults:)``): 409 for a post while the
    /// list is not loaded or `closePost` on the list, 404 for a post the list does not have.
    public func handle(_ event: PostsEvent, from source: EventSource) throws(AppError) {
        switch event {
        case .toggleFavourite(let postId), .openPost(let postId):
            try requirePost(postId, event: event.eventName)
        case .closePost where coordinator.postDetailViewModel == nil:
            throw AppError(
                .conflict, code: "no_post_open", message: "No post is open; closePost goes back from an open post (send openPost first).")
        default:
            break
        }
        traced(event.spoken, from: source) { event.run(list: coordinator.viewModel!, coordinator: coordinator, faults: faults) }
    }

    /// The post must be in the loaded list: 409 while it is not loaded, 404 for an id it does not have.
    private func requirePost(_ postId: Int, event: String) throws(AppError) {
        let list = coordinator.viewModel!
        guard list.contentLoadState == .hasData || list.contentLoadState == .noData else {
            throw AppError(
                .conflict, code: "posts_not_loaded",
                message:
                    "The posts are not loaded (contentLoadState is \(list.contentLoadState.caseName)); \(event) needs a post of the list. Wait for hasData, or send reload."
            )
        }
        guard list.allPosts.contains(where: { $0.id == postId }) else {
            let ids = list.allPosts.map(\.id)
            let range = ids.isEmpty ? "none are loaded" : "the list has ids \(ids.min()!) to \(ids.max()!)"
            throw AppError(.notFound, code: "no_such_post", message: "There is no post \(postId); \(range).")
        }
    }

    /// A press on the page runs its control's closure; the trace says what changed.
    public func perform(action: String, value: String?) -> ActionOutcome {
        let outcome = traced("press on the page", from: .browser) { host.perform(action: action, value: value) }
        if outcome != .performed { teaching.trace.removeNewest() }
        return outcome
    }

    // MARK: - Teaching

    /// One trace row for an event or a press: what it changed, then the log's lines.
    private func traced<Result>(_ event: String, from source: EventSource, _ body: () -> Result) -> Result {
        let before = snapshot
        teaching.trace.record(source: source, event: event, became: [])
        eventPending = true
        let result = InjectedValues.withValues(injected, body)
        let after = snapshot
        if before.filter != after.filter {
            step("PostsViewModel.displayState = .\(after.filter)", lit: [.view, .viewModel, .statefulView])
        }
        if before.favourites != after.favourites {
            step("PostsViewModel.favourite(_:): favourites \(after.favourites)", lit: [.view, .viewModel, .statefulView])
        }
        if before.route != after.route {
            if let route = after.route {
                step("coordinator.handleRoute(.post(\(route)))", lit: [.view, .viewModel, .coordinator])
            } else {
                step("coordinator.pop(): back to the list", lit: [.view, .coordinator])
            }
        }
        if (before.latencyMs, before.failureRate) != (after.latencyMs, after.failureRate) {
            step("faults: \(after.latencyMs) ms, failure rate \(after.failureRate)", lit: [.service])
        }
        flushLog()
        return result
    }

    private func step(_ text: String, lit: Set<Stage>) {
        teaching.trace.appendStep(text)
        teaching.flow.light(lit, caption: text)
    }

    private func stateChanged(_ owner: String, _ state: ContentLoadState) {
        if state == .loading, !eventPending {
            // A view appeared with no event behind it (the page's first render): its binding gets a row of its own.
            teaching.trace.record(source: .browser, event: "the page drew \(owner)'s view: .bindToVM → bindViewModel()", became: [])
            teaching.flow.light([.view, .viewModel], caption: "\(owner) bound as its view appeared")
        }
        flushLog()
        var lit: Set<Stage> = [.contentLoadState, .statefulView]
        if case .error = state { lit.insert(.errorService) }
        if state == .hasData || state == .noData { lit.formUnion([.repository, .service]) }
        teaching.trace.appendStep("\(owner).contentLoadState = \(state)")
        teaching.flow.light(teaching.flow.lit.union(lit), caption: "\(owner).contentLoadState = \(state)")
    }

    /// Moves the log's lines (fetches with their timings, cache hits and misses, logged errors) into the trace.
    private func flushLog() {
        for line in log.drain() {
            teaching.trace.appendStep(line)
        }
    }

    // MARK: - Rendering and state

    public func render(_ context: RenderContext) -> RenderedView {
        let rendered = InjectedValues.withValues(injected) { host.render(context) }
        eventPending = false
        flushLog()
        return rendered
    }

    public var snapshot: PostsSnapshot {
        let list = coordinator.viewModel!
        let filter = PostsEvent.filters.first { $0.state == list.displayState }?.name ?? "all"
        let settings = faults.settings
        return PostsSnapshot(
            contentLoadState: list.contentLoadState.caseName, error: list.contentLoadState.errorText, filter: filter,
            favourites: list.favourites.sorted(), route: coordinator.postDetailViewModel?.postId,
            postsShown: list.contentLoadState == .hasData ? list.filteredPosts.count : 0, postCount: list.allPosts.count,
            detailState: coordinator.postDetailViewModel?.contentLoadState.caseName, latencyMs: settings.latencyMs,
            failureRate: settings.failureRate)
    }

    // MARK: - Checkpoint

    /// What a room's snapshot keeps: the list's rows, filter, favourites and load state, the open post, the faults.
    struct Checkpoint: Codable {
        struct Row: Codable {
            var id: Int
            var text: String
            var user: String
        }
        /// A `ContentLoadState`: its case, and an error's title and message.
        struct Shown: Codable {
            var state: String
            var title: String?
            var message: String?
        }
        struct Detail: Codable {
            var postId: Int
            var post: Post?
            var shown: Shown
        }
        var rows: [Row]
        var filter: String
        var favourites: [Int]
        var list: Shown
        var detail: Detail?
        var latencyMs: Int
        var failureRate: Double
    }

    public func checkpoint() -> String? {
        let list = coordinator.viewModel!
        let shown = { (state: ContentLoadState) -> Checkpoint.Shown in
            guard case .error(let error) = state else { return .init(state: state.caseName) }
            let displayable = error as? any DisplayableError
            return .init(state: "error", title: displayable?.title ?? "Error:", message: displayable?.message ?? String(describing: error))
        }
        let detail = coordinator.postDetailViewModel.map { Checkpoint.Detail(postId: $0.postId, post: $0.post, shown: shown($0.contentLoadState)) }
        let settings = faults.settings
        return AppSeam.Checkpoint.write(
            Checkpoint(
                rows: list.allPosts.map { .init(id: $0.id, text: $0.text, user: $0.user) }, filter: snapshot.filter, favourites: list.favourites.sorted(),
                list: shown(list.contentLoadState), detail: detail, latencyMs: settings.latencyMs, failureRate: settings.failureRate))
    }

    /// Goes the way the views went: the list appears and its load is answered with the saved rows, favourites and
    /// filter are set as a press sets them, the post opens and its load is answered; then each load state is set.
    public func restore(_ text: String) throws(CheckpointError) {
        let saved = try AppSeam.Checkpoint.read(Checkpoint.self, from: text, app: Self.about.id)
        guard let filter = PostsEvent.filters.first(where: { $0.name == saved.filter })?.state else {
            throw CheckpointError("the nice app has no filter \(quoted(saved.filter))")
        }
        // The service has 100 posts; a checkpoint with far more (or more favourites than rows) was not written here.
        guard saved.rows.count <= 1_000, saved.favourites.count <= saved.rows.count else {
            throw CheckpointError("the nice app's checkpoint holds \(saved.rows.count) rows and \(saved.favourites.count) favourites; it writes at most 1,000, and no more favourites than rows")
        }
        let list = coordinator.viewModel!
        let context = RenderContext(formAction: "")
        faults.set(PostsFaults.Settings(latencyMs: saved.latencyMs, failureRate: saved.failureRate))
        _ = render(context)
        // A load still waiting stays waiting (it is sent again as the room goes live); one that waited for a reload is
        // answered with the rows it had, then reloaded.
        let listLoading = saved.list.state == "loading"
        let listLoaded = !(listLoading && saved.rows.isEmpty && saved.favourites.isEmpty)
        if listLoaded {
            var userIDs: [String: Int] = [:]
            for row in saved.rows where userIDs[row.user] == nil { userIDs[row.user] = userIDs.count + 1 }
            let answer = RestoredPosts(
                posts: saved.rows.map { Post(userId: userIDs[$0.user]!, id: $0.id, title: $0.text, body: "") },
                users: userIDs.map { User(id: $0.value, name: $0.key) }.sorted { $0.id < $1.id })
            guard effects.completeOldest(label: "fetchPosts", with: Result<RestoredPosts, any Error>.success(answer)) else {
                throw CheckpointError("the nice app's list did not start loading as it appeared")
            }
        }
        InjectedValues.withValues(injected) {
            list.displayState = filter
            for id in saved.favourites { list.favourite(id) }
        }
        if let detail = saved.detail {
            InjectedValues.withValues(injected) { list.showPostDetail(detail.postId) }
            _ = render(context)
            let detailLoading = detail.shown.state == "loading"
            if !detailLoading || detail.post != nil {
                let answer: Result<Post, any Error> = detail.post.map { .success($0) } ?? .failure(CancellationError())
                guard effects.completeOldest(label: "fetchPostDetails", with: answer) else {
                    throw CheckpointError("the nice app's post did not start loading as it appeared")
                }
                if detailLoading { InjectedValues.withValues(injected) { coordinator.postDetailViewModel?.bindViewModel() } }
            }
            if !detailLoading { coordinator.postDetailViewModel?.contentLoadState = try Self.state(detail.shown) }
        }
        if listLoading && listLoaded { InjectedValues.withValues(injected) { list.reload() } }
        if !listLoading { list.contentLoadState = try Self.state(saved.list) }
        _ = render(context)
    }

    private static func state(_ shown: Checkpoint.Shown) throws(CheckpointError) -> ContentLoadState {
        switch (shown.state, shown.title, shown.message) {
        case ("loading", nil, nil): .loading
        case ("noData", nil, nil): .noData
        case ("hasData", nil, nil): .hasData
        case ("error", let title?, let message?): .error(error: RestoredError(title: title, message: message))
        default: throw CheckpointError("the nice app has no load state \(quoted(shown.state))")
        }
    }

    public func unmount() {
        observations.cancelAll()
        detailObservation?.cancel()
        InjectedValues.withValues(injected) { host.unmount() }
    }
}

/// The coordinator's views and the fault controls: the pane's two fragments.
struct PostsApp: View {
    let coordinator: PostsCoordinator
    let faults: PostsFaults
    let send: (PostsEvent) -> Void

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            // Above the list: a fault button's press shows what is in force where the list is read.
            PostsFaultControls(settings: faults.settings, send: send)
                .id("nice-faults")
            PostsCoordinatorView(coordinator: coordinator)
                .id("nice-posts")
        }
    }
}

/// The list's load answered from a checkpoint: the same JSON as the view model's own answer (posts and users).
private struct RestoredPosts: Codable, Sendable {
    var posts: [Post]
    var users: [User]
}

/// An error a view model showed, as a checkpoint wrote it down: what the error view draws.
private struct RestoredError: DisplayableError {
    let title: String
    let message: String
}

/// The log flush the room loop runs when a view model's task ends (set once the app is made).
private final class Flush {
    var run: (() -> Void)?
}
