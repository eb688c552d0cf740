import PlaygroundUI

/// An app's root: its view, made with the room's dependencies, identified as the app's SSE fragment
/// (`.id("vvsi-list")`), so that a sample need not write a root view of its own.
public struct ViewStateRoot<Content: View>: View {
    let id: String
    let content: () -> Content

    public init(id: String, content: @escaping () -> Content) {
        (self.id, self.content) = (id, content)
    }

    public var body: some View {
        content().id(id)
    }
}

extension ViewStateHost {
    /// Hosts `content`, identified as the fragment `id`, in the room whose isolation is `isolation`: the view state is
    /// the one `viewState` reads off the `Content` view once drawn.
    public convenience init<Content: View>(
        id: String, appID: String, isolation: any Actor, summary: @escaping (Interactor.S) -> String,
        viewState: @escaping (Content) -> ViewState<Interactor>, content: @escaping () -> Content
    ) where Root == ViewStateRoot<Content> {
        let root = ViewStateRoot(id: id, content: content)
        self.init(root, appID: appID, isolation: isolation, inspecting: [Content.self], summary: summary) { $0.view(Content.self).map(viewState) }
    }
}
