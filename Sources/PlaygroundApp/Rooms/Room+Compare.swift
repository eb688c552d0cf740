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
        compareShown = Dictionary(uniqueKeysWithValues: fragments.map { ($0.id, $0.html.hashValue) })
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
        try inputs.map { input throws(HTTPError) in (input.appID, try apply(input, source: .compare, client: client)) }
    }

    /// The compare page's own fragments: the shared bar (`compare-bar`, drawn from the first app's state) and the
    /// aligned traces (`compare-trace`).
    func compareFragments() -> [Fragment] {
        let registry = blueprint.registry
        let first = registry.compareIndices.lowerBound
        let controls = registry.sharedControls(Self.snapshotJSON(app(first)))
        return [
            Fragment(id: "compare-bar", html: SharedBar(room: id, controls: controls).html),
            Fragment(id: "compare-trace", html: alignedTraceHTML()),
        ]
    }

    /// Those of ``compareFragments()`` that changed since the compare page's tabs last got them.
    func compareChanges() -> [Fragment] {
        let fragments = compareFragments()
        let changed = fragments.filter { compareShown?[$0.id] != $0.html.hashValue }
        for fragment in changed { compareShown?[fragment.id] = fragment.html.hashValue }
        return changed
    }

    /// One row per shared input, newest first: what it became in each architecture and what it changed. A shared
    /// input is one step per app in the registry's order, so the app at position k has its row's step + k.
    private func alignedTraceHTML() -> String {
        let registry = blueprint.registry
        let compared = Array(registry.compareIndices)
        var rows: [Int: [Int: Trace.Entry]] = [:]
        for (position, index) in compared.enumerated() {
            guard let app = apps[index] else { continue }
            for entry in app.teaching.trace.entries where entry.source == .compare {
                guard let step = entry.step else { continue }
                rows[step - position, default: [:]][position] = entry
            }
        }
        var out = "<div id=\"compare-trace\" class=\"compare-trace\"><h2>One input, five architectures</h2>"
        out += "<p>Each row is one input of the shared bar; each column, what that architecture made of it (its trace row).</p>"
        guard !rows.isEmpty else { return out + "<p class=\"empty\">No shared input yet: use the bar above.</p></div>" }
        out += "<div class=\"compare-trace-scroll\" role=\"region\" aria-label=\"Aligned traces\" tabindex=\"0\"><table><thead><tr><th scope=\"col\">shared input</th>"
        for index in compared { out += "<th scope=\"col\">\(HTML.text(Self.shortTitle(registry.apps[index].about)))</th>" }
        out += "</tr></thead><tbody>"
        for first in rows.keys.sorted(by: >).prefix(8) {
            let cells = rows[first] ?? [:]
            let event = cells.values.first?.event ?? ""
            out += "<tr><th scope=\"row\"><code>\(HTML.text(event))</code><br><small>steps \(first)–\(first + compared.count - 1)</small></th>"
            for position in compared.indices {
                guard let entry = cells[position] else { out += "<td>–</td>"; continue }
                // What it became (a redraw's bookkeeping line left out: the cell is about the architecture).
                let became = entry.became.filter { $0 != Trace.rerenderedStep }
                out += "<td>" + became.map { "<code>\(HTML.text($0))</code>" }.joined(separator: "<br>")
                if !entry.changes.isEmpty {
                    out += "<br><small>changed: " + entry.changes.map { HTML.text($0) }.joined(separator: "; ") + "</small>"
                }
                out += "</td>"
            }
            out += "</tr>"
        }
        return out + "</tbody></table></div></div>"
    }

    /// `Films · EV` of `Films · EV — Enum + View`: a column's heading.
    static func shortTitle(_ about: AppAbout) -> String {
        String(about.title.split(separator: " — ").first ?? Substring(about.title))
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
