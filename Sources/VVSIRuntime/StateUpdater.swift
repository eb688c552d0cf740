/// Reads the view's current state: `await state().items.count`. Callable from any task; it hops onto the room's
/// executor and back.
public typealias CurrentState<S> = @Sendable () async -> S

/// Changes the view's state: `await updater { state in state.items.append("New item") }`. Callable from any task;
/// the change runs once on the room's executor, publishes `state` exactly once, and the call returns afterwards.
public typealias StateUpdater<S> = @Sendable (_ change: @escaping @Sendable (inout S) -> Void) async -> Void
