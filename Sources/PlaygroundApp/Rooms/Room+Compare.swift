import PlaygroundJournal
import AppSeam
import PlaygroundHTTP
import PlaygroundUI

// The compare page: the registry's compare apps (the Films app's implementations) side by side, driven together by
// one shared bar, their trace rows lined up by shared input.
extension Room {
    /// The page; it starts the compare apps if nothing had used them yet.
    func comparePage(host: String, assets: RoomPage.Assets) throws(HTTPError) -> String {
        try checkOpen()
        let registry = blueprint.registry
        guard !registry.compareIndices.isEmpty else {
            throw HTTPError(.notFound, code: "nothing_to_compare", message: "This playground registers no apps to compare.")
        }
        renderAllIfNeeded()
        let panes = registry.compareIndices.map(paneSection)
        let fragments = compareFragments()
        compareShown = [:]
        _ = compareChanges()  // what this page shows, remembered (the page carries it)
        return RoomPage(
            room: id, seq: seq, host: host, assets: assets, single: false,
            index: registry.pageIndices.map { (registry.apps[$0].about.id, registry.apps[$0].about.title) },
            panes: panes, timeline: journalMode != .off,
            notice: damageNotice.map { "This room's journal was damaged and it goes on from what could be read: \($0)." },
            compare: RoomPage.Compare(
                barHTML: fragments[0].html, traceHTML: fragments[1].html,
                codeSizes: registry.compareIndices.map { CodeSize(registry.apps[$0].about, blueprint.sources.files(of: registry.apps[$0].about)) }),
            hasCompare: true
        ).html
    }

    /// One shared input, applied to every compare app in the registry's order: a step each. Returns each app's
    /// sequence number after its step.
    func applyShared(_ inputs: [DecodedInput], client: String?) throws(HTTPError) -> [(app: String, seq: UInt64)] {
        defer { comparePending = false }
        return try inputs.enumerated().map { position, input throws(HTTPError) in
            comparePending = position < inputs.count - 1
            return (input.appID, try apply(input, source: .compare, client: client))
        }
    }

    /// The compare page's own fragments: the shared bar (`compare-bar`, drawn from the first app's state) and the
    /// aligned traces (`compare-trace`).
    func compareFragments() -> [Fragment] {
        [sharedBarFragment(), Fragment(id: "compare-trace", html: AlignedTrace(rows: alignedRows(), headings: compareHeadings).html)]
    }

    /// What changed since the compare page's tabs last got it: the bar whole, the aligned traces as their changed
    /// rows (a row per shared input, redrawn as each architecture's answer comes), whole only when the table appears.
    func compareChanges() -> [Fragment] {
        var changed: [Fragment] = []
        let bar = sharedBarFragment()
        if compareShown?[bar.id] != bar.html.hashValue {
            compareShown?[bar.id] = bar.html.hashValue
            changed.append(bar)
        }
        let trace = AlignedTrace(rows: alignedRows(), headings: compareHeadings)
        let rows = trace.rowHTML
        let showsTable = compareShown?[AlignedTrace.tableKey] != nil
        let fresh = rows.filter { compareShown?[$0.id] != $0.html.hashValue }
        // Only the rows the table keeps are remembered.
        compareShown = compareShown.map { $0.filter { !$0.key.hasPrefix(AlignedTrace.rowPrefix) } }
        for row in rows { compareShown?[row.id] = row.html.hashValue }
        compareShown?[AlignedTrace.tableKey] = rows.isEmpty ? nil : 1
        if showsTable == rows.isEmpty {
            changed.append(Fragment(id: "compare-trace", html: trace.html))  // the table appears or goes
        } else if !fresh.isEmpty {
            changed.append(Fragment(id: "compare-trace-rows", html: AlignedTrace.rowsPatchHTML(fresh.map(\.html))))
        }
        return changed
    }

    private func sharedBarFragment() -> Fragment {
        let registry = blueprint.registry
        let controls = registry.sharedControls(Self.snapshotJSON(app(registry.compareIndices.lowerBound)))
        return Fragment(id: "compare-bar", html: SharedBar(room: id, controls: controls).html)
    }

    private var compareHeadings: [String] {
        blueprint.registry.compareIndices.map { Self.shortTitle(blueprint.registry.apps[$0].about) }
    }

    /// The newest shared inputs first: each one's step and each architecture's trace row for it. A shared input is
    /// one step per app in the registry's order, so the app at position k has its row's step + k.
    private func alignedRows() -> [AlignedTrace.Row] {
        let compared = Array(blueprint.registry.compareIndices)
        var rows: [Int: [Int: Trace.Entry]] = [:]
        for (position, index) in compared.enumerated() {
            guard let app = apps[index] else { continue }
            for entry in app.teaching.trace.entries where entry.source == .compare {
                guard let step = entry.step else { continue }
                rows[step - position, default: [:]][position] = entry
            }
        }
        return rows.keys.sorted(by: >).prefix(AlignedTrace.kept).map { first in
            AlignedTrace.Row(firstStep: first, apps: compared.count, cells: compared.indices.map { rows[first]?[$0] })
        }
    }

    /// `Films · EV` of `Films · EV — Enum + View`: a column's heading.
    static func shortTitle(_ about: AppAbout) -> String {
        String(about.title.split(separator: " — ").first ?? Substring(about.title))
    }
}

/// The aligned traces: one row per shared input, newest first; each column, what that architecture made of it.
struct AlignedTrace {
    struct Row {
        let firstStep: Int
        let apps: Int
        let cells: [Trace.Entry?]
    }

    static let kept = 8
    static let rowPrefix = "compare-row-"
    /// The key that says the tabs show the table (not its empty state).
    static let tableKey = "compare-trace-table"

    let rows: [Row]
    let headings: [String]

    var rowHTML: [(id: String, html: String)] { rows.map { (Self.rowPrefix + String($0.firstStep), Self.html($0)) } }

    var html: String {
        var out = "<div id=\"compare-trace\" class=\"compare-trace\"><h2>One input, five architectures</h2>"
        out += "<p>Each row is one input of the shared bar; each column, what that architecture made of it (its trace row).</p>"
        guard !rows.isEmpty else { return out + "<p class=\"empty\">No shared input yet: use the bar above.</p></div>" }
        out += "<div class=\"compare-trace-scroll\" role=\"region\" aria-label=\"Aligned traces\" tabindex=\"0\"><table><thead><tr><th scope=\"col\">shared input</th>"
        for heading in headings { out += "<th scope=\"col\">\(HTML.text(heading))</th>" }
        out += "</tr></thead><tbody id=\"compare-trace-rows\">"
        out += rowHTML.map(\.html).joined()
        return out + "</tbody></table></div></div>"
    }

    /// Changed rows for the page script: each replaces its namesake or goes on top, the body keeping ``kept``.
    static func rowsPatchHTML(_ rows: [String]) -> String {
        "<table class=\"trace-rows\" data-rows-for=\"compare-trace-rows\" data-keep=\"\(kept)\"><tbody>" + rows.joined() + "</tbody></table>"
    }

    private static func html(_ row: Row) -> String {
        let event = row.cells.lazy.compactMap { $0?.event }.first ?? ""
        var out = "<tr id=\"\(rowPrefix)\(row.firstStep)\"><th scope=\"row\"><code>\(HTML.text(event))</code><br><small>steps \(row.firstStep)–\(row.firstStep + row.apps - 1)</small></th>"
        for cell in row.cells {
            guard let entry = cell else { out += "<td>–</td>"; continue }
            // What it became (a redraw's bookkeeping line left out: the cell is about the architecture).
            let became = entry.became.filter { $0 != Trace.rerenderedStep }
            out += "<td>" + became.map { "<code>\(HTML.text($0))</code>" }.joined(separator: "<br>")
            if !entry.changes.isEmpty {
                out += "<br><small>changed: " + entry.changes.map { HTML.text($0) }.joined(separator: "; ") + "</small>"
            }
            out += "</td>"
        }
        return out + "</tr>"
    }
}

/// The lines of one implementation's code, counted from its source files (blank lines and comment-only lines left
/// out): the article-shaped files, and the glue that hosts it.
struct CodeSize {
    let title: String
    let files: Int
    let articleLines: Int
    let glueLines: Int

    init(_ about: AppAbout, _ sources: [SourceFile]) {
        title = Room.shortTitle(about)
        files = sources.count
        let count = { (file: SourceFile) in
            file.text.split(separator: "\n").filter { line in
                let code = line.drop { $0 == " " }
                return !code.isEmpty && !code.hasPrefix("//")
            }.count
        }
        articleLines = sources.filter { !$0.isGlue }.map(count).reduce(0, +)
        glueLines = sources.filter(\.isGlue).map(count).reduce(0, +)
    }
}

/// The shared bar: each control a form posting to the compare endpoint.
struct SharedBar {
    let room: RoomID
    let controls: [SharedControl]

    var html: String {
        let action = HTML.attribute("/rooms/\(room)/compare/events")
        var out = "<div id=\"compare-bar\" class=\"compare-bar\" role=\"group\" aria-label=\"Shared controls: every input goes to all five\">"
        for control in controls {
            out += "<form method=\"post\" action=\"\(action)\">"
            for field in control.fields where field.name != control.textArgument {
                out += "<input type=\"hidden\" name=\"\(HTML.attribute(field.name))\" value=\"\(HTML.attribute(Self.text(field.value)))\">"
            }
            if let argument = control.textArgument {
                let value = control.fields.first { $0.name == argument }.map { Self.text($0.value) } ?? ""
                out += "<input class=\"textfield\" type=\"text\" name=\"\(HTML.attribute(argument))\" value=\"\(HTML.attribute(value))\" "
                    + "aria-label=\"\(HTML.attribute(control.label))\" placeholder=\"search films\" maxlength=\"200\" required>"
            }
            out += "<button type=\"submit\"\(control.disabled ? " disabled" : "")>\(HTML.text(control.label))</button></form>"
        }
        return out + "</div>"
    }

    private static func text(_ value: EventArgument) -> String {
        switch value {
        case .string(let text), .formText(let text): text
        case .integer(let number): String(number)
        case .number(let number): number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .boolean(let flag): flag ? "true" : "false"
        case .null: ""
        }
    }
}
