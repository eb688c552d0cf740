/// How buttons below look; set with `.buttonStyle(_:)`, read through the environment as in SwiftUI.
public struct ButtonStyle: Sendable, Equatable {
    /// The CSS class added to `button`, or none for the default look.
    let className: String?

    /// The platform's default look (`button`).
    public static let automatic = ButtonStyle(className: nil)
    /// A bordered button (`button button-bordered`).
    public static let bordered = ButtonStyle(className: "button-bordered")
    /// A filled, prominent button (`button button-borderedProminent`).
    public static let borderedProminent = ButtonStyle(className: "button-borderedProminent")
    /// A button drawn as its label only (`button button-plain`).
    public static let plain = ButtonStyle(className: "button-plain")
}
