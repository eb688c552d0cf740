import AppSeam
import Foundation
import PlaygroundJournal
import PlaygroundUI

/// Presenter mode on the page: the live fragment every tab shares (lock banner, spotlight), the presenter's own panel,
/// and the gate around the panes' controls. Added to the room's pages as drawn, so the pages' own code is untouched.
enum PresenterView {
    static let liveID = "presenter-live"

    /// The fragment every tab of the room shows, sent as a patch whenever a presenter changes it. Watchers' parts and
    /// presenters' parts are both in it; the page's `data-presenter` picks which show (CSS).
    static func live(_ state: PresenterState, room: RoomID, registry: AppRegistry) -> String {
        var out = "<section id=\"\(liveID)\" class=\"presenter-live\" aria-label=\"Presenter\" data-locked=\"\(state.locked)\""
        out += " data-spotlight=\"\(HTML.attribute(state.spotlight ?? ""))\"\(state.locked || state.spotlight != nil ? "" : " hidden")>"
        if state.locked {
            out += """
                <div class="presenter-banner for-watchers" role="status"><p><strong>The presenter is driving — Fork to try it yourself</strong>. \
                This room's controls are off for you while it is locked; the page follows every press live.</p>\
                <form method="post" action="/rooms/\(room)/fork" data-own-handler><input type="hidden" name="at" value="latest">\
                <button type="submit" class="presenter-fork">Fork</button></form></div>\
                <p class="for-presenters" role="status"><strong>Locked</strong>: only presenters drive; everyone else watches and may fork.</p>
                """
        }
        if let app = state.spotlight, let index = registry.index(of: app) {
            let about = registry.apps[index].about
            let page = registry.compareIndices.contains(index) ? "/rooms/\(room)/compare" : "/rooms/\(room)"
            out += """
                <p class="presenter-spotlight" role="status">The presenter is on \
                <a href="\(page)#\(HTML.attribute(about.id))">\(HTML.text(about.title))</a>.</p>
                """
        }
        return out + "</section>"
    }

    /// The presenter's controls: lock, unlock, a spotlight per pane, a co-presenter link, the token for curl.
    static func panel(room: RoomID, registry: AppRegistry, compare: Bool) -> String {
        let path = "/rooms/\(room)/presenter"
        let indices = compare ? registry.compareIndices : registry.pageIndices
        let form = { (fields: String, label: String, extra: String) -> String in
            "<form method=\"post\" action=\"\(path)\"\(extra)>\(fields)<button type=\"submit\">\(label)</button></form>"
        }
        var spotlights = ""
        for index in indices {
            let about = registry.apps[index].about
            spotlights += form(
                "<input type=\"hidden\" name=\"action\" value=\"spotlight\"><input type=\"hidden\" name=\"pane\" value=\"\(HTML.attribute(about.id))\">",
                "Spotlight \(HTML.text(about.title))", "")
        }
        spotlights += form("<input type=\"hidden\" name=\"action\" value=\"spotlight\">", "No spotlight", "")
        return """
            <section class="presenter-panel" aria-labelledby="presenter-title"><h2 id="presenter-title">You present this room</h2>\
            <p>Lock it and only its presenters drive; everyone else follows live and can fork it to try alone.</p>\
            <div class="presenter-row">\(form("<input type=\"hidden\" name=\"action\" value=\"lock\">", "Lock", ""))\
            \(form("<input type=\"hidden\" name=\"action\" value=\"unlock\">", "Unlock", ""))</div>\
            <div class="presenter-row" role="group" aria-label="Spotlight">\(spotlights)</div>\
            <div class="presenter-row"><form method="post" action="\(path)/invite" data-own-handler class="presenter-invite">\
            <button type="submit">Invite a co-presenter</button></form>\
            <form method="get" action="\(path)/token" data-own-handler class="presenter-token"><button type="submit">Show my token</button></form></div>\
            <p id="presenter-output" class="presenter-output" role="status" aria-live="polite"></p></section>
            """
    }

    /// `html` (a live room, one-app or compare page) with presenter mode added: the panel for a presenter, the live
    /// fragment for all, and the panes' controls inside a fieldset that is disabled for a watcher of a locked room.
    static func decorate(_ html: String, room: RoomID, state: PresenterState, presenter: Bool, registry: AppRegistry, compare: Bool) -> String {
        var page = html
        let watcherLocked = state.locked && !presenter
        if let head = page.range(of: "</head>") {
            page.insert(
                contentsOf: "<link rel=\"stylesheet\" href=\"/public/presenter.css\"><script src=\"/public/presenter.js\" defer></script>",
                at: head.lowerBound)
        }
        if let body = page.range(of: "<body data-room=") {
            page.replaceSubrange(body, with: "<body data-presenter=\"\(presenter)\" data-locked=\"\(state.locked)\" data-room=")
        }
        var added = "\n" + live(state, room: room, registry: registry)
        if presenter { added = "\n" + panel(room: room, registry: registry, compare: compare) + added }
        if let header = page.range(of: "</header>") { page.insert(contentsOf: added, at: header.upperBound) }
        if let main = page.range(of: "<main>") {
            page.replaceSubrange(main, with: "<main><fieldset class=\"presenter-gate\"\(watcherLocked ? " disabled" : "")>")
        }
        if let end = page.range(of: "</main>", options: .backwards) { page.replaceSubrange(end, with: "</fieldset></main>") }
        if !presenter {
            page = page.replacingOccurrences(
                of: "<h3>Curl twins</h3>",
                with: "<h3>Curl twins</h3><p class=\"twins-locked\">While the presenter has this room locked these answer 403 room_locked; fork it to run them.</p>")
        }
        return page
    }
}

extension PresenterView {
    /// What a past page says of the presenter at its step (nothing for a room nobody locked or spotlit then).
    static func past(_ state: PresenterState, registry: AppRegistry) -> String {
        guard state.locked || state.spotlight != nil else { return "" }
        var parts: [String] = []
        if state.locked { parts.append("the room was locked by its presenter") }
        if let app = state.spotlight, let index = registry.index(of: app) {
            parts.append("the presenter was on \(HTML.text(registry.apps[index].about.title))")
        }
        return "<p class=\"presenter-past\" role=\"status\">At this step \(parts.joined(separator: "; ")).</p>"
    }

    /// `line` after the past page's time-travel banner.
    static func addingPast(_ line: String, to page: String) -> String {
        guard !line.isEmpty, let banner = page.range(of: "</nav>") else { return page }
        var page = page
        page.insert(contentsOf: line, at: banner.upperBound)
        return page
    }
}
