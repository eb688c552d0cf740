import OpenCombine
import PlaygroundUI

extension ViewState: EnvironmentLinkedObject {
    /// Attaches to the room in the environment of the view that owns this view state (once).
    public func link(to environment: EnvironmentValues) {
        guard isolation == nil, let room = environment.viewStateIsolation else { return }
        attach(to: room)
    }
}

/// A `@StateObject` view state is cancelled when its view's position leaves the tree or the host unmounts.
extension ViewState: Cancellable {}

private struct ViewStateIsolationKey: EnvironmentKey {
    static var defaultValue: (any Actor)? { nil }
}

extension EnvironmentValues {
    /// The room (its actor) whose executor the view states below run on: the seed's main thread.
    ///
    /// ```swift
    /// ViewHost(ListView(), environment: EnvironmentValues().with(\.viewStateIsolation, room))
    /// ```
    public var viewStateIsolation: (any Actor)? {
        get { self[ViewStateIsolationKey.self] }
        set { self[ViewStateIsolationKey.self] = newValue }
    }
}
