import PlaygroundUI

/// An architecture's data flow as a strip of stages (drawn from its seed), with the stages the
/// last event passed through lit.
struct FlowStrip {
    /// One box of the strip.
    struct Stage: Equatable {
        let name: String
        let detail: String
    }

    let id: String
    let title: String
    let stages: [Stage]
    /// Indices of the stages the last event went through.
    var lit: Set<Int> = []
    /// What lit them, e.g. "changeBothSidesColors from HTTP".
    var caption: String = "No event yet: press a button or post one with curl."

    /// The fragment: an ordered list whose lit items carry `class="lit"`.
    func html() -> String {
        var out = "<div id=\"\(HTML.attribute(id))\" class=\"flow\"><h3>\(HTML.text(title))</h3><ol class=\"flow-stages\">"
        for (index, stage) in stages.enumerated() {
            let state = lit.contains(index) ? " class=\"lit\"" : ""
            out += "<li\(state)><b>\(HTML.text(stage.name))</b><small>\(HTML.text(stage.detail))</small></li>"
        }
        out += "</ol><p class=\"flow-caption\">\(HTML.text(caption))</p></div>"
        return out
    }
}
