/// Writes compact, deterministic HTML. Every dynamic string goes through ``HTML/text(_:)`` or ``HTML/attribute(_:)`` here
/// and nowhere else; tag and attribute names are `StaticString`s.
///
/// Attribute order is fixed: `id`, `class`, `style`, then the element's own attributes in the order given.
/// The outermost elements carrying an `id` are collected as fragments.
struct HTMLWriter {
    private(set) var html = ""
    private(set) var fragments: [Fragment] = []
    private var openElements: [(tag: StaticString, fragment: (id: String, start: Int)?)] = []
    private var insideFragment: Bool { openElements.contains { $0.fragment != nil } }

    /// Opens `<tag …>`; close it with ``close()``.
    mutating func open(
        _ tag: StaticString, _ attributes: ElementAttributes, _ extra: [(name: StaticString, value: String)] = []
    ) {
        let fragment = attributes.id.flatMap { id in insideFragment ? nil : (id, html.utf8.count) }
        writeStartTag(tag, attributes, extra)
        openElements.append((tag, fragment))
    }

    /// Closes the innermost open element.
    mutating func close() {
        let element = openElements.removeLast()
        html += "</\(element.tag)>"
        if let fragment = element.fragment {
            fragments.append(Fragment(id: fragment.id, html: String(decoding: html.utf8.dropFirst(fragment.start), as: UTF8.self)))
        }
    }

    /// Writes a void element such as `<input …>` (no closing tag). Void elements never become fragments.
    mutating func void(_ tag: StaticString, _ attributes: ElementAttributes, _ extra: [(name: StaticString, value: String)]) {
        writeStartTag(tag, attributes, extra)
    }

    /// Writes escaped text content.
    mutating func text(_ text: String) {
        html += HTML.text(text)
    }

    private mutating func writeStartTag(
        _ tag: StaticString, _ attributes: ElementAttributes, _ extra: [(name: StaticString, value: String)]
    ) {
        html += "<\(tag)"
        if let id = attributes.id { writeAttribute("id", id) }
        if !attributes.classes.isEmpty { writeAttribute("class", attributes.classes.joined(separator: " ")) }
        if let style = attributes.styleText { writeAttribute("style", style) }
        for attribute in extra { writeAttribute(attribute.name, attribute.value) }
        html += ">"
    }

    private mutating func writeAttribute(_ name: StaticString, _ value: String) {
        html += " \(name)=\"\(HTML.attribute(value))\""
    }
}
