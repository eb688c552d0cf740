/// The attributes a modifier chain gives to the next element drawn: `id`, classes and inline styles.
///
/// Modifiers add to it from the outside in, so each inner modifier's attributes go in front: the element shows
/// them in source order (`Text(…).font(…).bold()` → `class="text font-… bold"`). The first element drawn takes
/// all of it (SwiftUI's "a modifier applies to each view of a group"); containers start children with none.
struct ElementAttributes {
    var id: String?
    var classes: [String] = []
    /// CSS declarations; a property set again by an inner modifier replaces the outer value in place.
    var styles: [(property: StaticString, value: String)] = []

    static let none = ElementAttributes()

    var isEmpty: Bool { id == nil && classes.isEmpty && styles.isEmpty }

    init(id: String? = nil, classes: [String] = [], styles: [(property: StaticString, value: String)] = []) {
        self.id = id
        self.classes = classes
        self.styles = styles
    }

    /// Adds an inner modifier's attributes in front of these; for the same id or style property the inner wins.
    mutating func add(_ inner: ElementAttributes) {
        if inner.isEmpty { return }
        if isEmpty { return self = inner }
        if let id = inner.id { self.id = id }
        classes = inner.classes + classes.filter { !inner.classes.contains($0) }
        styles = inner.styles + styles.filter { style in !inner.styles.contains { sameProperty($0.property, style.property) } }
    }

    /// An element's own attributes followed by the pending ones (pending wins for the same style property).
    func merged(withPending pending: ElementAttributes) -> ElementAttributes {
        if pending.isEmpty { return self }
        if isEmpty { return pending }
        return ElementAttributes(
            id: pending.id ?? id,
            classes: classes + pending.classes.filter { !classes.contains($0) },
            styles: styles.filter { style in !pending.styles.contains { sameProperty($0.property, style.property) } } + pending.styles
        )
    }
}

/// Whether two CSS property names are the same text.
private func sameProperty(_ a: StaticString, _ b: StaticString) -> Bool {
    a.withUTF8Buffer { a in b.withUTF8Buffer { b in a.elementsEqual(b) } }
}
