/// A button. As in SwiftUI it holds a closure: on the web it is a form posting the button's control id, and the
/// closure runs on the server when the page posts it: `Button { viewState.trigger(.add) } label: { Text("Add") }`.
public struct Button<Label: View>: View {
    let action: () -> Void
    let role: ButtonRole?
    let label: Label

    /// A button that runs `action` when pressed, as SwiftUI's.
    public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        (self.action, self.role, self.label) = (action, nil, label())
    }

    /// A button with a role (drawn with the role's class, e.g. `button-cancel`) that runs `action` when pressed.
    public init(role: ButtonRole?, action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        (self.action, self.role, self.label) = (action, role, label())
    }

    /// Primitive: drawn as a form with a submit button.
    public var body: Never { primitiveBody(Self.self) }
}

/// What a button does, as in SwiftUI: it only changes how the button is drawn.
public enum ButtonRole: Sendable, Equatable {
    case cancel
    case destructive

    var className: String {
        switch self {
        case .cancel: "button-cancel"
        case .destructive: "button-destructive"
        }
    }
}

extension Button where Label == Text {
    /// A button titled `title` that runs `action`.
    public init(_ title: String, action: @escaping () -> Void) {
        self.init(action: action) { Text(title) }
    }

    /// A button titled `title` with a role that runs `action`.
    public init(_ title: String, role: ButtonRole?, action: @escaping () -> Void) {
        self.init(role: role, action: action) { Text(title) }
    }
}

extension Button: PrimitiveView {
    func render(in renderer: Renderer, _ state: RenderState) {
        let action = action
        let alert = state.environment.alertActions  // an alert's button first dismisses it
        if let alert {
            alert.actions.append(.init(title: (label as? Text)?.content, role: role) { [weak alert] in
                alert?.dismiss()
                action()
            })
        }
        renderer.openButtonForm(viewType: Self.self, state, action: action, alert: alert)
        var classes = ["button"]
        if let style = state.environment.buttonStyle.className { classes.append(style) }
        if let role { classes.append(role.className) }
        renderer.writer.open("button", ElementAttributes(classes: classes), [("type", "submit")])
        renderer.render(label, state.containerChild(.index(0)))
        renderer.writer.close()
        renderer.writer.close()
    }
}
