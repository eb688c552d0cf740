/// Writes compact, deterministic HTML. Every dynamic string goes through ``HTML`` escaping here and nowhere
/// else; tag and attribute names are `StaticString`s.
///
/// Attribute order is fixed: `id`, `class`, `style`, then the element's own attributes in the order given.
/// Every element carrying an `id` is collected as a node of the fragment tree (``RenderedView/nodes``): the
/// outermost ones are the fragments; those inside them (a keyed list and its rows) let a patch replace, insert,
/// remove or move one row. The page is written as UTF-8 bytes into one buffer and becomes a `String` once, at the end.
struct HTMLWriter {
    private let bytes: HTMLBytes
    /// Every element with an `id`, in document order (the order their start tags were written).
    private(set) var nodes: [FragmentNode] = []
    /// Open elements: their tag and, for a node, its index in ``nodes``.
    private var openElements: [(tag: StaticString, node: Int)] = []
    /// The innermost open node, -1 outside every node.
    private var openNode = -1

    /// A writer whose buffer starts with room for `capacity` bytes.
    init(capacity: Int = 0) {
        bytes = HTMLBytes(capacity: capacity)
    }

    /// The HTML written so far.
    var html: String { bytes.string(0..<bytes.count) }

    /// The outermost elements with an `id`, in document order; one that is the whole of `html` (a pitfall pane, kept
    /// between renders) shares its string rather than holding a second copy.
    func fragments(of html: String) -> [Fragment] {
        nodes.filter { $0.parent < 0 }.map { Fragment(id: $0.id, html: $0.range == 0..<bytes.count ? html : bytes.string($0.range)) }
    }

    /// The HTML with each fragment replaced by its marker, cut by position (no searching); its storage is its own
    /// size, not the whole HTML's (a kept render keeps it).
    var skeleton: String {
        var out = ""
        var size = bytes.count
        for node in nodes where node.parent < 0 { size += node.id.utf8.count + 2 - node.range.count }  // a marker is the id and two NULs
        out.reserveCapacity(size)
        var cursor = 0
        for node in nodes where node.parent < 0 {
            out += bytes.string(cursor..<node.range.lowerBound)
            out += RenderedView.marker(node.id)
            cursor = node.range.upperBound
        }
        out += bytes.string(cursor..<bytes.count)
        return out
    }

    /// The number of bytes written so far.
    var count: Int { bytes.count }

    /// Whether an element being written is a fragment (an element with an `id` is open).
    var isInsideFragment: Bool { openNode >= 0 }

    /// The number of nodes collected so far.
    var fragmentCount: Int { nodes.count }

    /// Copies what was written from `start` and the nodes collected from `firstNode` into `memo` (their ranges
    /// relative to `start`, their parents relative to `firstNode`, or -1: the node open where the memo is replayed).
    func record(from start: Int, firstFragment firstNode: Int, into memo: RenderMemo) {
        memo.bytes.removeAll(keepingCapacity: true)
        bytes.copy(start..<bytes.count, into: &memo.bytes)
        memo.nodes.removeAll(keepingCapacity: true)
        for node in nodes[firstNode...] {
            memo.nodes.append(node.shifted(by: -start, parentBase: firstNode))
        }
    }

    /// Writes a memo's output again, with its nodes.
    mutating func replay(_ memo: RenderMemo) {
        let start = bytes.count
        let base = nodes.count
        memo.bytes.withUnsafeBufferPointer { bytes.append($0) }
        for node in memo.nodes {
            var placed = node.shifted(by: start, parentBase: 0)
            placed.parent = node.parent < 0 ? openNode : node.parent + base
            nodes.append(placed)
        }
    }

    /// Opens `<tag …>`; close it with ``close()``.
    mutating func open(
        _ tag: StaticString, _ attributes: ElementAttributes, _ extra: [(name: StaticString, value: String)] = []
    ) {
        var node = -1
        let start = bytes.count
        writeStartTag(tag, attributes, extra)
        if let id = attributes.id {
            node = nodes.count
            nodes.append(FragmentNode(id: id, range: start..<start, inner: bytes.count..<bytes.count, parent: openNode))
            openNode = node
        }
        openElements.append((tag, node))
    }

    /// Closes the innermost open element.
    mutating func close() {
        let element = openElements.removeLast()
        let innerEnd = bytes.count
        write("</")
        write(element.tag)
        write(">")
        if element.node >= 0 {
            nodes[element.node].range = nodes[element.node].range.lowerBound..<bytes.count
            nodes[element.node].inner = nodes[element.node].inner.lowerBound..<innerEnd
            openNode = nodes[element.node].parent
        }
    }

    /// Writes a void element such as `<input …>` (no closing tag). Void elements never become fragments.
    mutating func void(_ tag: StaticString, _ attributes: ElementAttributes, _ extra: [(name: StaticString, value: String)]) {
        writeStartTag(tag, attributes, extra)
    }

    /// Writes escaped text content.
    mutating func text(_ text: String) {
        HTML.appendEscaped(text, to: bytes)
    }

    private mutating func writeStartTag(
        _ tag: StaticString, _ attributes: ElementAttributes, _ extra: [(name: StaticString, value: String)]
    ) {
        write("<")
        write(tag)
        if let id = attributes.id { writeAttribute("id", id) }
        if !attributes.classes.isEmpty {
            write(" class=\"")
            for (index, name) in attributes.classes.enumerated() {
                if index > 0 { write(" ") }
                HTML.appendEscaped(name, to: bytes)
            }
            write("\"")
        }
        if !attributes.styles.isEmpty {
            write(" style=\"")
            for (index, style) in attributes.styles.enumerated() {
                if index > 0 { write(";") }
                HTML.appendEscaped(style.property, to: bytes)
                write(":")
                HTML.appendEscaped(style.value, to: bytes)
            }
            write("\"")
        }
        for attribute in extra { writeAttribute(attribute.name, attribute.value) }
        write(">")
    }

    private mutating func writeAttribute(_ name: StaticString, _ value: String) {
        write(" ")
        write(name)
        write("=\"")
        HTML.appendEscaped(value, to: bytes)
        write("\"")
    }

    private func write(_ string: StaticString) {
        bytes.append(string.utf8Start, count: string.utf8CodeUnitCount)
    }
}

/// The page's bytes: a plain growable buffer, because the writer appends hundreds of short pieces per
/// render and `Array.append(contentsOf:)` cost several times more (BENCHMARKS.md, "Profiles") against a
/// capacity check and a `memcpy` here. Only ``HTMLWriter`` and ``HTML/appendEscaped(_:to:)`` write to it.
final class HTMLBytes {
    private var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 256)
        start = .allocate(capacity: self.capacity)
    }

    deinit { start.deallocate() }

    func append(_ source: UnsafePointer<UInt8>, count: Int) {
        if self.count + count > capacity { grow(to: self.count + count) }
        (start + self.count).update(from: source, count: count)
        self.count += count
    }

    func append(_ source: UnsafeBufferPointer<UInt8>) {
        guard let base = source.baseAddress else { return }
        append(base, count: source.count)
    }

    /// Appends the bytes in `range` to `array`.
    func copy(_ range: Range<Int>, into array: inout [UInt8]) {
        array.append(contentsOf: UnsafeBufferPointer(start: start + range.lowerBound, count: range.count))
    }

    /// The bytes in `range` as a `String` (invalid UTF-8 is repaired, as `String(decoding:)` does).
    func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(start: start + range.lowerBound, count: range.count), as: UTF8.self)
    }

    private func grow(to needed: Int) {
        let grown = max(needed, capacity * 2)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        moved.moveInitialize(from: start, count: count)
        start.deallocate()
        start = moved
        capacity = grown
    }
}
