/// Finds a view's dynamic properties with `Mirror` (nested ones included, in declaration order) and links
/// each to its own slot of the view's position.
enum DynamicPropertyLinker {
    static func link<V: View>(_ view: V, at path: ViewPath, environment: EnvironmentValues, store: PositionStore) {
        var position: Position?
        var index = 0
        func visit(_ value: Any) {
            for child in Mirror(reflecting: value).children {
                guard let property = child.value as? any DynamicProperty else { continue }
                let owner = position ?? store.position(at: path, viewType: V.self)
                position = owner
                let label = String((child.label ?? "property").trimmingPrefix("_"))
                property.link(to: DynamicPropertySlot(environment: environment, position: owner, index: index, label: label))
                index += 1
                visit(property)
            }
        }
        visit(view)
    }
}
