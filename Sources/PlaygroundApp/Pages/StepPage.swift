import AppSeam
import PlaygroundHTTP
import PlaygroundJournal
import PlaygroundUI
import RoomServices

/// One trace row walked stage by stage: as JSON (each stage's name, call, file, line range and the lines around it)
/// and as a page that works without JavaScript (`?stage=k` links walk it; the file's lines that ran are marked).
struct StepPage {
    let room: RoomID
    let app: AppAbout
    let entry: Trace.Entry
    let strip: [(name: String, detail: String)]
    let sources: SampleSources
    /// Where a stage's link goes, up to its number: `?stage=` at `…/steps/N`, `?step=N&stage=` at the page's `?step=N`.
    var stageLink = "?stage="
    /// Lines shown either side of the lines that ran.
    static let context = 4

    private var paneLink: String { "/rooms/\(room)/apps/\(app.id)" }
    private var step: Int { entry.step ?? 0 }

    func json() -> JSONValue {
        .object([
            ("app", .string(app.id)), ("step", .int(step)), ("event", .string(entry.event)), ("source", .string(entry.source.rawValue)),
            ("became", .array(entry.became.map(JSONValue.string))), ("changes", .array(entry.changes.map(JSONValue.string))),
            ("strip", .array(strip.map { .object([("name", .string($0.name)), ("detail", .string($0.detail))]) })),
            (
                "stages",
                .array(
                    entry.stages.map { stage in
                        let file = sources.file(stage.file)
                        return .object([
                            ("stage", .string(stage.stage)), ("place", .int(stage.place)), ("call", .string(stage.call)),
                            ("file", file.map { .string($0.path) } ?? .null), ("fileID", .string(stage.file)),
                            ("lines", .array([.int(stage.lines.lowerBound), .int(stage.lines.upperBound)])), ("later", .bool(stage.later)),
                            ("url", file.map { .string(Self.url(of: $0, lines: stage.lines)) } ?? .null),
                            (
                                "excerpt",
                                .array(
                                    (file?.excerpt(stage.lines, context: Self.context) ?? []).map {
                                        .object([("line", .int($0.number)), ("text", .string(String($0.text))), ("ran", .bool($0.ran))])
                                    })
                            ),
                        ])
                    })
            ),
        ])
    }

    /// The page at stage `current` (1-based; clamped to the row's stages).
    func html(stage current: Int, assets: RoomPage.Assets) -> String {
        let stages = entry.stages
        let index = min(max(current, 1), max(stages.count, 1)) - 1
        let shown = stages.indices.contains(index) ? stages[index] : nil
        let title = "Step \(step) of \(app.title): \(entry.event)"
        var out = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(HTML.text(title))</title><link rel="stylesheet" href="\(HTML.attribute(assets.stylesheet))"></head>
            <body class="step-page"><main><p><a href="\(HTML.attribute(paneLink))">← back to the \(HTML.text(app.title)) pane</a></p>
            <h1>\(HTML.text(title))</h1>
            """
        out += "<div class=\"flow\"><h2>The path it took</h2><ol class=\"flow-stages\">"
        for (place, stage) in strip.enumerated() {
            let turns = stages.indices.filter { stages[$0].place == place }
            var attributes = turns.isEmpty ? "" : " class=\"lit\" data-turns=\"\(turns.map { String($0 + 1) }.joined(separator: ","))\""
            if shown?.place == place { attributes += " aria-current=\"step\"" }
            out += "<li\(attributes)><b>\(HTML.text(stage.name))</b><small>\(HTML.text(stage.detail))</small></li>"
        }
        out += "</ol><ol class=\"flow-path\">"
        for (number, stage) in stages.enumerated() {
            let label = "<code>\(HTML.text(stage.call))</code> <small>\(HTML.text(stage.stage))\(stage.later ? " · later" : "")</small>"
            out += number == index
                ? "<li aria-current=\"step\"><strong>\(label)</strong></li>"
                : "<li><a href=\"\(HTML.attribute(stageLink))\(number + 1)\">\(label)</a></li>"
        }
        out += "</ol></div>"
        if stages.isEmpty {
            out += "<p>The runtime reported no stages for this step.</p>"
        }
        if let shown {
            out += "<section class=\"step-stage\" aria-labelledby=\"stage-heading\"><h2 id=\"stage-heading\">Stage \(index + 1) of \(stages.count): "
                + "\(HTML.text(shown.stage))\(shown.later ? " (later: after the input returned)" : "")</h2>"
            out += "<p><code>\(HTML.text(shown.call))</code></p>"
            if let file = sources.file(shown.file) {
                out += "<p><a href=\"\(HTML.attribute(Self.url(of: file, lines: shown.lines)))\">\(HTML.text(file.path))</a>, line\(shown.lines.count > 1 ? "s \(shown.lines.lowerBound)–\(shown.lines.upperBound)" : " \(shown.lines.lowerBound)")</p>"
                out += Self.excerptHTML(file.excerpt(shown.lines, context: Self.context))
            } else {
                out += "<p>\(HTML.text(shown.file)):\(shown.lines.lowerBound) (this server has no copy of that file)</p>"
            }
            out += "<nav class=\"step-nav\" aria-label=\"Stages\">"
            out += index > 0 ? "<a href=\"\(HTML.attribute(stageLink))\(index)\">◀ Previous stage</a>" : "<span aria-disabled=\"true\">◀ Previous stage</span>"
            out += index + 1 < stages.count ? " <a href=\"\(HTML.attribute(stageLink))\(index + 2)\">Next stage ▶</a>" : " <span aria-disabled=\"true\">Next stage ▶</span>"
            out += "</nav></section>"
        }
        if !entry.changes.isEmpty {
            out += "<h2>What it changed</h2><ul class=\"changes\">" + entry.changes.map { "<li><code>\(HTML.text($0))</code></li>" }.joined() + "</ul>"
        }
        return out + "</main></body></html>"
    }

    /// The whole file's page, the lines marked and scrolled to.
    static func url(of file: SourceFile, lines: ClosedRange<Int>) -> String {
        "/sources/\(file.fileID)?lines=\(lines.lowerBound)-\(lines.upperBound)#L\(lines.lowerBound)"
    }

    /// Numbered lines; the ones that ran are marked.
    static func excerptHTML(_ lines: [(number: Int, text: Substring, ran: Bool)]) -> String {
        var out = "<pre class=\"excerpt\" tabindex=\"0\" role=\"region\" aria-label=\"The lines that ran\"><code>"
        for line in lines {
            let text = "<span class=\"ln\" aria-hidden=\"true\">\(line.number)</span>\(HTML.text(String(line.text)))"
            out += line.ran ? "<mark>\(text)</mark>\n" : "\(text)\n"
        }
        return out + "</code></pre>"
    }
}

/// A whole sample or runtime file with numbered lines (`#L12` links to a line; `?lines=12-14` marks a range): where a
/// stage's "open the file" goes, and how the page lists the runtime's files without carrying them.
struct SourcePage {
    let file: SourceFile
    let marked: ClosedRange<Int>?

    func html(assets: RoomPage.Assets) -> String {
        var out = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(HTML.text(file.path))</title><link rel="stylesheet" href="\(HTML.attribute(assets.stylesheet))"></head>
            <body class="step-page"><main><h1>\(HTML.text(file.path))</h1><pre class="excerpt" tabindex="0" role="region" aria-label="The file"><code>
            """
        for (offset, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = offset + 1
            let text = "<span class=\"ln\" id=\"L\(number)\" aria-hidden=\"true\">\(number)</span>\(HTML.text(String(line)))"
            out += marked?.contains(number) == true ? "<mark>\(text)</mark>\n" : "\(text)\n"
        }
        return out + "</code></pre></main></body></html>"
    }

    /// `12-14` or `12`, within the file; 400 otherwise.
    static func lines(_ text: String?, in file: SourceFile) throws(HTTPError) -> ClosedRange<Int>? {
        guard let text else { return nil }
        let count = file.text.split(separator: "\n", omittingEmptySubsequences: false).count
        let parts = text.split(separator: "-", maxSplits: 1).map { Int($0) }
        guard text.utf8.count <= 13, parts.count >= 1, let first = parts[0], let last = parts.count == 2 ? parts[1] : first,
            1 <= first, first <= last, last <= count
        else {
            throw HTTPError(
                .badRequest, code: "invalid_lines", message: "lines must be N or N-M within the file's \(count) lines; got \(quoted(String(text.prefix(40)))).")
        }
        return first...last
    }
}
