import PlaygroundUI

/// What the tabs show of one pane's view, and how to patch it with the least HTML.
///
/// The app's view is wrapped in `<div id="ev-view">`; its `.id` fragments are patched one by one.
/// If anything outside them changed (the "skeleton"), the whole wrapper is sent instead.
struct PaneView: Equatable {
    let id: String
    private(set) var wrappedHTML = ""
    private(set) var skeleton = ""
    private(set) var fragments: [String: String] = [:]

    init(id: String) {
        self.id = id
    }

    /// Records `rendered` as shown and returns the fragments that patch the old state into it.
    mutating func update(_ rendered: RenderedView) -> [Fragment] {
        let newSkeleton = rendered.skeleton
        let newWrapped = "<div id=\"\(HTML.attribute(id))\" class=\"app-root\">\(rendered.html)</div>"
        defer {
            wrappedHTML = newWrapped
            skeleton = newSkeleton
            fragments = Dictionary(rendered.fragments.map { ($0.id, $0.html) }, uniquingKeysWith: { first, _ in first })
        }
        if newSkeleton != skeleton { return [Fragment(id: id, html: newWrapped)] }
        return rendered.fragments.filter { fragments[$0.id] != $0.html }
    }
}
