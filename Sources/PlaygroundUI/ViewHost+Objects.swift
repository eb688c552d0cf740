/// Reaching state objects and alerts from outside the tree (the playground's events and `/state`).
extension ViewHost {
    /// The `@StateObject var name` of the first `view` in render order, if that view is in the tree.
    ///
    /// ```swift
    /// let viewState = host.stateObject(of: ListView.self, "viewState", as: ViewState<ListView.Interactor>.self)
    /// ```
    public func stateObject<V: View, Object: AnyObject>(of view: V.Type, _ name: String, as type: Object.Type = Object.self) -> Object? {
        for position in store.orderedPositions where position.viewType == V.self {
            for slot in position.filledSlots {
                guard slot.label == name, let storage = slot.object as? any StateObjectStorage
                else { continue }
                return storage.anyObject as? Object
            }
        }
        return nil
    }

    /// Dismisses the first alert (in render order) whose binding presents one, as SwiftUI does when its button
    /// is tapped: the binding goes back to `nil` (or `false`), then the button's action runs.
    /// Returns false when no alert is presented. Render again to see the result.
    public func dismissPresentedAlert() -> Bool {
        for position in store.orderedPositions {
            for slot in position.filledSlots {
                if let presenter = slot.object as? AlertPresenter, presenter.dismiss() { return true }
            }
        }
        return false
    }

    /// Whether some alert's binding presents an alert now (it shows on the next render, if not already).
    public var isPresentingAlert: Bool {
        store.orderedPositions.contains { position in
            position.filledSlots.contains { ($0.object as? AlertPresenter)?.presentation?.alert() != nil }
        }
    }
}
