/// What a render needs from outside the view tree.
public struct RenderContext: Sendable, Equatable {
    /// The URL every form of a ``PostableEvent`` posts to (the room's `/rooms/ID/events`).
    public var formAction: String
    /// The URL a control holding a closure posts its action id to (the room's `/rooms/ID/actions`).
    public var actionURL: String
    /// Hidden fields every control's form carries besides its action id, e.g. `app=ev`: which app's host to ask.
    public var actionFields: [FormField]

    /// Makes a context whose forms post to `formAction`, and whose controls post to `actionURL` (default: the same).
    public init(formAction: String, actionURL: String? = nil, actionFields: [FormField] = []) {
        self.formAction = formAction
        self.actionURL = actionURL ?? formAction
        self.actionFields = actionFields
    }
}

/// A hidden field of a form.
public struct FormField: Sendable, Equatable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        (self.name, self.value) = (name, value)
    }
}

/// The HTML of one render.
public struct RenderedView: Sendable, Equatable {
    /// The whole tree's HTML, compact and deterministic.
    public var html: String
    /// The outermost elements that carry an `.id`, in document order.
    public var fragments: [Fragment]
    /// The HTML with each fragment cut out and replaced by a marker naming it: what changed outside the
    /// fragments shows here, so a client can be patched fragment by fragment only while this stays the same.
    public var skeleton: String

    /// Makes a rendered view; without a `skeleton` it is worked out by finding each fragment in `html`.
    public init(html: String, fragments: [Fragment], skeleton: String? = nil) {
        self.html = html
        self.fragments = fragments
        self.skeleton = skeleton ?? Self.skeleton(of: html, fragments: fragments)
    }

    /// The marker that stands for a fragment in a skeleton.
    static func marker(_ id: String) -> String { "\u{0}\(id)\u{0}" }

    /// Finds each fragment in `html` (they are outermost and in document order) and cuts it out.
    static func skeleton(of html: String, fragments: [Fragment]) -> String {
        let bytes = Array(html.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var cursor = 0
        for fragment in fragments {
            let needle = Array(fragment.html.utf8)
            guard let start = firstIndex(of: needle, in: bytes, from: cursor) else { continue }
            out += bytes[cursor..<start]
            out += marker(fragment.id).utf8
            cursor = start + needle.count
        }
        out += bytes[cursor...]
        return String(decoding: out, as: UTF8.self)
    }

    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, needle.count <= haystack.count - start else { return needle.isEmpty ? start : nil }
        var index = start
        while index + needle.count <= haystack.count {
            if haystack[index] == first, haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
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
