import AppSeam
import OpenCombine
import PlaygroundUI
import RoomServices

/// Stores a view's state and runs its actions through the interactor: the seed's `ViewState`.
///
/// ```swift
/// @StateObject var viewState = ViewState(.init(), Interactor())
/// …
/// ForEach(viewState.state.items, id: \.self) { item in Text(item) }
/// .onReceive(viewState.notifications) { notification in … }
/// // the room, for a posted event:
/// viewState.trigger(.add)
/// ```
///
/// **Where it runs.** A view state belongs to one room: everything here happens on the room's executor (the
/// seed's main thread). It takes the room's isolation from the environment (``EnvironmentValues/viewStateIsolation``)
/// the first time its view renders, or from ``init(_:_:isolation:maxPendingActions:)``. The interactor's tasks
/// run anywhere; their `state()` and `updater` calls hop onto the room through a FIFO mailbox.
///
/// **One action at a time.** The seed runs `execute` for every `trigger` at once, so two fast adds at four items
/// both pass `guard await state().items.count < 5` and reach six. Here each action gets its own `state`/`updater`
/// pair holding a token, and it counts as finished when `execute` has returned and every copy of those closures has
/// been released (its tasks ended); only then does the next queued action's `execute` start, so a check and the
/// change that follows it can no longer interleave with another action's, with no change to the interactor's code.
/// The queue of waiting actions is bounded (``maxPendingActions``): ``trigger(_:)`` answers ``TriggerResult/queueFull(limit:)``
/// beyond it. An interactor must therefore not keep `state`/`updater` after its work is done.
///
/// Every `updater` call changes the state once and publishes `state` exactly once, even when the change leaves it
/// equal (the seed's `remove` on an empty list publishes). Notifications reach ``notifications`` asynchronously,
/// on the room's executor, in the order they were sent.
///
/// Not `Sendable`: it lives on its room's executor; only its closures cross to other tasks.
public final class ViewState<Interactor: ViewStateInteractorProtocol>: ObservableObject {
    /// The view's state type.
    public typealias S = Interactor.S
    /// The view's action type.
    public typealias A = Interactor.A
    /// The interactor's notification type.
    public typealias N = Interactor.N

    /// The current state; published once per `updater` call.
    @Published public private(set) var state: S

    /// How many actions may wait while one runs; more are refused.
    public let maxPendingActions: Int

    /// Pitfall switch, off by default: the article's `trigger`, which calls `execute` at once for every action, so
    /// actions run side by side and a check (`items.count < 5`) and the change after it can interleave with another
    /// action's. Actions triggered while it is on run beside the others; off, nothing here changes.
    public var runsActionsAtOnce = false
    /// Actions started at once (``runsActionsAtOnce``) and not yet finished.
    private var concurrent: [Int: (action: A, startedAt: ContinuousClock.Instant, step: StageContext?)] = [:]
    /// The step of the action started at once most recently: where a read that names no action is reported.
    private var lastConcurrentStep: StageContext?

    /// Called on the room's executor for each step of each action (the playground's teaching trace).
    public var observer: ((ViewStateEvent<S, A, N>) -> Void)?

    /// Called on the room's executor after each asynchronous change the view shows (a state update or a delivered
    /// notification), so that the room renders again.
    public var onChange: (() -> Void)?

    let interactor: Interactor
    private let notificationSubject = PassthroughSubject<N, Never>()
    private(set) var isolation: (any Actor)?
    private(set) var mailbox: Mailbox<S, N>?
    private var subscription: AnyCancellable?
    /// The pump's task, for tests: it ends once the view state is cancelled and its mailbox drained.
    private(set) var pump: Task<Void, Never>?
    private var isCancelled = false
    /// The running action, and the step that triggered it: what its tasks do is reported there, as later.
    private var running: (id: Int, action: A, startedAt: ContinuousClock.Instant, step: StageContext?)?
    private var queue: [(action: A, step: StageContext?)] = []
    private var nextActionID = 1
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []
    /// Messages the pump applied so far (reads, changes, notifications, "action finished").
    public private(set) var deliveredMessages = 0
    /// While set (a replay), messages are applied only up to this count, and the rest held.
    private var deliveryLimit: Int?
    /// Messages received and not yet applied, in the order they came (a replay holds them).
    private var held: [Mailbox<S, N>.Message] = []
    private var deliveryWaiters: [CheckedContinuation<Void, Never>] = []
    /// Whose messages were applied while actions ran side by side, since the last ``takeDeliveryOrder()``.
    public private(set) var deliveryOrder = DeliveryOrder()
    /// A replay: whose messages come next while actions run side by side (what a live run recorded).
    private var replayOrder = DeliveryOrder.Reader(DeliveryOrder())

    /// A view state starting at `initialState`; it attaches to its room when its view first renders.
    public init(_ initialState: S, _ interactor: Interactor, maxPendingActions: Int = 64) {
        precondition(maxPendingActions >= 0, "maxPendingActions must not be negative")
        self.state = initialState
        self.interactor = interactor
        self.maxPendingActions = maxPendingActions
    }

    /// A view state attached at once to the room whose isolation is `isolation`; call it on that room's executor.
    public convenience init(_ initialState: S, _ interactor: Interactor, isolation: any Actor, maxPendingActions: Int = 64) {
        self.init(initialState, interactor, maxPendingActions: maxPendingActions)
        attach(to: isolation)
    }

    deinit {
        mailbox?.close(finalState: state)
        for message in held { mailbox?.abandon(message) }
    }

    /// The interactor's notifications, delivered asynchronously on the room's executor, for
    /// `.onReceive(viewState.notifications)`.
    public var notifications: Notifications<N> {
        Notifications(publisher: notificationSubject.eraseToAnyPublisher())
    }

    /// Actions waiting for the running one to finish.
    public var pendingActionCount: Int { queue.count }

    /// Whether an action is running (its `execute` or its tasks are not done).
    public var isRunningAction: Bool { running != nil || !concurrent.isEmpty }

    /// Whether nothing runs and nothing waits.
    public var isIdle: Bool { running == nil && queue.isEmpty && concurrent.isEmpty }

    /// Whether actions are accepted: attached to a room and not cancelled.
    public var isActive: Bool { mailbox != nil && !isCancelled }

    /// Starts serving the room whose isolation is `isolation`: subscribes to the interactor's notifications and
    /// starts the pump that applies the interactor's reads and changes. Must be called on that room's executor;
    /// later calls do nothing.
    public func attach(to isolation: any Actor) {
        guard self.isolation == nil, !isCancelled else { return }
        isolation.preconditionIsolated("a ViewState must attach on its room's executor")
        let mailbox = Mailbox<S, N>(latest: state)
        self.isolation = isolation
        self.mailbox = mailbox
        // The interactor sends from any thread; the mailbox is thread-safe and keeps the order.
        subscription = interactor.notifications.sink { notification in mailbox.post(.notification(notification)) }
        let bound = RoomBound({ [weak self] in self }, isolation: isolation)
        // Outside any step: the pump outlives the one it may start in, and reports each message under its action's.
        pump = Stages.with(nil) { Task { await pumpMessages(on: isolation, from: mailbox, to: bound) } }
    }

    /// Runs `action` now if nothing runs, otherwise queues it; see ``TriggerResult``. Must be called on the room's
    /// executor. Its stage names the caller's line (the button's closure).
    ///
    /// ```swift
    /// if case .queueFull = viewState.trigger(.add) { /* answer 503 */ }
    /// ```
    @discardableResult
    public func trigger(_ action: A, file: StaticString = #fileID, line: UInt = #line) -> TriggerResult {
        guard let isolation, let mailbox, !isCancelled else { return .inactive }
        isolation.preconditionIsolated("ViewState.trigger must be called on its room's executor")
        Stages.record(VVSIStage.trigger, "viewState.trigger(.\(ActionText.of(action)))", file: file, line: line)
        if runsActionsAtOnce {
            // The article's trigger has no bound; a room's has the queue's, for the actions running side by side.
            guard concurrent.count < max(maxPendingActions, 1) else {
                observer?(.actionRejected(action: action))
                return .queueFull(limit: maxPendingActions)
            }
            startAtOnce(action, mailbox, step: Stages.current)
            return .started
        }
        guard running != nil else {
            start(action, mailbox, step: Stages.current)
            return .started
        }
        guard queue.count < maxPendingActions else {
            observer?(.actionRejected(action: action))
            return .queueFull(limit: maxPendingActions)
        }
        queue.append((action, Stages.current?.carriedLater))
        observer?(.actionQueued(action: action, position: queue.count))
        return .queued(position: queue.count)
    }

    /// Stops for good: the notification subscription is cancelled, waiting actions are dropped, and the interactor's
    /// remaining `state()`/`updater` calls return at once without effect, so its tasks end.
    public func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        subscription?.cancel()
        subscription = nil
        queue.removeAll()
        running = nil
        concurrent.removeAll()
        mailbox?.close(finalState: state)
        for message in held { mailbox?.abandon(message) }
        held.removeAll()
        resumeIdleWaiters()
        releaseDeliveries()
    }

    // MARK: - Deliveries, for a replay

    /// Holds the interactor's messages: from now on they are applied only as ``deliver(upTo:order:)`` allows. Live,
    /// where they fall between the room's inputs depends on thread timing; a journal records ``deliveredMessages``
    /// with each input, and a replay applies the same number before it, so they fall in the same places.
    public func holdDeliveries() {
        if deliveryLimit == nil { deliveryLimit = deliveredMessages }
    }

    /// Applies the interactor's messages until `count` have been applied in all, and holds later ones. While
    /// actions run side by side, their messages are applied in `order` (what ``takeDeliveryOrder()`` gave live);
    /// one that comes before its turn waits. False when that cannot be done: fewer are applied and nothing runs or
    /// waits (no more will come), the action whose turn it is has finished, more are applied already, `order` is
    /// not used up by then, or the view state is cancelled.
    nonisolated(nonsending) public func deliver(upTo count: Int, order: DeliveryOrder = DeliveryOrder()) async -> Bool {
        guard count >= deliveredMessages, !isCancelled else { return false }
        deliveryLimit = count
        replayOrder = DeliveryOrder.Reader(order)
        applyHeld()
        while deliveredMessages < count {
            guard !isCancelled, !isIdle, mailbox != nil, !waitsForAFinishedAction else { return false }
            await withCheckedContinuation { deliveryWaiters.append($0) }
        }
        return replayOrder.isAtEnd
    }

    /// Lets messages be applied as they come again (a replayed room goes live): the held ones first, in the order
    /// they came.
    public func releaseDeliveries() {
        deliveryLimit = nil
        replayOrder = DeliveryOrder.Reader(DeliveryOrder())
        applyHeld()
        resumeDeliveryWaiters()
    }

    /// Whose messages were applied while actions ran side by side since the last call, for the journal's next step;
    /// recording starts again from empty.
    public func takeDeliveryOrder() -> DeliveryOrder {
        defer { deliveryOrder = DeliveryOrder() }
        return deliveryOrder
    }

    /// A message from the pump: applied at once live, held while a replay decides when it falls.
    func receive(_ message: Mailbox<S, N>.Message, _ mailbox: Mailbox<S, N>) {
        guard deliveryLimit != nil || !held.isEmpty else { return handle(message, mailbox) }
        held.append(message)
        applyHeld()
    }

    /// Applies held messages while the limit allows and the one whose turn it is has come.
    private func applyHeld() {
        guard let mailbox else { return }
        while !held.isEmpty, !isCancelled, deliveredMessages < deliveryLimit ?? .max, let next = nextHeld() {
            handle(held.remove(at: next), mailbox)
        }
    }

    /// Which held message is applied next: the oldest, or while actions run side by side and a recorded order
    /// remains, the oldest of the action whose turn it is.
    private func nextHeld() -> Int? {
        guard !concurrent.isEmpty, let age = replayOrder.next else { return 0 }
        let id = age == 0 ? 0 : nextActionID - age
        return held.firstIndex { $0.actionID == id }
    }

    /// The action whose turn it is has finished (or never ran) and none of its messages wait: the recorded order
    /// cannot be followed.
    private var waitsForAFinishedAction: Bool {
        guard !concurrent.isEmpty, let age = replayOrder.next, age > 0 else { return false }
        let id = nextActionID - age
        return concurrent[id] == nil && running?.id != id && !held.contains { $0.actionID == id }
    }

    private func resumeDeliveryWaiters() {
        let waiters = deliveryWaiters
        deliveryWaiters.removeAll()
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once no action runs or waits (at once if none does), or the view state is cancelled. Call it on the
    /// room's executor.
    nonisolated(nonsending) public func idle() async {
        guard !isIdle, !isCancelled else { return }
        await withCheckedContinuation { waiter in idleWaiters.append(waiter) }
    }

    // MARK: - Actions

    /// Starts `action` in the step that triggered it (`step`: a queued one's comes back later).
    private func start(_ action: A, _ mailbox: Mailbox<S, N>, step: StageContext?) {
        let id = nextActionID
        nextActionID += 1
        running = (id, action, .now, step?.carriedLater)
        observer?(.actionStarted(id: id, action: action))
        let token = ActionToken(id: id, mailbox: mailbox)
        Stages.with(step) {
            Stages.record(VVSIStage.execute, "interactor.execute(state, .\(ActionText.of(action)), updater)", line: #line + 1)
            interactor.execute({ await token.read() }, action, { change in await token.update(change) })
        }
    }

    /// The article's `trigger`: `execute` at once, beside whatever runs (``runsActionsAtOnce``).
    private func startAtOnce(_ action: A, _ mailbox: Mailbox<S, N>, step: StageContext?) {
        let id = nextActionID
        nextActionID += 1
        concurrent[id] = (action, .now, step?.carriedLater)
        lastConcurrentStep = step?.carriedLater
        observer?(.actionStarted(id: id, action: action))
        let token = ActionToken(id: id, mailbox: mailbox)
        Stages.with(step) {
            Stages.record(VVSIStage.execute, "interactor.execute(state, .\(ActionText.of(action)), updater) at once, not queued", line: #line + 1)
            interactor.execute({ await token.read() }, action, { change in await token.update(change) })
        }
    }

    /// Action `id` released its closures: report it, then start the next waiting action. The observer hears of it
    /// while the action still counts as running, so an action it triggers queues behind those already waiting.
    private func finish(_ id: Int) {
        if let finished = concurrent.removeValue(forKey: id) {
            observer?(.actionFinished(id: id, action: finished.action, duration: .now - finished.startedAt))
            if isIdle { resumeIdleWaiters() }
            return
        }
        guard let finished = running, finished.id == id else { return }
        observer?(.actionFinished(id: id, action: finished.action, duration: .now - finished.startedAt))
        running = nil
        if let mailbox, !isCancelled, !queue.isEmpty {
            let next = queue.removeFirst()
            start(next.action, mailbox, step: next.step)
        } else if concurrent.isEmpty {
            resumeIdleWaiters()
        }
    }

    private func resumeIdleWaiters() {
        let waiters = idleWaiters
        idleWaiters.removeAll()
        for waiter in waiters { waiter.resume() }
    }

    // MARK: - Checkpoint

    /// Not from the article: a room restored from its snapshot sets the state it had, and sends again the
    /// notifications its view was still showing (an error alert), as the interactor once did. Only while idle.
    public func restore(_ state: S, notifications: [N] = []) {
        precondition(isIdle, "a view state is restored only while no action runs")
        self.state = state
        for notification in notifications { notificationSubject.send(notification) }
    }

    // MARK: - Mailbox

    /// Applies one message from an interactor task (on the room's executor).
    func handle(_ message: Mailbox<S, N>.Message, _ mailbox: Mailbox<S, N>) {
        guard !isCancelled else { return mailbox.abandon(message) }
        if !concurrent.isEmpty {
            // Side by side, whose message comes first is thread timing: recorded by age (1: the newest action), so
            // that a replay started from a checkpoint, whose ids start again, names the same actions.
            let age = message.actionID == 0 ? 0 : nextActionID - message.actionID
            deliveryOrder.append(age)
            replayOrder.advance(past: age)
        }
        Stages.with(running?.step ?? step(of: message)) { apply(message) }
        deliveredMessages += 1
        resumeDeliveryWaiters()
    }

    /// The step of an action started at once that sent `message` (a read names none: the latest one's).
    private func step(of message: Mailbox<S, N>.Message) -> StageContext? {
        guard !concurrent.isEmpty else { return nil }
        switch message {
        case .update(let id, _, _, _), .released(let id): return concurrent[id]?.step ?? lastConcurrentStep
        case .read, .notification: return lastConcurrentStep
        }
    }

    /// One message, its stages reported under the step of the action that sent it.
    private func apply(_ message: Mailbox<S, N>.Message) {
        switch message {
        case .read(_, let reply):
            Stages.record(VVSIStage.state, "state() → the current state", line: #line + 1)
            reply.resume(returning: state)
        case .update(let actionID, let updater, let calledAt, let done):
            let before = state
            var after = before
            Stages.record(VVSIStage.updater, "updater { state in … }", line: #line + 1)
            updater(&after)
            state = after
            observer?(.stateUpdated(actionID: actionID, before: before, after: after, duration: .now - calledAt))
            onChange?()
            done.resume()
        case .notification(let notification):
            Stages.record(VVSIStage.notifications, "notificationSubject.send(.\(notification))", line: #line + 1)
            notificationSubject.send(notification)
            observer?(.notification(notification))
            onChange?()
        case .released(let actionID):
            finish(actionID)
        }
    }
}

extension ViewState: MailboxConsumer {}

extension ViewState where Interactor: InitialStateProtocol {
    /// A view state starting at the interactor's `initialState`.
    public convenience init(_ interactor: Interactor, maxPendingActions: Int = 64) {
        self.init(interactor.initialState, interactor, maxPendingActions: maxPendingActions)
    }

    /// A view state starting at the interactor's `initialState`, attached at once to the room whose isolation is
    /// `isolation`; call it on that room's executor.
    public convenience init(_ interactor: Interactor, isolation: any Actor, maxPendingActions: Int = 64) {
        self.init(interactor.initialState, interactor, isolation: isolation, maxPendingActions: maxPendingActions)
    }
}

@available(*, unavailable, message: "a ViewState lives on its room's executor; only its state/updater closures cross tasks")
extension ViewState: Sendable {}
