/// Reaching alerts from outside the tree (the playground's events and `/state`).
extension ViewHost {
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
    public var isPresentingAlert: Bool { presentedAlertText != nil }

    /// The title and message of the first alert (in render order) whose binding presents one now.
    public var presentedAlertText: (title: String, message: String?)? {
        for position in store.orderedPositions {
            for slot in position.filledSlots {
                if let alert = (slot.object as? AlertPresenter)?.presentation?.alert() {
                    return (alert.title.content, alert.message?.content)
                }
            }
        }
        return nil
    }
}
