/// What a ``ViewState`` reports to its observer (the playground's teaching trace), always on the room's executor.
///
/// For one action the order is: `actionStarted`, then its `stateUpdated` and `notification` events in the order
/// its tasks made them, then `actionFinished`; only then does the next queued action start.
public enum ViewStateEvent<S, A, N> {
    /// `trigger` put `action` in the queue at `position` (1 = next) because another action is running.
    case actionQueued(action: A, position: Int)
    /// `trigger` dropped `action`: the queue was full.
    case actionRejected(action: A)
    /// The interactor's `execute` is about to be called for action number `id`.
    case actionStarted(id: Int, action: A)
    /// One `updater` call of action `actionID` changed the state from `before` to `after` (published once);
    /// `duration` runs from the call to the publication, the hop onto the room's executor included.
    case stateUpdated(actionID: Int, before: S, after: S, duration: Duration)
    /// The interactor sent `notification`; the view has received it.
    case notification(N)
    /// Action `id` is over: `execute` returned and every copy of its `state`/`updater` was released.
    case actionFinished(id: Int, action: A, duration: Duration)
}

extension ViewStateEvent: Sendable where S: Sendable, A: Sendable, N: Sendable {}
