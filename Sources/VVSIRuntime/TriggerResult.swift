/// What ``ViewState/trigger(_:)`` did with an action.
public enum TriggerResult: Sendable, Equatable {
    /// Nothing was running: the action's `execute` has been called.
    case started
    /// Another action is running: this one waits at `position` (1 = next) in the queue.
    case queued(position: Int)
    /// The queue already holds `limit` actions: this one was dropped (the HTTP layer answers 503).
    case queueFull(limit: Int)
    /// The view state is not running (not yet attached to a room, or cancelled): the action was dropped.
    case inactive

    /// Whether the action will run (started or queued).
    public var isAccepted: Bool {
        switch self {
        case .started, .queued: true
        case .queueFull, .inactive: false
        }
    }
}
