/// `.alert(item:)` / `.alert(isPresented:)`: draws its content, then, while the binding presents an alert, the
/// alert as `<div class="alert" role="alertdialog" aria-modal="true" aria-label="{title}">` holding
/// `<span class="text alert-title">`, `<span class="text alert-message">` and the button's form, a control like
/// any button's (`<button class="button alert-button">`, plus `alert-button-cancel` for a cancel button): its press
/// clears the binding, then runs the button's action.
///
/// The position keeps an ``AlertPresenter`` so that ``ViewHost/dismissPresentedAlert()`` can reach the binding.
/// When the modifier carries an `id`, content and alert share one `<div class="group">`, so the alert is part
/// of the same fragment whether or not it is shown.
struct AlertView<Content: View>: View, PrimitiveView {
    let content: Content
    let presenter: AlertPresenter.Presentation

    var body: Never { primitiveBody(Self.self) }

    func render(in renderer: Renderer, _ state: RenderState) {
        let position = renderer.store.position(at: state.path, viewType: Self.self)
        let presenting = position.object(at: 0, label: "alert") { AlertPresenter() }
        presenting.presentation = presenter
        renderer.groupingIfIdentified(state) { inner in
            renderer.render(content, inner.child(.index(0)))
            if let alert = presenter.alert() { renderer.renderAlert(alert, inner.containerChild(.index(1)), presenter: presenting) }
        }
    }
}

/// What an alert position remembers between renders: how to read and how to clear its binding.
final class AlertPresenter {
    struct Presentation {
        /// The alert the binding presents now, or `nil`.
        let alert: () -> Alert?
        /// Sets the binding back to `nil` / `false`.
        let clear: () -> Void
    }

    var presentation: Presentation?

    /// Clears the binding, then runs the button's action; false when nothing is presented.
    func dismiss() -> Bool {
        guard let presentation, let alert = presentation.alert() else { return false }
        presentation.clear()
        alert.dismissButton.action?()
        return true
    }
}

extension Renderer {
    fileprivate func renderAlert(_ alert: Alert, _ state: RenderState, presenter: AlertPresenter) {
        let dialog: [(name: StaticString, value: String)] = [
            ("role", "alertdialog"), ("aria-modal", "true"), ("aria-label", alert.title.content),
        ]
        open("div", ElementAttributes(id: madeID("a", at: state.path), classes: ["alert"]), state, dialog)
        render(alert.title.modifier(classes: ["alert-title"]), state.containerChild(.index(0)))
        if let message = alert.message {
            render(message.modifier(classes: ["alert-message"]), state.containerChild(.index(1)))
        }
        var classes = ["button", "alert-button"]
        if alert.dismissButton.role == .cancel { classes.append("alert-button-cancel") }
        openActionForm("button", viewType: Alert.self, state.containerChild(.index(2))) { [weak presenter] value in
            guard value == nil else { return .invalid("A button takes no value; its form posts only its control id.") }
            return presenter?.dismiss() == true ? .performed : .stale("The alert is no longer shown.")
        }
        writer.open("button", ElementAttributes(classes: classes), [("type", "submit")])
        render(alert.dismissButton.label, state.containerChild(.index(3)))
        writer.close()
        writer.close()
        writer.close()
    }
}

extension Text {
    /// This text with extra classes on its element.
    fileprivate func modifier(classes: [String]) -> StyledView<Text> {
        StyledView(content: self, attributes: ElementAttributes(classes: classes))
    }
}

extension View {
    /// Presents the alert `content` builds while `item` is not `nil`; dismissing sets `item` to `nil`.
    ///
    /// ```swift
    /// .alert(item: $alertType) { item in
    ///     Alert(title: Text("Error"), message: Text(item.message), dismissButton: .default(Text("Ok")))
    /// }
    /// ```
    public func alert<Item: Identifiable>(item: Binding<Item?>, content: @escaping (Item) -> Alert) -> some View {
        AlertView(
            content: self,
            presenter: AlertPresenter.Presentation(alert: { item.wrappedValue.map(content) }, clear: { item.wrappedValue = nil }))
    }

    /// Presents the alert `content` builds while `isPresented` is true; dismissing sets it to false.
    public func alert(isPresented: Binding<Bool>, content: @escaping () -> Alert) -> some View {
        AlertView(
            content: self,
            presenter: AlertPresenter.Presentation(
                alert: { isPresented.wrappedValue ? content() : nil }, clear: { isPresented.wrappedValue = false }))
    }
}
