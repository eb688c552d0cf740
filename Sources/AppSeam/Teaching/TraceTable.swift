import PlaygroundUI

extension Trace {
    /// The fragment: the recent events, newest first, with what each became and what it cost. The table is there even
    /// when empty (hidden by the stylesheet), so a first event's patch is a row, not a table.
    func html(id: String) -> String {
        var out = "<div id=\"\(HTML.attribute(id))\" class=\"trace\"><h3>Trace (last \(capacity) events)</h3>"
        if entries.isEmpty { out += "<p class=\"empty\">Nothing yet.</p>" }
        out += "<table><thead><tr><th title=\"a row's step: its link opens the room after it\">step</th><th>source</th><th>event</th><th>became</th>"
            + "<th>changed</th></tr></thead><tbody id=\"\(HTML.attribute(id))-rows\" data-keep=\"\(capacity)\">"
        for entry in entries { out += rowHTML(entry, traceID: id) }
        return out + "</tbody></table></div>"
    }

    /// A patch of rows: a template naming the trace's body (`data-rows-for`; a template holds rows without a table);
    /// the page script puts each row in place of its namesake or on top (keeping the body's `data-keep` rows), and adds
    /// a grown row's gains to the row it names. `calls` and `caption`: the pane's flow strip as the tabs show it once
    /// the patch before this one is applied (a short row's line names what it holds of them, ``ShortLines``). `inStrip`:
    /// the template goes inside the strip's patch (``FlowStrip/litPatchHTML(from:caption:)``), which names the trace.
    func rowsPatchHTML(
        _ rows: [(entry: Entry, shown: Shown?)], traceID id: String, calls: [String] = [], caption: String = "", inStrip: Bool = false
    ) -> String {
        let (calls, caption) = (calls.map { Array($0.utf8) }, Array(caption.utf8))
        return (inStrip ? "<template>" : "<template data-rows-for=\"\(HTML.attribute(id))-rows\">")
            + rows.map { row in
                // What the rows under it changed, as the tab shows them once the older rows of this patch are drawn.
                let older = entries.drop { $0.number != row.entry.number }.dropFirst().map(\.changes)
                let lines = ShortLines(calls: calls, caption: caption, older: older)
                return row.shown.flatMap { growthHTML(row.entry, shown: $0, lines: lines) } ?? shortRowHTML(row.entry, lines: lines)
                    ?? rowHTML(row.entry, traceID: id, compact: true)
            }
            .joined() + "</template>"
    }

    /// A new row as a patch carries it, for the page script to draw as ``rowHTML(_:traceID:compact:)`` draws it:
    /// `<tr data-row="NUMBER STEP SOURCE[ +][ µs bytes]"><td>EVENT<td>BECAME<td>CHANGED` (a cell's and a row's
    /// end tags may be left out in HTML: the parser closes them at the next cell and at the template's end),
    /// the lines of a cell apart by `<br>` (the script puts each in its `<code>`, and writes out what ``ShortLines``
    /// names), `+` when the row has its Step ▶ link; an empty changed cell reads "nothing" with a cost, "…" without.
    /// Nil for a row this cannot say (its steps link elsewhere, it has no step, an empty line, "… more steps"): that
    /// row is sent whole.
    func shortRowHTML(_ entry: Entry, lines: ShortLines = ShortLines()) -> String? {
        let linked = isLinked(entry)
        guard stepLink == "?at=", let step = entry.step, !linked || stepThroughLink == "?step=", entry.omittedSteps == 0,
            !entry.source.rawValue.contains(" "), !entry.became.contains(""), !entry.changes.contains("")
        else { return nil }
        var out = "<tr data-row=\""
        out.reserveCapacity(256)
        out += String(entry.number)
        out += " "
        out += String(step)
        out += " "
        out += HTML.attribute(entry.source.rawValue)
        if linked { out += " +" }
        out += costWords(entry)
        out += "\"><td>"
        lines.append(entry.event, to: &out)
        out += "<td>"
        lines.append(entry.became, to: &out)
        out += "<td>"
        lines.appendChanges(entry.changes, to: &out)
        return out
    }

    /// One row, named by the event's number; it shows the room's step (the number its link, the history and the past
    /// page's banner use), what the event became, what it changed in the app's snapshot, and (in a detail) what it cost.
    /// `compact` (a patch) carries the cost as `data-cost="µs bytes"`, which the page script draws as the same detail.
    func rowHTML(_ entry: Entry, traceID id: String, compact: Bool = false) -> String {
        // Appended piece by piece into one buffer: a row is drawn for every event, and each interpolation made a string.
        var out = ""
        out.reserveCapacity(512)
        out += "<tr id=\""
        out += HTML.attribute(id)
        out += "-row-"
        out += String(entry.number)
        out += "\">"
        if let link = stepLink, let step = entry.step {
            out += "<td><a href=\""
            out += HTML.attribute(link)
            out += String(step)
            out += "\">"
            out += String(step)
            out += "</a></td>"
        } else {
            out += "<td title=\"not a step of the room's history\">–</td>"
        }
        out += "<td class=\"source-"
        out += entry.source.rawValue
        out += "\">"
        out += entry.source.rawValue
        out += "</td><td><code>"
        out += HTML.text(entry.event)
        out += "</code>"
        out += stepThroughHTML(entry)
        out += "</td><td>"
        Self.appendCodes(entry.became, to: &out)
        if entry.omittedSteps > 0 {
            out += "<br><small>… "
            out += String(entry.omittedSteps)
            out += " more steps</small>"
        }
        out += "</td><td class=\"changes\""
        if compact { out += costAttribute(entry) }
        out += ">"
        if !entry.changes.isEmpty {
            Self.appendCodes(entry.changes, to: &out)
        } else {
            out += entry.renderMicroseconds == nil ? "…" : "<small>nothing</small>"
        }
        if !compact, let microseconds = entry.renderMicroseconds, let bytes = entry.bytes {
            out += "<details class=\"cost\"><summary>cost</summary>render \(microseconds) µs · patch \(bytes) B</details>"
        }
        out += "</td></tr>"
        return out
    }

    /// `<code>…</code>` for each line, `<br>` between them.
    private static func appendCodes(_ lines: [String], to out: inout String) {
        for (index, line) in lines.enumerated() {
            if index > 0 { out += "<br>" }
            out += "<code>"
            out += HTML.text(line)
            out += "</code>"
        }
    }

    /// What a row gained since the tabs were sent `shown`: `<tr data-grow="NUMBER B C[ µs bytes]">`
    /// with up to three cells (empty ones at the end left out, and end tags as in ``shortRowHTML(_:lines:)``), what to add to its event (its Step ▶ link), and the
    /// lines to add to what it became and to what it changed (as in ``shortRowHTML(_:lines:)``), after its first B
    /// steps and C changes (a page drawn before this patch went may show them already: the script cuts the cells back
    /// first); nil when the row must be drawn again instead (its placeholder, its "… more steps", an empty line).
    func growthHTML(_ entry: Entry, shown: Shown, lines: ShortLines = ShortLines()) -> String? {
        guard shown.costed, entry.omittedSteps == shown.omittedSteps, entry.became.count >= shown.became,
            entry.changes.count >= shown.changes, shown.changes > 0 || entry.changes.isEmpty
        else { return nil }
        let became = entry.became.dropFirst(shown.became)
        let changes = entry.changes.dropFirst(shown.changes)
        guard !became.contains(""), !changes.contains("") else { return nil }
        var cells = [shown.linked ? "" : stepThroughHTML(entry), "", ""]
        lines.append(became, to: &cells[1])
        lines.appendChanges(Array(changes), after: Array(entry.changes.prefix(shown.changes)), to: &cells[2])
        while cells.last?.isEmpty == true { cells.removeLast() }
        return "<tr data-grow=\"\(entry.number) \(shown.became) \(shown.changes)\(costWords(entry))\">" + cells.map { "<td>" + $0 }.joined()
    }

    /// The row's Step ▶ link (`?step=N`: the room finds the app whose trace holds step N), once the runtime reported a stage.
    private func stepThroughHTML(_ entry: Entry) -> String {
        guard isLinked(entry), let link = stepThroughLink, let step = entry.step else { return "" }
        return "<br><a class=\"step-through\" href=\"\(HTML.attribute(link))\(step)\">Step ▶</a>"
    }

    /// A short row's cost at the end of its `data-row` or `data-grow`: ` µs bytes`.
    private func costWords(_ entry: Entry) -> String {
        guard let microseconds = entry.renderMicroseconds, let bytes = entry.bytes else { return "" }
        return " \(microseconds) \(bytes)"
    }

    private func costAttribute(_ entry: Entry) -> String {
        guard let microseconds = entry.renderMicroseconds, let bytes = entry.bytes else { return "" }
        return " data-cost=\"\(microseconds) \(bytes)\""
    }
}

/// The lines of a short trace row's cell as a patch writes them: each as text, `<br>` between them, and what the tab
/// shows already named instead of written: `<u></u>` is ``Trace/rerenderedStep``, `<u>K</u>` the call of item K of the
/// pane's flow strip (a line holding it, e.g. `coordinator.handleRoute(.post(3))` or `cache posts: hit PostList (100
/// values)`, is its text around it and that element), `<u>^N</u>` and `<u>$N</u>` the strip's caption's first or last N
/// UTF-16 units (a line that begins or ends it: the event `openProduct id: 1 presentation: sheet` of the caption
/// `openProduct id: 1 presentation: sheet: routeTo(…) → sheet slot`). Matched byte for byte: the page script writes
/// each line out whole from what the strip shows.
struct ShortLines {
    /// The strip's calls, by their place in its path, and its caption, as bytes (a line is matched byte for byte).
    var calls: [[UInt8]] = []
    var caption: [UInt8] = []
    /// The changed cells of the rows under this one, newest first.
    var older: [[String]] = []

    /// A call or the caption named from this many bytes on (its element is 7 to 11).
    static let nameFrom = 12

    func append(_ lines: some Collection<String>, to out: inout String) {
        for (index, line) in lines.enumerated() {
            if index > 0 { out += "<br>" }
            append(line, to: &out)
        }
    }

    /// What a row changed: a line `PATH: OLD → NEW` whose OLD is what the last line of PATH above it (earlier in its
    /// cell, `after` it, or in the rows under it) says PATH became is written `PATH<u>:</u>NEW`.
    func appendChanges(_ lines: [String], after shown: [String] = [], to out: inout String) {
        for (index, line) in lines.enumerated() {
            if index > 0 { out += "<br>" }
            if let (path, new) = Self.split(line, after: shown + lines[..<index], older: older) {
                out += HTML.textBetweenTags(path) + "<u>:</u>" + HTML.textBetweenTags(new)
            } else {
                append(line, to: &out)
            }
        }
    }

    /// `line` as its path and new value when its old value is the one the lines above say the path became (and longer
    /// than a byte); matched byte for byte, as the page script reads the lines.
    static func split(_ line: String, after earlier: [String], older: [[String]]) -> (path: String, new: String)? {
        let bytes = Array(line.utf8)
        guard let colon = find(Array(": ".utf8), in: bytes[...]) else { return nil }
        let path = bytes[..<colon]
        let prefix = Array(path) + Array(": ".utf8)
        let lastOf = { (lines: [String]) in lines.last { $0.utf8.starts(with: prefix) } }
        guard let above = lastOf(earlier) ?? older.lazy.compactMap(lastOf).first,
            let old = newValue(Array(above.utf8), pathLength: path.count), old.count > 1
        else { return nil }
        let head = Array(path) + Array(": ".utf8) + old + Array(" → ".utf8)
        guard bytes.starts(with: head) else { return nil }
        return (String(decoding: path, as: UTF8.self), String(decoding: bytes[head.count...], as: UTF8.self))
    }

    /// What a line `PATH: OLD → NEW` says PATH became: what follows its first arrow.
    private static func newValue(_ line: [UInt8], pathLength: Int) -> [UInt8]? {
        let rest = line[(pathLength + 2)...]
        guard let arrow = find(Array(" → ".utf8), in: rest) else { return nil }
        return Array(line[(arrow + " → ".utf8.count)...])
    }

    /// Where `needle` first starts in `bytes` (a row's lines are short: a scan for its first byte, then a compare).
    private static func find(_ needle: [UInt8], in bytes: ArraySlice<UInt8>) -> Int? {
        guard let first = needle.first, needle.count <= bytes.count else { return nil }
        let last = bytes.endIndex - needle.count
        var index = bytes.startIndex
        while index <= last, let at = bytes[index...last].firstIndex(of: first) {
            if bytes[at..<(at + needle.count)].elementsEqual(needle) { return at }
            index = at + 1
        }
        return nil
    }

    func append(_ line: String, to out: inout String) {
        if line == Trace.rerenderedStep { return out += "<u></u>" }
        let bytes = Array(line.utf8)
        var shortest: String?
        if bytes.count >= Self.nameFrom, caption.count >= bytes.count {
            if caption.starts(with: bytes) {
                shortest = "<u>^\(line.utf16.count)</u>"
            } else if caption[(caption.count - bytes.count)...].elementsEqual(bytes) {
                shortest = "<u>$\(line.utf16.count)</u>"
            }
        }
        // The longest call the line holds (the first, of equal ones), named once.
        var best: (place: Int, at: Int)?
        for (place, call) in calls.enumerated() where call.count >= Self.nameFrom && call.count > (best.map { calls[$0.place].count } ?? 0) {
            if let at = Self.find(call, in: bytes[...]) { best = (place, at) }
        }
        if let best {
            let end = best.at + calls[best.place].count
            let named = HTML.textBetweenTags(String(decoding: bytes[..<best.at], as: UTF8.self)) + "<u>\(best.place)</u>"
                + HTML.textBetweenTags(String(decoding: bytes[end...], as: UTF8.self))
            if named.utf8.count < shortest?.utf8.count ?? .max { shortest = named }
        }
        out += shortest ?? HTML.textBetweenTags(line)
    }
}
