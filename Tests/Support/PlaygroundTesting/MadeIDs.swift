/// `html` with the digits of every id the renderer made up (a control's `control` value, and the `id` of a keyed
/// list, a row, a control's form, a navigation stack, a presentation or an alert: a prefix such as `nice-`, a letter
/// and eight characters) replaced by `*`, for tests of what a view draws; `ControlHTMLTests` and `IdentityTests`
/// check the ids themselves.
public func maskingMadeIDs(_ html: String) -> String {
    html.replacing(#/\ id="([a-z]+-)?([krcnpa])[A-Za-z0-9_-]{8}(~\d+)?"/#) { match in
        " id=\"" + (match.output.1 ?? "") + match.output.2 + "*" + (match.output.3 ?? "") + "\""
    }
    .replacing(#/\ name="control" value="[A-Za-z0-9_-]{8}"/#, with: #" name="control" value="*""#)
}
