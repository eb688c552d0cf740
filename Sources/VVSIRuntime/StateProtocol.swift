/// A view's state: a value the room owns and interactor tasks read, so it must be `Sendable`.
///
/// ```swift
/// struct VState: StateProtocol {
///     var items: [String] = []
/// }
/// ```
public protocol StateProtocol: Sendable {}

/// What a view asks its interactor to do (`add`, `remove`, `random(Options)` …).
public protocol ActionProtocol {}

/// What an interactor tells its view, outside the state (an error to show, "Starting", "Finished" …).
///
/// `Sendable` because interactor tasks send notifications from any thread; the view receives them on the room's
/// executor.
public protocol NotificationProtocol: Sendable {}

/// An interactor that knows its view's first state: `ViewState(interactor)` starts from `initialState`.
public protocol InitialStateProtocol {
    /// The state's type (the interactor's `S`).
    associatedtype S
    /// The state the view starts with.
    var initialState: S { get }
}
