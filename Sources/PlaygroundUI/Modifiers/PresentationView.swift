/// How a presentation covers what presents it.
enum PresentationKind {
    /// `.sheet`: a dialog over the pane, what presents it dimmed behind.
    case sheet
    /// `.fullScreenCover`: a dialog covering the whole pane.
    case fullScreenCover
    /// `.navigationDestination`: a screen pushed over the navigation stack's root, with a back button.
    case navigation

    var className: String {
        switch self {
        case .sheet: "presentation presentation-sheet"
        case .fullScreenCover: "presentation presentation-cover"
        case .navigation: "presentation presentation-push"
        }
    }

    var label: String {
        switch self {
        case .sheet: "Sheet"
        case .fullScreenCover: "Full-screen cover"
        case .navigation: "Pushed screen"
        }
    }

    var closeTitle: String { self == .navigation ? "‹ Back" : "Close" }
}

/// `.sheet`, `.fullScreenCover` and `.navigationDestination`: draws its content, then, while presented, the
/// presented view in `<div class="presentation presentation-sheet|-cover|-push" role="dialog">` whose first control
/// ("Close", or "‹ Back" for a pushed screen) dismisses it as the user's swipe or back button does: the binding is
/// set to `false`/`nil`, then `onDismiss` runs. Inside, `@Environment(\.dismiss)` dismisses it too. The page's
/// script focuses a dialog when it appears and closes the topmost on Escape; without JavaScript the Close form posts.
struct PresentationView<Content: View, Presented: View>: View, PrimitiveView {
    let content: Content
    let kind: PresentationKind
    /// The presented view, or `nil` while nothing is presented.
    let presented: () -> Presented?
    /// Sets the binding back, then runs `onDismiss`.
    let dismiss: () -> Void

    var body: Never { primitiveBody(Self.self) }

    func render(in renderer: Renderer, _ state: RenderState) {
        renderer.groupingIfIdentified(state) { inner in
            renderer.render(content, inner.child(.index(0)))
            guard let view = presented() else { return }
            var dialog: [(name: StaticString, value: String)] = [("role", "dialog"), ("aria-label", kind.label)]
            if kind != .navigation { dialog.append(("aria-modal", "true")) }
            renderer.writer.open("div", ElementAttributes(id: renderer.madeID("p", at: inner.path), classes: [kind.className]), dialog)
            let dismiss = self.dismiss
            renderer.openActionForm("button", viewType: PresentationCloseControl.self, inner.containerChild(.index(1))) { value in
                guard value == nil else { return .invalid("A close button takes no value; its form posts only its control id.") }
                dismiss()
                return .performed
            }
            renderer.writer.open("button", ElementAttributes(classes: ["button", "presentation-close"]), [("type", "submit")])
            renderer.writer.text(kind.closeTitle)
            renderer.writer.close()
            renderer.writer.close()
            var presentedState = inner.containerChild(.index(2))
            presentedState.environment.dismiss = DismissAction(run: dismiss)
            renderer.render(view, presentedState)
            renderer.writer.close()
        }
    }
}

/// The position type of a presentation's close control.
enum PresentationCloseControl {}

/// Dismisses the presentation the view is in (SwiftUI's `@Environment(\.dismiss)`); outside one it does nothing.
public struct DismissAction {
    let run: (() -> Void)?

    /// Dismisses the presentation.
    public func callAsFunction() { run?() }
}

private struct DismissKey: EnvironmentKey {
    static var defaultValue: DismissAction { DismissAction(run: nil) }
}

extension EnvironmentValues {
    /// Dismisses the presentation the view is in.
    public var dismiss: DismissAction {
        get { self[DismissKey.self] }
        set { self[DismissKey.self] = newValue }
    }
}

/// A navigation stack: `.navigationDestination` inside it pushes its screen over the root, with a back button.
public struct NavigationStack<Root: View>: View {
    let root: Root

    public init(@ViewBuilder root: () -> Root) { self.root = root() }

    public var body: Never { primitiveBody(Self.self) }
}

extension NavigationStack: PrimitiveView {
    func render(in renderer: Renderer, _ state: RenderState) {
        // Its own id: a screen pushed or a sheet shown over the root is inserted into it, the root left as it is.
        renderer.open("div", ElementAttributes(id: renderer.madeID("n", at: state.path), classes: ["navigation-stack"]), state)
        renderer.render(root, state.containerChild(.index(0)))
        renderer.writer.close()
    }
}

extension View {
    /// Presents `content` as a sheet while `isPresented` is true; closing it sets it to false, then runs `onDismiss`.
    public func sheet<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View {
        presentation(.sheet, isPresented: isPresented, onDismiss: onDismiss, content: content)
    }

    /// Presents the sheet `content` builds for `item` while it is not nil; closing it sets it to nil, then runs `onDismiss`.
    public func sheet<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View {
        presentation(.sheet, item: item, onDismiss: onDismiss, content: content)
    }

    /// Presents `content` over the whole pane while `isPresented` is true.
    public func fullScreenCover<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View {
        presentation(.fullScreenCover, isPresented: isPresented, onDismiss: onDismiss, content: content)
    }

    /// Presents what `content` builds for `item` over the whole pane while it is not nil.
    public func fullScreenCover<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View {
        presentation(.fullScreenCover, item: item, onDismiss: onDismiss, content: content)
    }

    /// Pushes `destination` over the enclosing ``NavigationStack``'s root while `isPresented` is true; its back
    /// button sets it to false.
    public func navigationDestination<Destination: View>(
        isPresented: Binding<Bool>, @ViewBuilder destination: @escaping () -> Destination
    ) -> some View {
        presentation(.navigation, isPresented: isPresented, onDismiss: nil, content: destination)
    }

    private func presentation<Content: View>(
        _ kind: PresentationKind, isPresented: Binding<Bool>, onDismiss: (() -> Void)?, content: @escaping () -> Content
    ) -> some View {
        PresentationView(
            content: self, kind: kind, presented: { isPresented.wrappedValue ? content() : nil },
            dismiss: {
                guard isPresented.wrappedValue else { return }
                isPresented.wrappedValue = false
                onDismiss?()
            })
    }

    private func presentation<Item: Identifiable, Content: View>(
        _ kind: PresentationKind, item: Binding<Item?>, onDismiss: (() -> Void)?, content: @escaping (Item) -> Content
    ) -> some View {
        PresentationView(
            content: self, kind: kind, presented: { item.wrappedValue.map(content) },
            dismiss: {
                guard item.wrappedValue != nil else { return }
                item.wrappedValue = nil
                onDismiss?()
            })
    }
}
