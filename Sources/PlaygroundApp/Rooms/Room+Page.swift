import AppSeam
import PlaygroundHTTP
import PlaygroundUI

// The page and `/state`: every app drawn from current state.
extension Room {
    /// The page: every app (or only the one at `only`) rendered from current state, with the sequence number it shows.
    func page(host: String, assets: RoomPage.Assets, only: Int? = nil) throws(HTTPError) -> String {
        try checkOpen()
        renderAllIfNeeded()
        let indices = only.map { [$0] } ?? Array(blueprint.registry.pageIndices)
        // The panes first: drawing them sends any change the tabs have not seen, and the page names the step after it.
        let panes = indices.map(paneSection)
        return RoomPage(
            room: id, seq: seq, host: host, assets: assets, single: only != nil,
            index: blueprint.registry.pageIndices.map { (blueprint.registry.apps[$0].about.id, blueprint.registry.apps[$0].about.title) },
            panes: panes,
            timeline: journalMode != .off,
            notice: damageNotice.map { "This room's journal was damaged and it goes on from what could be read: \($0)." },
            forkedFrom: forkedFrom, hasCompare: !blueprint.registry.compareIndices.isEmpty
        ).html
    }

    /// The app at `index` as a page shows it (drawing it sends any change the tabs have not seen).
    func paneSection(_ index: Int) -> RoomPage.PaneSection {
        let viewHTML = shownHTML(of: index)
        let app = app(index)
        let registration = blueprint.registry.apps[index]
        return RoomPage.PaneSection(
            app: app.about.id, title: app.about.title, summary: app.about.summary,
            viewHTML: viewHTML,
            teachingHTML: app.teaching.fragments().map(\.html),
            curlTwins: registration.examples.map { example in
                CurlTwin(label: example.label, body: Self.envelopeJSON(app: app.about.id, fields: example.fields))
            },
            sourceFiles: blueprint.sources.files(of: app.about), runtimeFiles: blueprint.sources.runtimeFiles(of: app.about))
    }

    /// `{"app":…,"event":…,…arguments}`: an input as the JSON body curl posts.
    static func envelopeJSON(app: String, fields: [(name: String, value: EventArgument)]) -> String {
        JSONValue.object([("app", .string(app))] + fields.map { ($0.name, JSONValue($0.value)) }).text
    }

    /// A JSON object with one key per app.
    func state() throws(HTTPError) -> JSONValue {
        try checkOpen()
        return .object(appIndices.map { index in
            let app = app(index)
            return (app.about.id, JSONValue(encoding: app.snapshot))
        })
    }
}

/// An input a pane's page can fire, as a curl command's JSON body.
struct CurlTwin: Sendable {
    /// What the page calls it ("Change colors").
    let label: String
    /// The JSON body, e.g. `{"app":"ev","event":"changeBothSidesColors"}`.
    let body: String
}
