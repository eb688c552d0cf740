/// What became of a control's action posted from a page (``ViewHost/perform(action:value:)``).
public enum ActionOutcome: Equatable, Sendable {
    /// The control's closure ran.
    case performed
    /// No control is at that id any more (the page is older than the view); nothing changed.
    case stale(String)
    /// The control is there but the posted value is not one it takes; nothing changed.
    case invalid(String)
}

/// What a control drawn in the last render runs when a page posts its action id: a button's action as the button holds
/// it (no closure made around it on each render: a room keeps ~250 buttons), or a toggle's, a picker's, a text
/// field's or a close button's closure, which checks the posted value. Kept in the host's list of this render's
/// controls (``PositionStore/controls``), not at a position: a control keeps nothing else between renders.
enum ControlAction {
    case button(() -> Void)
    case run((String?) -> ActionOutcome)

    /// Runs the control with the posted value.
    func perform(_ value: String?) -> ActionOutcome {
        switch self {
        case .button(let run):
            // A button's form posts no value: one with a value was meant for another control (an old page).
            guard value == nil else { return .invalid("A button takes no value; its form posts only its control id.") }
            run()
            return .performed
        case .run(let run): return run(value)
        }
    }
}

/// Longest text (in Unicode scalars) a field accepts from a post.
let maxPostedTextLength = 1_000

extension Renderer {
    /// Keeps `run` as the control at the path of `state` and opens the control's form: `<form id="{prefix}c{short id}" class="{kind}-form"
    /// method="post" action="{actionURL}">`, the context's hidden fields and `control={the position's short id}` (``ControlID``; not `action`: a field of that name would hide the form's own `action` from scripts).
    func openActionForm(
        _ kind: String, viewType: Any.Type, _ state: RenderState, run: @escaping (String?) -> ActionOutcome
    ) {
        store.addControl(at: state.path, .run(run))
        openForm(kind, state)
    }

    /// ``openActionForm(_:viewType:_:run:)`` for a button: its action is kept as it is, unless it dismisses an alert.
    func openButtonForm(viewType: Any.Type, _ state: RenderState, action: @escaping () -> Void, alert: AlertActionsPresenter?) {
        // An alert's button first dismisses it (few buttons are in an alert: only theirs get a closure around the action).
        store.addControl(at: state.path, .button(alert.map { alert in { [weak alert] in alert?.dismiss(); action() } } ?? action))
        openForm("button", state)
    }

    private func openForm(_ kind: String, _ state: RenderState) {
        // The form carries an id made from the same path (``madeID(_:at:)``), so a change to one control patches that control.
        open(
            "form", ElementAttributes(id: madeID("c", at: state.path), classes: [kind + "-form"]), state,
            [("method", "post"), ("action", context.actionURL)])
        for field in context.actionFields {
            writer.void("input", .none, [("type", "hidden"), ("name", field.name), ("value", field.value)])
        }
        writer.void("input", .none, [("type", "hidden"), ("name", "control"), ("value", state.path.controlID.description)])
    }
}

extension String {
    /// Text a person could have typed in one line: at most ``maxPostedTextLength`` Unicode scalars (not characters:
    /// one character can hold any number of combining marks), no control characters (C0, DEL, C1) and no line or
    /// paragraph separator.
    var isPlainLine: Bool {
        var count = 0
        for scalar in unicodeScalars {
            count += 1
            switch scalar.value {
            case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029: return false
            default: if count > maxPostedTextLength { return false }
            }
        }
        return true
    }
}
