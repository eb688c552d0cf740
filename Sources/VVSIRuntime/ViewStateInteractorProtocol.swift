import OpenCombine

/// The business logic of one view: it turns actions into state changes and notifications.
///
/// ```swift
/// final class Interactor: ViewStateInteractorProtocol, @unchecked Sendable {
///     typealias S = VState
///     typealias A = VAction
///     typealias N = VNotification
///
///     let notifications: PassthroughSubject<N, Never> = .init()
///
///     func execute(_ state: @escaping CurrentState<S>, _ action: A, _ updater: @escaping StateUpdater<S>) {
///         switch action {
///         case .add:
///             Task.detached {
///                 await updater { state in state.items.append("New item") }
///             }
///         }
///     }
/// }
/// ```
///
/// `execute` is called on the room's executor (the seed's `@MainActor`) and may start tasks of its own; those
/// tasks use `state` and `updater`, which hop back onto the room. `ViewState` runs one action at a time: an action
/// lasts until `execute` has returned **and** every copy of its `state`/`updater` has been released, so an
/// interactor must not keep them beyond its work (that would hold the queue until the room unmounts).
public protocol ViewStateInteractorProtocol: AnyObject, SendableMetatype {
    /// The view's state.
    associatedtype S: StateProtocol
    /// The view's actions.
    associatedtype A: ActionProtocol
    /// The interactor's notifications to the view.
    associatedtype N: NotificationProtocol

    /// Notifications for the view; `ViewState` delivers them asynchronously on the room's executor.
    var notifications: PassthroughSubject<N, Never> { get }

    /// Handles `action`: read with `state()`, change with `updater { … }`, from here or from tasks started here.
    func execute(_ state: @escaping CurrentState<S>, _ action: A, _ updater: @escaping StateUpdater<S>)
}
