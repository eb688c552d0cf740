/// A view's structural position: the child indices from the root, plus explicit ids (`ForEach`, `.id`)
/// and types (custom views, `AnyView`), so that changing any of them gives the view a new identity.
struct ViewPath: Hashable, CustomStringConvertible {
    enum Component: Hashable {
        /// The i-th child of a builder block, a branch of a conditional, or a modifier's content (0).
        case index(Int)
        /// An explicit identity from `ForEach` or `.id(_:)`.
        case id(AnyHashable)
        /// A custom view (its storage lives here) or the type erased by `AnyView`.
        case type(ObjectIdentifier)
    }

    private(set) var components: [Component] = []

    static var root: ViewPath { ViewPath() }

    func appending(_ component: Component) -> ViewPath {
        var path = self
        path.components.append(component)
        return path
    }

    var description: String {
        "/"
            + components.map { component in
                switch component {
                case .index(let index): String(index)
                case .id(let id): "#\(id.base)"
                case .type: "T"
                }
            }.joined(separator: "/")
    }
}
