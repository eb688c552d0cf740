/// What a render needs from outside the view tree.
public struct RenderContext: Sendable, Equatable {
    /// Where the room takes its app's inputs (`/rooms/ID/events`); controls post to ``actionURL`` (by default the same).
    public var formAction: String
    /// The URL a control holding a closure posts its action id to (the room's `/rooms/ID/actions`).
    public var actionURL: String
    /// Hidden fields every control's form carries besides its action id, e.g. `app=ev`: which app's host to ask.
    public var actionFields: [FormField]
    /// What the `id`s the renderer makes up (a keyed list's, its rows') start with, e.g. `nice-`: they stay unique
    /// on a page that shows several apps.
    public var idPrefix: String

    /// Makes a context whose forms post to `formAction`, and whose controls post to `actionURL` (default: the same).
    public init(formAction: String, actionURL: String? = nil, actionFields: [FormField] = [], idPrefix: String = "") {
        self.formAction = formAction
        self.actionURL = actionURL ?? formAction
        self.actionFields = actionFields
        self.idPrefix = idPrefix
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
    /// Every element that carries an `id`, outermost or not (a keyed list inside a fragment, its rows), in document
    /// order, with where it lies in `html`'s UTF-8: what a room diffs to patch one row instead of a whole list.
    public var nodes: [FragmentNode]

    /// Makes a rendered view; without a `skeleton` it is worked out by finding each fragment in `html`, and without
    /// `nodes` they are the fragments, found the same way.
    public init(html: String, fragments: [Fragment], skeleton: String? = nil, nodes: [FragmentNode]? = nil) {
        self.html = html
        self.fragments = fragments
        self.skeleton = skeleton ?? Self.skeleton(of: html, fragments: fragments)
        self.nodes = nodes ?? Self.nodes(of: html, fragments: fragments)
    }

    /// This view, then `other` after it (a pane's app and the controls the room draws under it), its nodes moved.
    public func followed(by other: RenderedView) -> RenderedView {
        let (offset, base) = (html.utf8.count, nodes.count)
        let moved = other.nodes.map { node in
            var placed = node.shifted(by: offset, parentBase: 0)
            placed.parent = node.parent < 0 ? -1 : node.parent + base
            return placed
        }
        return RenderedView(
            html: html + other.html, fragments: fragments + other.fragments, skeleton: skeleton + other.skeleton, nodes: nodes + moved)
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

    /// The fragments as nodes: each found in `html` (they are outermost and in document order).
    static func nodes(of html: String, fragments: [Fragment]) -> [FragmentNode] {
        let bytes = Array(html.utf8)
        var nodes: [FragmentNode] = []
        var cursor = 0
        for fragment in fragments {
            let needle = Array(fragment.html.utf8)
            guard let start = firstIndex(of: needle, in: bytes, from: cursor) else { continue }
            let end = start + needle.count
            let startTagEnd = needle.firstIndex(of: UInt8(ascii: ">")).map { start + $0 + 1 } ?? end
            let endTagStart = needle.lastIndex(of: UInt8(ascii: "<")).map { start + $0 } ?? end
            nodes.append(FragmentNode(id: fragment.id, range: start..<end, inner: startTagEnd..<max(startTagEnd, endTagStart), parent: -1))
            cursor = end
        }
        return nodes
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

/// An element with an `id` in a render: where it lies in the HTML's UTF-8 bytes and which such element encloses it.
public struct FragmentNode: Sendable, Equatable {
    /// The element's `id` (unescaped).
    public var id: String
    /// From its start tag's `<` to its end tag's `>`.
    public var range: Range<Int>
    /// Its content: after its start tag, before its end tag.
    public var inner: Range<Int>
    /// The index of the innermost node enclosing it, or -1 for an outermost one (a fragment).
    public var parent: Int

    public init(id: String, range: Range<Int>, inner: Range<Int>, parent: Int) {
        (self.id, self.range, self.inner, self.parent) = (id, range, inner, parent)
    }

    /// Moved by `offset` bytes; its parent counted from `parentBase` (-1 when the parent lies before it).
    func shifted(by offset: Int, parentBase: Int) -> FragmentNode {
        FragmentNode(
            id: id, range: (range.lowerBound + offset)..<(range.upperBound + offset), inner: (inner.lowerBound + offset)..<(inner.upperBound + offset),
            parent: parent < parentBase ? -1 : parent - parentBase)
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
