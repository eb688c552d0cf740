/// A modal message with one button, presented by `.alert(item:content:)` or `.alert(isPresented:content:)`.
///
/// ```swift
/// Alert(title: Text("Error"), message: Text(error), dismissButton: .default(Text("Ok")))
/// ```
///
/// On the web the button is a control like any button's: its press (or ``ViewHost/dismissPresentedAlert()``, for
/// an app's HTTP input) sets the alert's binding back to `nil` and runs the button's action, as SwiftUI does on a tap.
public struct Alert {
    /// The alert's button.
    public struct Button {
        enum Role { case `default`, cancel }

        let label: Text
        let role: Role
        let action: (() -> Void)?

        /// A button titled `label` that dismisses the alert, then runs `action`.
        public static func `default`(_ label: Text, action: (() -> Void)? = {}) -> Button {
            Button(label: label, role: .default, action: action)
        }

        /// A cancel button titled `label`.
        public static func cancel(_ label: Text, action: (() -> Void)? = {}) -> Button {
            Button(label: label, role: .cancel, action: action)
        }

        /// A cancel button titled "Cancel".
        public static func cancel(_ action: (() -> Void)? = {}) -> Button {
            Button(label: Text("Cancel"), role: .cancel, action: action)
        }
    }

    let title: Text
    let message: Text?
    let dismissButton: Button

    /// An alert with a title, an optional message and one button ("OK" when none is given).
    public init(title: Text, message: Text? = nil, dismissButton: Button? = nil) {
        self.title = title
        self.message = message
        self.dismissButton = dismissButton ?? .default(Text("OK"))
    }
}
