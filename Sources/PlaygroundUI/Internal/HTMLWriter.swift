/// Writes compact, deterministic HTML. Every dynamic string goes through ``HTML`` escaping here and nowhere
/// else; tag and attribute names are `StaticString`s.
///
/// Attribute order is fixed: `id`, `class`, `style`, then the element's own attributes in the order given.
/// The outermost elements carrying an `id` are collected as fragments. The page is written as UTF-8 bytes
/// into one buffer and becomes a `String` once, at the end.
struct HTMLWriter {
    private let bytes: HTMLBytes
    private(set) var fragments: [Fragment] = []
    /// Where each fragment lies in `bytes`, in document order.
    private var fragmentRanges: [Range<Int>] = []
    /// Open elements: their tag and, for a fragment, its id and where its start tag begins.
    private var openElements: [(tag: StaticString, fragment: (id: String, start: Int)?)] = []
    /// How many open elements are fragments (a fragment inside another is not collected).
    private var openFragments = 0

    /// A writer whose buffer starts with room for `capacity` bytes.
    init(capacity: Int = 0) {
        bytes = HTMLBytes(capacity: capacity)
    }

    /// The HTML written so far.
    var html: String { bytes.string(0..<bytes.count) }

    /// The HTML with each fragment replaced by its marker, cut by position (no searching).
    var skeleton: String {
        var out = ""
        out.reserveCapacity(bytes.count)
        var cursor = 0
        for (fragment, range) in zip(fragments, fragmentRanges) {
            out += bytes.string(cursor..<range.lowerBound)
            out += RenderedView.marker(fragment.id)
            cursor = range.upperBound
        }
        out += bytes.string(cursor..<bytes.count)
        return out
    }

    /// The number of bytes written so far.
    var count: Int { bytes.count }

    /// Whether an element being written is a fragment (ids inside it are not collected).
    var isInsideFragment: Bool { openFragments > 0 }

    /// The number of fragments collected so far.
    var fragmentCount: Int { fragments.count }

    /// Copies what was written from `start` and the fragments collected from `firstFragment` into `memo`.
    func record(from start: Int, firstFragment: Int, into memo: RenderMemo) {
        memo.bytes.removeAll(keepingCapacity: true)
        bytes.copy(start..<bytes.count, into: &memo.bytes)
        memo.fragments.removeAll(keepingCapacity: true)
        for index in firstFragment..<fragments.count {
            let range = fragmentRanges[index]
            memo.fragments.append((fragments[index], (range.lowerBound - start)..<(range.upperBound - start)))
        }
    }

    /// Writes a memo's output again, with its fragments.
    mutating func replay(_ memo: RenderMemo) {
        let start = bytes.count
        memo.bytes.withUnsafeBufferPointer { bytes.append($0) }
        for (fragment, range) in memo.fragments {
            fragments.append(fragment)
            fragmentRanges.append((range.lowerBound + start)..<(range.upperBound + start))
        }
    }

    /// Opens `<tag …>`; close it with ``close()``.
    mutating func open(
        _ tag: StaticString, _ attributes: ElementAttributes, _ extra: [(name: StaticString, value: String)] = []
    ) {
        var fragment: (id: String, start: Int)?
        if let id = attributes.id, openFragments == 0 {
            fragment = (id, bytes.count)
            openFragments += 1
        }
        writeStartTag(tag, attributes, extra)
        openElements.append((tag, fragment))
    }

    /// Closes the innermost open element.
    mutating func close() {
        let element = openElements.removeLast()
        write("</")
        write(element.tag)
        write(">")
        if let fragment = element.fragment {
            openFragments -= 1
            fragments.append(Fragment(id: fragment.id, html: bytes.string(fragment.start..<bytes.count)))
            fragmentRanges.append(fragment.start..<bytes.count)
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
