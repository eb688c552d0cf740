import PlaygroundUI

/// What a room needs from each sample app it hosts. A pane lives in its room's isolation.
protocol Pane: AnyObject {
    /// The `app` name events use (`"ev"`).
    var app: String { get }
    /// The pane's heading.
    var title: String { get }
    /// One sentence on what the architecture shows.
    var summary: String { get }
    /// Renders the app's views; fragments (elements with an `.id`) are what patches replace.
    func renderView(_ context: RenderContext) -> RenderedView
    /// The teaching layer: flow strip with the last event's path lit, and the trace.
    var teaching: Teaching { get }
    /// The equivalent curl command of each event the page can fire (body only; the page adds the URL).
    var curlTwins: [CurlTwin] { get }
    /// The sample's Swift source files, shown beside the pane.
    var sourceFiles: [SourceFile] { get }
    /// The app's state for `GET /rooms/{id}/state`.
    var snapshot: JSONValue { get }
    /// Cancels every subscription and task of the app.
    func unmount()
}

extension Pane {
    /// The id of the element that holds the whole app view (`ev-view`).
    var viewID: String { "\(app)-view" }
}

/// An event a pane's page can fire, as a curl command's JSON body.
struct CurlTwin: Sendable {
    /// What the page calls it ("Change colors").
    let label: String
    /// The JSON body, e.g. `{"app":"ev","event":"changeBothSidesColors"}`.
    let body: String
}
