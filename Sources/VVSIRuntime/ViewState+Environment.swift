import OpenCombine
import PlaygroundUI
import RoomServices

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

/// `viewState.notifications`: the interactor's notifications as a publisher. Not a `Publisher` itself, so
/// `.onReceive(viewState.notifications)` can only be the overload below, which reports the handler's line.
public struct Notifications<N: NotificationProtocol> {
    /// The notifications (see ``ViewState/notifications``).
    public let publisher: AnyPublisher<N, Never>

    /// Subscribes outside a view.
    public func sink(receiveValue: @escaping (N) -> Void) -> AnyCancellable { publisher.sink(receiveValue: receiveValue) }
}

extension View {
    /// The article's `.onReceive(viewState.notifications) { notification in … }`: the view's handler, reported as a
    /// stage at its line.
    public func onReceive<N: NotificationProtocol>(
        _ notifications: Notifications<N>, file: StaticString = #fileID, line: UInt = #line, perform action: @escaping (N) -> Void
    ) -> some View {
        onReceive(
            notifications.publisher.handleEvents(receiveOutput: { notification in
                Stages.record(VVSIStage.onReceive, ".onReceive(viewState.notifications) → .\(notification)", file: file, line: line)
            }), perform: action)
    }
}
