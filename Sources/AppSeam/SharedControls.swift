import PlaygroundUI

/// One control of the compare page's shared bar: an input every compare app receives at once
/// (`POST /rooms/{id}/compare/events`). A button posts its fields; a field posts them with `argument` set to what
/// was typed.
public struct SharedControl: Sendable {
    public let label: String
    /// The envelope it posts without `app`: `event` first, then its arguments.
    public let fields: [(name: String, value: EventArgument)]
    /// For a text field: the argument the typed text fills (its value shows `fields`' value for it, if any).
    public let textArgument: String?
    /// Shown but not pressable (nothing to open yet).
    public let disabled: Bool

    /// A button posting `fields`.
    public static func button(_ label: String, _ fields: [(name: String, value: EventArgument)], disabled: Bool = false) -> SharedControl {
        SharedControl(label: label, fields: fields, textArgument: nil, disabled: disabled)
    }

    /// A text field posting `event` with `argument` set to what was typed, showing `value`.
    public static func field(_ label: String, event: String, argument: String, value: String) -> SharedControl {
        SharedControl(label: label, fields: [("event", .string(event)), (argument, .string(value))], textArgument: argument, disabled: false)
    }
}
