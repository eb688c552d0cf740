import OpenCombine

/// `.onReceive(_:perform:)`: subscribes once when its position appears, calls the latest handler for each
/// value, and is cancelled when the position disappears or the host unmounts.
struct OnReceiveView<Content: View, P: Publisher>: View, PrimitiveView where P.Failure == Never {
    let content: Content
    let publisher: P
    let action: (P.Output) -> Void

    var body: Never { primitiveBody(Self.self) }

    func render(in renderer: Renderer, _ state: RenderState) {
        let position = renderer.store.position(at: state.path, viewType: Self.self)
        let subscription = position.object(at: 0, label: "onReceive") { OnReceiveSubscription<P.Output>() }
        subscription.action = action
        if subscription.cancellable == nil {
            subscription.cancellable = publisher.sink { [weak subscription] value in subscription?.action?(value) }
        }
        renderer.render(content, state.child(.index(0)))
    }
}

/// The subscription an `.onReceive` position owns; the handler is replaced on every render.
final class OnReceiveSubscription<Output>: Cancellable {
    var action: ((Output) -> Void)?
    var cancellable: AnyCancellable?

    func cancel() {
        cancellable?.cancel()
        cancellable = nil
        action = nil
    }
}
