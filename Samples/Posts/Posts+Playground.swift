import AppSeam
import NiceRuntime
import OpenCombine
import PlaygroundUI
import RoomServices

/// Glue, not from the article: the NiceArchitecture posts app as a playground app, hosted in the room by the
/// runtime's ``NiceRoom`` (the room's own dependencies; the seed's are process-wide statics). The coordinator's views
/// render as `nice-posts`, the fault controls as `nice-faults`.
public final class PostsPlayground: CheckpointingApp, PitfallHostingApp {
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

    /// The room's dependencies, log and teaching layer.
    public let room: NiceRoom
    public var teaching: Teaching<NiceStage> { room.teaching }
    public var injected: InjectedValues { room.injected }
    /// The posts flow.
    public let coordinator: PostsCoordinator
    /// The room's fault injection.
    public let faults: PostsFaults
    /// The room's pitfall switches (the article's code in place of NiceRuntime's fixes).
    public let pitfallSwitches = PitfallSwitches(PostsEvent.pitfalls)
    private let host: ViewHost<FaultsAbove<PostsCoordinatorView>>
    private let effects: Effects

    /// Fills the room's dependencies (services fetching from `services.ownBaseURL` or the configured API), then
    /// makes the coordinator in the room's scope.
    public init(services: AppServices) {
        let api = services.values[PostsAPI.self]
        let (room, faults) = (NiceRoom(appID: "nice", services: services), PostsFaults(random: services.makeRandomSource(), clock: services.clock))
        (self.room, self.faults, effects) = (room, faults, services.effects)
        faults.drawn(atStartOf: services.effects)
        var injected = room.injected
        injected.loadDelay = api.loadDelay
        injected.clock = services.clock
        let client = JSONPlaceholderClient(baseURL: api.baseURL ?? services.ownBaseURL, faults: faults, log: room.log)
        injected.postService = PostService(client: client)
        injected.userService = UserService(client: client)
        let coordinator = InjectedValues.withValues(injected) { PostsCoordinator() }
        self.coordinator = coordinator
        let send = { (event: PostsEvent) in event.run(list: coordinator.viewModel!, coordinator: coordinator, faults: faults) }
        host = ViewHost(
            FaultsAbove(
                faults, ids: ("nice-faults", "nice-posts"), set: { send(.setFaults(latencyMs: $0.latencyMs, failureRate: $0.failureRate)) },
                reload: { send(.reload) }, content: PostsCoordinatorView(coordinator: coordinator)))
        room.watch(coordinator.viewModel, as: "PostsViewModel")
        pitfallSwitches.switched = { [weak self] on, name in try? self?.handle(.setPitfall(on: on, pitfall: name), from: .browser) }
        room.watch(coordinator.$postDetailViewModel) { "PostDetailViewModel(\($0.postId))" }
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
        case .setPitfall(let on, let name):
            return room.setPitfall(on, pitfall: name, switches: pitfallSwitches, from: source)
        default:
            break
        }
        room.step(event.spoken, from: source) { noted { event.run(list: coordinator.viewModel!, coordinator: coordinator, faults: faults) } }
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
        room.press { noted { host.perform(action: action, value: value) } }
    }

    /// Runs `body`, then notes in the trace what it changed that no load state says: the filter, the favourites, the
    /// route, the faults.
    private func noted<Result>(_ body: () -> Result) -> Result {
        let before = snapshot
        let result = body()
        let after = snapshot
        var lines: [String] = []
        if before.filter != after.filter { lines.append("PostsViewModel.displayState = .\(after.filter)") }
        if before.favourites != after.favourites { lines.append("PostsViewModel.favourite(_:): favourites \(after.favourites)") }
        if before.route != after.route { lines.append(after.route.map { "coordinator.handleRoute(.post(\($0)))" } ?? "coordinator.pop(): back to the list") }
        if (before.latencyMs, before.failureRate) != (after.latencyMs, after.failureRate) {
            lines.append("faults: \(after.latencyMs) ms, failure rate \(after.failureRate)")
        }
        lines.forEach(teaching.trace.appendStep)
        return result
    }

    // MARK: - Rendering and state

    public func render(_ context: RenderContext) -> RenderedView { room.render(host, context) }

    public var snapshot: PostsSnapshot {
        let list = coordinator.viewModel!
        let filter = PostsEvent.filters.first { $0.state == list.displayState }?.name ?? "all"
        let settings = faults.settings
        return PostsSnapshot(
            contentLoadState: list.contentLoadState.caseName, error: list.contentLoadState.errorText, filter: filter,
            favourites: list.favourites.sorted(), route: coordinator.postDetailViewModel?.postId,
            postsShown: list.contentLoadState == .hasData ? list.filteredPosts.count : 0, postCount: list.allPosts.count,
            detailState: coordinator.postDetailViewModel?.contentLoadState.caseName, latencyMs: settings.latencyMs,
            failureRate: settings.failureRate,
            pitfalls: room.pitfallCounts(pitfallSwitches))
    }

    // MARK: - Checkpoint

    /// What a room's snapshot keeps: the list's rows, filter, favourites and load state, the open post, the faults.
    struct Checkpoint: Codable {
        struct Row: Codable {
            var id: Int
            var text: String
            var user: String
        }
        struct Detail: Codable {
            var postId: Int
            var post: Post?
            var shown: ContentLoadState.Saved
        }
        var rows: [Row]
        var filter: String
        var favourites: [Int]
        var list: ContentLoadState.Saved
        var detail: Detail?
        var latencyMs: Int
        var failureRate: Double
        /// The pitfall switches on (absent in checkpoints written before there were any).
        var pitfalls: [String]? = nil
        var pitfallBites: [String: Int]? = nil
    }

    public func checkpoint() -> String? {
        let list = coordinator.viewModel!
        let detail = coordinator.postDetailViewModel.map { Checkpoint.Detail(postId: $0.postId, post: $0.post, shown: $0.contentLoadState.saved) }
        let settings = faults.settings
        return AppSeam.Checkpoint.write(
            Checkpoint(
                rows: list.allPosts.map { .init(id: $0.id, text: $0.text, user: $0.user) }, filter: snapshot.filter, favourites: list.favourites.sorted(),
                list: list.contentLoadState.saved, detail: detail, latencyMs: settings.latencyMs, failureRate: settings.failureRate,
                pitfalls: pitfallSwitches.onNames, pitfallBites: room.pitfallBites))
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
        defer {  // the switches as they were, once the views are back the way they went
            room.restorePitfalls(pitfallSwitches, onNames: saved.pitfalls ?? [], bites: saved.pitfallBites ?? [:])
        }
        faults.set(PostsFaults.Settings(latencyMs: saved.latencyMs, failureRate: saved.failureRate))
        _ = render(context)
        // A load still waiting stays waiting (it is sent again as the room goes live); one that waited for a reload is
        // answered with the rows it had, then reloaded.
        let listLoading = saved.list.state == "loading"
        let listLoaded = !(listLoading && saved.rows.isEmpty && saved.favourites.isEmpty)
        if listLoaded {
            var userIDs: [String: Int] = [:]
            for row in saved.rows where userIDs[row.user] == nil { userIDs[row.user] = userIDs.count + 1 }
            let answer = PostsViewModel.Raw(
                posts: saved.rows.map { Post(userId: userIDs[$0.user]!, id: $0.id, title: $0.text, body: "") },
                users: userIDs.map { User(id: $0.value, name: $0.key) }.sorted { $0.id < $1.id })
            guard effects.completeOldest(label: "fetchPosts", with: Result<PostsViewModel.Raw, any Error>.success(answer)) else {
                throw CheckpointError("the nice app's list did not start loading as it appeared")
            }
        }
        InjectedValues.withValues(injected) {
            list.displayState = filter
            for id in saved.favourites { list.favourite(id) }
            if let detail = saved.detail { list.showPostDetail(detail.postId) }
        }
        if let detail = saved.detail {
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

    private static func state(_ saved: ContentLoadState.Saved) throws(CheckpointError) -> ContentLoadState {
        guard let state = ContentLoadState(saved) else { throw CheckpointError("the nice app has no load state \(quoted(saved.state))") }
        return state
    }

    public func unmount() { room.unmount(host) }
}

/// The posts API as its errors are named, and the runtime's client and faults under the names the services use.
public enum PostsAPIName: NamedAPI {
    public static let errorName: StaticString = "Posts API Error"
    public static let journalName = "PostsAPIError"
}

public typealias PostsAPIError = APIError<PostsAPIName>
public typealias JSONPlaceholderClient = APIClient<PostsAPIName>
public typealias PostsFaults = APIFaults
