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
        if let id = inner.id { self.id = id }
        classes = inner.classes + classes.filter { !inner.classes.contains($0) }
        let innerProperties = Set(inner.styles.map(\.property.description))
        styles = inner.styles + styles.filter { !innerProperties.contains($0.property.description) }
    }

    /// An element's own attributes followed by the pending ones (pending wins for the same style property).
    func merged(withPending pending: ElementAttributes) -> ElementAttributes {
        let pendingProperties = Set(pending.styles.map(\.property.description))
        return ElementAttributes(
            id: pending.id ?? id,
            classes: classes + pending.classes.filter { !classes.contains($0) },
            styles: styles.filter { !pendingProperties.contains($0.property.description) } + pending.styles
        )
    }

    /// The `style` attribute's value, e.g. `background-color:#30b0c7;padding:8px`.
    var styleText: String? {
        styles.isEmpty ? nil : styles.map { "\($0.property):\($0.value)" }.joined(separator: ";")
    }
}
