/// What became of a control's action posted from a page (``ViewHost/perform(action:value:)``).
public enum ActionOutcome: Equatable, Sendable {
    /// The control's closure ran.
    case performed
    /// No control is at that id any more (the page is older than the view); nothing changed.
    case stale(String)
    /// The control is there but the posted value is not one it takes; nothing changed.
    case invalid(String)
}

/// The closure a control keeps at its view's position, replaced on every render (as `.onReceive` keeps its
/// handler), and run when a page posts the position's action id.
final class ControlAction {
    var run: ((String?) -> ActionOutcome)?
}

/// Longest text (in Unicode scalars) a field accepts from a post.
let maxPostedTextLength = 1_000

extension Renderer {
    /// Keeps `run` at the position of `state` and opens the control's form: `<form id="{prefix}c{short id}" class="{kind}-form"
    /// method="post" action="{actionURL}">`, the context's hidden fields and `control={the position's short id}` (``ControlID``; not `action`: a field of that name would hide the form's own `action` from scripts).
    func openActionForm(
        _ kind: String, viewType: Any.Type, _ state: RenderState, run: @escaping (String?) -> ActionOutcome
    ) {
        let position = store.position(at: state.path, viewType: viewType)
        position.object(at: 0, label: "action") { ControlAction() }.run = run
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
