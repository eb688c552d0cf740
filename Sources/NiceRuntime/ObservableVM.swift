import OpenCombine
import PlaygroundUI
import RoomServices

/// The seed's base view model: a screen's ``contentLoadState``, its subscriptions (``cancellables``), binding to
/// its view (``bindViewModel()`` as the view appears, ``unbindViewModel()`` as it disappears) and the room's
/// ``ErrorService``, whose every displayable error moves a bound view model to `.error`.
///
/// ```swift
/// final class PostsViewModel: ObservableVM {
///     override func bindViewModel() {
///         super.bindViewModel()
///         fetchPosts()
///     }
/// }
/// ```
///
/// It lives on its room's executor; ``task(_:)`` is the seed's `Task { @MainActor in … }` there.
open class ObservableVM: ObservableObject {
    /// The room's error service: send errors to it, and (bound) hear its displayable errors.
    @Injected(\.errorService) public var errorService: ErrorService
    @Injected(\.roomLoop) private var roomLoop: RoomLoop
    @Injected(\.pitfalls) private var pitfalls: NicePitfalls
    @Injected(\.log) private var log: NiceLog

    /// Subscriptions and tasks of the bound view model; cancelled on unbind (and on a new bind).
    public var cancellables: [AnyCancellable] = []

    /// What the view shows.
    @Published public var contentLoadState: ContentLoadState = .noData {
        didSet { Stages.record(NiceStage.contentLoadState, "contentLoadState = \(contentLoadState) · \(type(of: self))") }
    }

    /// Set by the base methods: ``BindToVM`` checks that an override called `super`.
    public private(set) var baseBindCalled = false
    /// Set by the base ``unbindViewModel()``.
    public private(set) var baseUnbindCalled = false

    /// A view model of the room current where it is made (its ``Injected`` values are that room's).
    public init() {}

    /// Called as the view disappears: cancels every subscription and task.
    open func unbindViewModel() {
        Stages.record(NiceStage.viewModel, "unbindViewModel() · \(type(of: self))")
        cancellables.cancelAll()
        baseUnbindCalled = true
    }

    /// Called as the view appears: starts afresh and listens for errors. Overrides call `super` first.
    open func bindViewModel() {
        Stages.record(NiceStage.viewModel, "bindViewModel() · \(type(of: self))")
        cancellables.cancelAll()
        bindDisplayableError()
        baseBindCalled = true
    }

    /// Listens for the room's displayable errors (a view model may override it to handle or suppress some).
    open func bindDisplayableError() {
        errorService.didReceiveDisplayableError
            .sink { [weak self] displayError in
                self?.handleDisplayableError(displayError)
            }.store(in: &cancellables)
    }

    /// Shows `error`: ``contentLoadState`` becomes `.error`. Override to handle some errors differently.
    open func handleDisplayableError(_ error: any DisplayableError) {
        contentLoadState = .error(error: error)
    }

    /// Sends an error to the room's ``ErrorService``: every bound view model shows it.
    public func triggerError(file: StaticString = #fileID, line: UInt = #line) {
        intent("triggerError()", file: file, line: line)
        errorService.error.send(UnknownError(message: "You triggered an error!"))
    }

    /// Reports a view's call into the view model (its ViewModel stage) at the line that made it: a view model's
    /// intents take `file: StaticString = #fileID, line: UInt = #line` and hand them here.
    public func intent(_ call: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) {
        Stages.record(NiceStage.viewModel, call(), file: file, line: line)
    }

    /// The seed's `Task { @MainActor in … }`, split where it touches the view model: `work` runs off the room
    /// (fetching; it captures only `Sendable` values), then `apply` runs on the room's executor with its result
    /// and the room renders. The task is one of the ``cancellables``: unbinding cancels it, and a cancelled task
    /// applies nothing.
    ///
    /// ```swift
    /// task { [postRepo] in
    ///     try await postRepo.getPostList(cacheMode: .cacheAndUpdate)
    /// } then: { result in
    ///     switch result {
    ///     case .success(let posts): self.allPosts = posts.map(…)
    ///     case .failure(let error): self.errorService.capture(error)
    ///     }
    /// }
    /// ```
    public func task<Output: Codable & Sendable>(
        _ label: String = "task", errors: [any JournaledError.Type] = [],
        _ work: @escaping @Sendable () async throws -> Output, then apply: @escaping (Result<Output, any Error>) -> Void
    ) {
        let loop = roomLoop
        loop.isolation.preconditionIsolated("a view model starts its tasks on its room's executor")
        let effects = loop.effects ?? Effects(isolation: loop.isolation)
        let unbound = Flag()
        let changed = loop.changed
        // What the work reports off the room (cache lookups, HTTP calls) is recorded as its result arrives.
        let stages = TaskStages()
        let staged: @Sendable () async throws -> Output = { try await TaskStages.$current.withValue(stages) { try await work() } }
        let (pitfalls, log, owner) = (pitfalls, log, "\(type(of: self))")
        let handle = effects.run(label, errors: errors, staged) { result in
            stages.flush()
            if unbound.isSet {
                guard pitfalls.isOn(.unboundTaskApplies), !ObservableVM.isCancellation(result) else { return }
                pitfalls.bit(.unboundTaskApplies, "stale answer shown: \(label) of an unbound \(owner) applied its answer", log: log)
            }
            apply(result)
            changed()
        }
        cancellables.append(
            AnyCancellable {
                unbound.isSet = true
                // The seed's Task is none of the cancellables: unbinding leaves it running.
                if !pitfalls.isOn(.unboundTaskApplies) { handle.cancel() }
            })
    }
}

extension ObservableVM {
    fileprivate static func isCancellation<Output>(_ result: Result<Output, any Error>) -> Bool {
        if case .failure(let error) = result { return error is CancellationError }
        return false
    }
}

/// Set on the room's executor when a view model unbinds: its task's result is then not applied.
private final class Flag {
    var isSet = false
}

@available(*, unavailable, message: "a view model lives on its room's executor")
extension ObservableVM: Sendable {}

extension ErrorService {
    /// Sends `error` unless it is the cancellation of an unbound view model's task (nothing to show then).
    public func capture(_ error: any Error) {
        if error is CancellationError || Task.isCancelled { return }
        self.error.send(error)
    }
}
