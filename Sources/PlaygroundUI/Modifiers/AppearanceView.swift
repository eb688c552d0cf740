import OpenCombine

extension View {
    /// Runs `action` once when this view's position enters the tree, after the render that drew it (as SwiftUI
    /// does); what it changes is drawn by the host's next pass of the same render.
    ///
    /// ```swift
    /// PostsView(viewModel: vm).onAppear { vm.bindViewModel() }
    /// ```
    public func onAppear(perform action: (() -> Void)? = nil) -> some View {
        AppearanceView(content: self, onAppear: action, onDisappear: nil)
    }

    /// Runs `action` once when this view's position leaves the tree (or the host unmounts), after that render.
    public func onDisappear(perform action: (() -> Void)? = nil) -> some View {
        AppearanceView(content: self, onAppear: nil, onDisappear: action)
    }
}

/// `.onAppear` / `.onDisappear`: a position-owned marker that queues the appear action the first time its
/// position is drawn and the disappear action when the position is torn down; the host runs the queue after the
/// pass (never in the middle of drawing).
struct AppearanceView<Content: View>: View, PrimitiveView {
    let content: Content
    let onAppear: (() -> Void)?
    let onDisappear: (() -> Void)?

    var body: Never { primitiveBody(Self.self) }

    func render(in renderer: Renderer, _ state: RenderState) {
        let store = renderer.store
        let position = store.position(at: state.path, viewType: Self.self)
        let appearance = position.object(at: 0, label: "appearance") { Appearance(store: store) }
        appearance.onDisappear = onDisappear
        if !appearance.appeared {
            appearance.appeared = true
            if let onAppear { store.appearanceActions.append(onAppear) }
        }
        renderer.render(content, state.child(.index(0)))
    }
}

/// What an appearance position owns: whether it has appeared, and the latest disappear action, queued when the
/// position is torn down (cancelled).
final class Appearance: Cancellable {
    weak var store: PositionStore?
    var appeared = false
    var onDisappear: (() -> Void)?

    init(store: PositionStore) {
        self.store = store
    }

    func cancel() {
        guard let action = onDisappear else { return }
        onDisappear = nil
        if let store { store.appearanceActions.append(action) } else { action() }
    }
}
