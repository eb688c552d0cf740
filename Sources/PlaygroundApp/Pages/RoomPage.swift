import PlaygroundJournal
import PlaygroundUI

/// The whole room page: every pane rendered from current state, with its teaching layer.
///
/// Works with JavaScript off (every button is a form that POSTs and comes back with 303);
/// `Public/playground.js` makes it live by applying the SSE patches.
struct RoomPage {
    /// One app's section of the page.
    struct PaneSection {
        let app: String
        let title: String
        let summary: String
        let viewHTML: String
        let teachingHTML: [String]
        let curlTwins: [CurlTwin]
        let sourceFiles: [SourceFile]
        /// The runtime's files (the article's mechanisms), listed as links: carrying them would double the page.
        var runtimeFiles: [SourceFile] = []
    }

    /// Versioned URLs of the page's static files.
    struct Assets: Sendable {
        var stylesheet = "/public/playground.css"
        var script = "/public/playground.js"
    }

    let room: RoomID
    let seq: UInt64
    let host: String
    let assets: Assets
    /// True for one app's page (`/rooms/{id}/apps/{app}`), to project one architecture to a class.
    let single: Bool
    /// Every app of the room (id, title), for the index at the top.
    let index: [(id: String, title: String)]
    let panes: [PaneSection]
    /// Each pane's timeline (first, back, history): only where the room keeps its history (not `--no-journal`).
    var timeline = true
    /// A line under the header that says what the room lost (a damaged journal), if it lost anything.
    var notice: String? = nil
    /// The room and step this room was forked from, said at the top of its page.
    var forkedFrom: (room: RoomID, step: Int)? = nil
    /// Set for the compare page: its shared bar, aligned traces and code sizes.
    var compare: Compare? = nil
    /// Whether the registry has apps to compare (the index then links the compare page).
    var hasCompare = false

    struct Compare {
        let barHTML: String
        let traceHTML: String
        let codeSizes: [CodeSize]
    }

    var html: String {
        let roomPath = "/rooms/\(room)"
        var out = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">\
            <meta name="viewport" content="width=device-width, initial-scale=1">\
            <title>Architecture Playground · \(compare == nil ? "room" : "compare, room") \(HTML.text(room.description))</title>\
            <link rel="icon" href="data:,">\
            <link rel="stylesheet" href="\(HTML.attribute(assets.stylesheet))">\
            <script src="\(HTML.attribute(assets.script))" defer></script></head>
            <body data-room="\(HTML.attribute(roomPath))" data-seq="\(seq)">
            <header class="top"><h1>Architecture Playground</h1>\
            <p>Room <code>\(HTML.text(room.description))</code>: share this address; every tab and every HTTP client in the \
            room drives and sees the same apps. <a href="/">New room</a></p>\
            <p class="live">Updates: <span id="connection" data-state="static">static page (JavaScript is off: \
            buttons still work, reload to see others' changes)</span></p></header>
            <div id="errors" role="alert" hidden></div>\n
            """
        if let notice { out += "<p class=\"journal-damage\" role=\"status\">\(HTML.text(notice))</p>\n" }
        if let forkedFrom {
            out += "<p class=\"forked-from\" role=\"status\">Forked from room <a href=\"/rooms/\(forkedFrom.room)?at=\(forkedFrom.step)\">"
                + "\(forkedFrom.room)</a> at step \(forkedFrom.step): from here on it is a room of its own.</p>\n"
        }
        out += indexHTML(roomPath: roomPath)
        out += "<main>\n"
        if let compare {
            out += compareHeadHTML(compare, roomPath: roomPath)
            out += "<div class=\"compare-panes\">\n"
            for pane in panes { out += section(pane, roomPath: roomPath) }
            out += "</div>\n" + compare.traceHTML + "\n" + codeSizeHTML(compare.codeSizes)
        } else {
            out += startHereHTML
            for pane in panes { out += section(pane, roomPath: roomPath) }
        }
        out += """
            </main>
            <footer><p>Watch the raw stream: <code>curl -N \(HTML.text(streamURL(roomPath)))</code> · \
            state as JSON: <a href="\(HTML.attribute(roomPath + "/state"))">\(HTML.text(roomPath))/state</a></p></footer>
            </body></html>\n
            """
        return out
    }

    /// How to read a pane, and a first press: the first pane's first control, as its curl twin names it.
    private var startHereHTML: String {
        let first = panes.first.flatMap { pane in pane.curlTwins.first.map { (pane.title, $0.label) } }
        let press = first.map { "Press <strong>\(HTML.text($0.1))</strong> in the \(HTML.text($0.0)) pane" } ?? "Press any control"
        return """
            <details class="start-here" open><summary>Start here</summary><ol>\
            <li>Each pane runs one architecture's sample app, written like its article; every tab and curl client of this room \
            drives and sees the same apps.</li>\
            <li>\(press): the <em>flow</em> beside it lights the stages that event really passed, numbered in the order they ran \
            (dashed: later, after an answer or a turn); under it, each stage's call.</li>\
            <li>The <em>trace</em> keeps the last events: the room's step (open the room as it was then), what the event became in \
            the architecture, and what it changed in the app's state. <em>Step ▶</em> walks its stages over the code.</li>\
            <li>Each pane's <em>curl twins</em> post the same events from a terminal; its Swift source is at the bottom.</li></ol></details>\n
            """
    }

    /// The compare page's heading, what it is for, and its shared bar.
    private func compareHeadHTML(_ compare: Compare, roomPath: String) -> String {
        """
        <section class="compare-head" aria-labelledby="compare-title"><h2 id="compare-title">Compare: one app, five architectures</h2>\
        <p>The same Films app (search the catalog, open a film, heart it, go back) written five times, each in its article's idiom. \
        The bar below sends each input to all five at once (one room step each, in this order); every pane keeps its own controls \
        too. Read the <a href="#compare-trace">aligned traces</a> to see what one input became in each architecture. Over HTTP: \
        <code>curl -X POST http://\(HTML.text(host))\(HTML.text(roomPath))/compare/events -H 'Content-Type: application/json' \
        -d '{"event":"search","query":"alien"}'</code>.</p>
        \(compare.barHTML)</section>

        """
    }

    /// How many lines each implementation needed, counted from its source files.
    private func codeSizeHTML(_ sizes: [CodeSize]) -> String {
        var out = """
            <section class="code-size" aria-labelledby="code-size-title"><h2 id="code-size-title">Code each implementation needed</h2>\
            <p>Lines of Swift (blank and comment-only lines left out), counted from the files its pane lists: the article-shaped \
            code, and the glue that hosts it. Not counted: what all five share (the events, the HTTP client, the leaf views).</p>\
            <table><thead><tr><th scope="col">implementation</th><th scope="col">files</th><th scope="col">article-shaped lines</th>\
            <th scope="col">glue lines</th></tr></thead><tbody>
            """
        for size in sizes {
            out += "<tr><th scope=\"row\">\(HTML.text(size.title))</th><td>\(size.files)</td><td>\(size.articleLines)</td><td>\(size.glueLines)</td></tr>"
        }
        return out + "</tbody></table></section>\n"
    }

    /// The architectures: each links to its pane on the room page (`#ev`) and to its own page; and the compare page.
    private func indexHTML(roomPath: String) -> String {
        var out = "<nav class=\"apps\" aria-label=\"Architectures\"><ul>"
        for app in index {
            let anchor = single || compare != nil ? "\(roomPath)#\(app.id)" : "#\(app.id)"
            out += "<li><a href=\"\(HTML.attribute(anchor))\">\(HTML.text(app.title))</a> "
            out += "<a class=\"alone\" href=\"\(HTML.attribute("\(roomPath)/apps/\(app.id)"))\">alone</a></li>"
        }
        guard hasCompare else { return out + "</ul></nav>\n" }
        out += compare == nil
            ? "<li class=\"compare-link\"><a href=\"\(HTML.attribute(roomPath))/compare\">Compare: one app in all five</a></li>"
            : "<li class=\"compare-link\"><strong>Compare: one app in all five</strong></li>"
        return out + "</ul></nav>\n"
    }

    private func section(_ pane: PaneSection, roomPath: String) -> String {
        // One pane's page moves through that app's steps only.
        let timelinePath = single || compare != nil ? "\(roomPath)/apps/\(pane.app)" : roomPath
        var out = """
            <section class="pane" id="\(HTML.attribute(pane.app))" aria-labelledby="title-\(HTML.attribute(pane.app))">
            <header><h2 id="title-\(HTML.attribute(pane.app))">\(HTML.text(pane.title))</h2><p>\(HTML.text(pane.summary))</p>
            """
        if timeline {
            out += """
                <nav class="timeline" aria-label="Timeline of the \(single ? "pane" : "room") (\(HTML.attribute(pane.title)) pane)"><a href="\(HTML.attribute(timelinePath))?at=first">⏮ First</a> \
                <a class="timeline-back" href="\(HTML.attribute(timelinePath))?at=back">◀ Back</a><!--forward--> \
                <a href="\(HTML.attribute(roomPath))/history">History</a></nav>
                """
        }
        out += """
            </header>
            <details class="pane-fold" open><summary>Show or hide the \(HTML.text(pane.title)) pane</summary>
            <div class="pane-body"><div class="app-view">
            """
        out += pane.viewHTML
        out += "</div>\n<aside class=\"teaching\">\n"
        out += pane.teachingHTML.joined(separator: "\n")
        if !pane.curlTwins.isEmpty {
            out += "<div class=\"curl-twins\"><h3>Curl twins</h3>"
            for twin in pane.curlTwins {
                let command =
                    "curl -X POST \(shellQuoted("http://\(host)\(roomPath)/events")) "
                    + "-H 'Content-Type: application/json' -d \(shellQuoted(twin.body))"
                out += "<p>\(HTML.text(twin.label))</p><pre><code>\(HTML.text(command))</code></pre>"
            }
            out += "</div>"
        }
        if !pane.sourceFiles.isEmpty {
            out += "<div class=\"sources\"><h3>Swift source (\(pane.sourceFiles.count) files)</h3>"
            if pane.sourceFiles.contains(where: \.isGlue) {
                out += "<p><small>The article's code first; files marked <em>glue</em> connect the sample to the playground.</small></p>"
            }
            for file in pane.sourceFiles {
                let label = file.isGlue ? " <small class=\"glue\">glue</small>" : ""
                out +=
                    "<details class=\"source\"><summary>\(HTML.text(file.name))\(label)</summary><pre><code>\(HTML.text(file.text))</code></pre></details>"
            }
            if let module = pane.runtimeFiles.first?.fileID.split(separator: "/").first {
                out += "<p><small>The runtime it runs on (\(HTML.text(String(module)))), with line numbers:</small></p><ul class=\"runtime-files\">"
                for file in pane.runtimeFiles {
                    out += "<li><a href=\"/sources/\(HTML.attribute(file.fileID))\">\(HTML.text(file.name))</a></li>"
                }
                out += "</ul>"
            }
            out += "</div>"
        }
        out += "</aside></div></details></section>\n"
        return out
    }

    private func streamURL(_ roomPath: String) -> String {
        "http://\(host)\(roomPath)/stream"
    }

    /// POSIX shell single quotes: nothing inside is interpreted.
    private func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// The page for a room that has closed (rooms close when idle) or never existed.
    static let closedRoomHTML = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">\
        <title>Architecture Playground · no such room</title><link rel="stylesheet" href="/public/playground.css"></head>
        <body><header class="top"><h1>Architecture Playground</h1>\
        <p>This room does not exist, or it has closed: rooms close after a while with nobody in them.</p>\
        <p><a href="/">Open a new room</a></p></header></body></html>\n
        """
}
