/// What a render needs from outside the view tree.
public struct RenderContext: Sendable, Equatable {
    /// The URL every form posts to (the room's `/rooms/ID/events`).
    public var formAction: String

    /// Makes a context whose forms post to `formAction`.
    public init(formAction: String) {
        self.formAction = formAction
    }
}

/// The HTML of one render.
public struct RenderedView: Sendable, Equatable {
    /// The whole tree's HTML, compact and deterministic.
    public var html: String
    /// The outermost elements that carry an `.id`, in document order.
    public var fragments: [Fragment]

    /// Makes a rendered view (mostly for tests).
    public init(html: String, fragments: [Fragment]) {
        self.html = html
        self.fragments = fragments
    }
}

/// One element with an `id`: the unit the playground diffs and pushes over SSE.
public struct Fragment: Sendable, Equatable {
    /// The element's `id` (unescaped).
    public var id: String
    /// The element's complete HTML, from its start tag to its end tag.
    public var html: String

    /// Makes a fragment.
    public init(id: String, html: String) {
        self.id = id
        self.html = html
    }
}
