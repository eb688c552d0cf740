import PlaygroundUI

extension Trace {
    /// The fragment: the recent events, newest first, with what each became and what it cost.
    func html(id: String) -> String {
        var out = "<div id=\"\(HTML.attribute(id))\" class=\"trace\"><h3>Trace (last \(capacity) events)</h3>"
        guard !entries.isEmpty else {
            return out + "<p class=\"empty\">Nothing yet.</p></div>"
        }
        out += "<table><thead><tr><th>step</th><th>source</th><th>event</th><th>became</th><th>changed</th></tr></thead>"
        out += "<tbody id=\"\(HTML.attribute(id))-rows\">"
        for entry in entries { out += rowHTML(entry, traceID: id) }
        return out + "</tbody></table></div>"
    }

    /// A patch of rows: a table naming the trace's body (`data-rows-for`); the page script puts each row in
    /// place of its namesake or on top, keeping at most `data-keep` rows.
    func rowsPatchHTML(_ rows: [Entry], traceID id: String) -> String {
        "<table class=\"trace-rows\" data-rows-for=\"\(HTML.attribute(id))-rows\" data-keep=\"\(capacity)\"><tbody>"
            + rows.map { rowHTML($0, traceID: id) }.joined() + "</tbody></table>"
    }

    /// One row, named by the event's number; it shows the room's step (the number its link, the history and the past
    /// page's banner use), what the event became, what it changed in the app's snapshot, and (in a detail) what it cost.
    func rowHTML(_ entry: Entry, traceID id: String) -> String {
        var out = "<tr id=\"\(HTML.attribute(id))-row-\(entry.number)\">"
        if let link = stepLink, let step = entry.step {
            out += "<td><a href=\"\(HTML.attribute(link))\(step)\" title=\"the room after step \(step)\">\(step)</a></td>"
        } else {
            out += "<td title=\"not a step of the room's history\">–</td>"
        }
        out += "<td class=\"source-\(entry.source.rawValue)\">\(entry.source.rawValue)</td>"
        out += "<td><code>\(HTML.text(entry.event))</code>"
        if let link = stepThroughLink, let step = entry.step, !entry.stages.isEmpty {
            out += "<br><a class=\"step-through\" href=\"\(HTML.attribute(link))\(step)\" aria-label=\"Step through step \(step)\">Step ▶</a>"
        }
        out += "</td><td>"
        out += entry.became.map { "<code>\(HTML.text($0))</code>" }.joined(separator: "<br>")
        if entry.omittedSteps > 0 { out += "<br><small>… \(entry.omittedSteps) more steps</small>" }
        out += "</td><td class=\"changes\">"
        out += entry.changes.isEmpty ? (entry.renderMicroseconds == nil ? "…" : "<small>nothing</small>") : entry.changes.map { "<code>\(HTML.text($0))</code>" }.joined(separator: "<br>")
        if let microseconds = entry.renderMicroseconds, let bytes = entry.bytes {
            out += "<details class=\"cost\"><summary>cost</summary>render \(microseconds) µs · patch \(bytes) B</details>"
        }
        return out + "</td></tr>"
    }
}
