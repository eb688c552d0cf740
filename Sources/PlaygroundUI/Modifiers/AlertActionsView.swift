/// `.alert(_:isPresented:actions:message:)`: draws its content, then, while presented, the alert as
/// `<div class="alert" role="alertdialog" aria-modal="true" aria-label="{title}">` with its title, its message and
/// its actions: buttons holding closures, with their roles (`button-cancel`, `button-destructive`). As in SwiftUI,
/// pressing any of them first dismisses the alert (the binding goes back to `false`), then runs its action.
///
/// The position keeps an ``AlertActionsPresenter`` listing the buttons drawn (title, role, closure), so that HTTP
/// can answer the alert by a button's title (``ViewHost/performAlertAction(titled:)``).
struct AlertActionsView<Content: View, Actions: View, Message: View>: View, PrimitiveView {
    let content: Content
    let title: Text
    let isPresented: Binding<Bool>
    let actions: () -> Actions
    let message: () -> Message

    var body: Never { primitiveBody(Self.self) }

    func render(in renderer: Renderer, _ state: RenderState) {
        let presenter = renderer.store.position(at: state.path, viewType: Self.self)
            .object(at: 0, label: "alertActions") { AlertActionsPresenter() }
        presenter.reset(isPresented: isPresented)
        renderer.groupingIfIdentified(state) { inner in
            renderer.render(content, inner.child(.index(0)))
            guard isPresented.wrappedValue else { return }
            let messageView = message()
            presenter.title = title.content
            presenter.message = (messageView as? Text)?.content
            renderer.writer.open(
                "div", ElementAttributes(id: renderer.madeID("a", at: inner.path), classes: ["alert"]),
                [("role", "alertdialog"), ("aria-modal", "true"), ("aria-label", title.content)])
            renderer.writer.open("span", ElementAttributes(classes: ["text", "alert-title"]))
            renderer.writer.text(title.content)
            renderer.writer.close()
            renderer.writer.open("div", ElementAttributes(classes: ["alert-message"]))
            renderer.render(messageView, inner.containerChild(.index(1)))
            renderer.writer.close()
            renderer.writer.open("div", ElementAttributes(classes: ["alert-actions"]))
            var actionsState = inner.containerChild(.index(2))
            actionsState.environment.alertActions = presenter
            renderer.render(actions(), actionsState)
            renderer.writer.close()
            renderer.writer.close()
        }
    }
}

/// What an alert-with-actions position remembers of its last render: whether it is presented, its title and
/// message, and the buttons drawn in its actions (each dismisses the alert, then runs its closure).
final class AlertActionsPresenter {
    struct Action {
        let title: String?
        let role: ButtonRole?
        let run: () -> Void
    }

    private var isPresented: Binding<Bool>?
    var title = ""
    var message: String?
    var actions: [Action] = []

    var isShowing: Bool { isPresented?.wrappedValue == true }

    func reset(isPresented: Binding<Bool>) {
        self.isPresented = isPresented
        actions.removeAll(keepingCapacity: true)
    }

    /// Sets the binding back to `false`.
    func dismiss() { isPresented?.wrappedValue = false }
}

private struct AlertActionsKey: EnvironmentKey {
    static var defaultValue: AlertActionsPresenter? { nil }
}

extension EnvironmentValues {
    /// Inside an alert's actions: the alert, which its buttons dismiss before their action runs.
    var alertActions: AlertActionsPresenter? {
        get { self[AlertActionsKey.self] }
        set { self[AlertActionsKey.self] = newValue }
    }
}

extension View {
    /// Presents an alert titled `title` while `isPresented` is true, with `actions` (buttons, each with its role)
    /// and `message`; any of its buttons dismisses it, then runs its action.
    ///
    /// ```swift
    /// .alert(Text("Delete?"), isPresented: $asking) {
    ///     Button("Yes", role: .destructive) { model.delete() }
    ///     Button("Cancel", role: .cancel) {}
    /// } message: { Text("It cannot be undone.") }
    /// ```
    public func alert<Actions: View, Message: View>(
        _ title: Text, isPresented: Binding<Bool>, @ViewBuilder actions: @escaping () -> Actions,
        @ViewBuilder message: @escaping () -> Message
    ) -> some View {
        AlertActionsView(content: self, title: title, isPresented: isPresented, actions: actions, message: message)
    }
}
