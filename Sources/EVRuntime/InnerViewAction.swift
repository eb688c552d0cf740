/// An action one view reacts to. `default` is the resting value: an `@Action` returns to it after every
/// pulse, and views treat it as "nothing to do".
///
/// ```swift
/// enum InnerAction: InnerViewAction {
///     static var `default`: Self { .initial }
///     case initial
///     case changeLeftColor
/// }
/// ```
public protocol InnerViewAction: Equatable {
    /// The resting value.
    static var `default`: Self { get }
}
