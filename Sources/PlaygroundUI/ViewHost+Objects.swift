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
                if let alert = slot.object as? AlertActionsPresenter, alert.isShowing {
                    return (alert.title, alert.message)
                }
            }
        }
        return nil
    }

    /// The titles of the buttons of the first alert with actions (in render order) shown in the last render.
    public var presentedAlertActions: [String] {
        presentedActionsAlert?.actions.compactMap(\.title) ?? []
    }

    /// Presses the button titled `title` of the first alert with actions shown in the last render, as a tap does:
    /// the alert is dismissed, then the button's closure runs. False (nothing changes) when no such button is shown.
    public func performAlertAction(titled title: String) -> Bool {
        guard let action = presentedActionsAlert?.actions.first(where: { $0.title == title }) else { return false }
        action.run()
        return true
    }

    private var presentedActionsAlert: AlertActionsPresenter? {
        for position in store.orderedPositions {
            for slot in position.filledSlots {
                if let alert = slot.object as? AlertActionsPresenter, alert.isShowing { return alert }
            }
        }
        return nil
    }
}
