import AppSeam
import PlaygroundUI
import VVSIRuntime

/// Glue: what HTTP may send the list (`{"app":"vvsi","event":"random","count":3,"length":2}`), decoded from the
/// envelope by `Codable`; ``action`` is the one mapping onto what the buttons' closures trigger.
public enum ListViewEvent: AppInput, Codable, Equatable {
    /// Add "New item" (refused with an alert at 5 items).
    case add
    /// Remove the last item.
    case remove
    /// Replace the items with `count` random strings of `length` characters.
    case random(count: Int, length: Int)
    /// The alert's "Ok".
    case dismissAlert
    /// The pitfall switch: `on` runs the article's `trigger` as published (every action at once, not one at a time).
    case setPitfall(on: Bool, pitfall: String? = nil)

    /// The app's name in posted events (`app=vvsi`).
    public static let appName = "vvsi"
    /// Random's `count` (the seed's `Int.random(in: 1..<10)`).
    public static let countRange = 1..<10
    /// Random's `length` (the seed's `Int.random(in: 1..<5)`).
    public static let lengthRange = 1..<5

    /// The view state action this event triggers, as the button does; `nil` for ``dismissAlert`` (the alert's Ok).
    public var action: ListView.VAction? {
        switch self {
        case .add: .add
        case .remove: .remove
        case .random(let count, let length): .random(ListView.Options(count: count, length: length))
        case .dismissAlert, .setPitfall: nil
        }
    }

    /// Each event once: what it does over HTTP, and random's ranges (refused with the one rule naming both).
    public static let events: [EventDeclaration] = [
        .init("add", "VVSI: `viewState.trigger(.add)`: appends \"New item\"; at 5 items the interactor refuses with an alert. \(queueFull)"),
        .init("remove", "VVSI: `viewState.trigger(.remove)`: removes the last item. \(queueFull)"),
        .init(
            "random", "VVSI: `viewState.trigger(.random(options))`: `count` random strings of `length` characters. \(queueFull)",
            ["count": .integer(ClosedRange(countRange), refusal: refusal), "length": .integer(ClosedRange(lengthRange), refusal: refusal)]),
        .init("dismissAlert", "VVSI: the alert's Ok. 409 `no_alert` when no alert is shown."),
        .setPitfall(pitfalls),
    ]

    static let queueFull = "503 `action_queue_full` when 256 actions already wait."
    static let refusal: @Sendable (String, String) -> String = {
        #"The vvsi event random takes "count", an integer in 1..<10 (1 to 9), and "length", an integer in 1..<5 (1 to 4); "#
            + "\(quoted($0)) is \($1)."
    }

    public static var examples: [(label: String, input: ListViewEvent)] {
        [
            ("Add", .add), ("Remove", .remove), ("Random (count 1…9, length 1…4)", .random(count: 3, length: 4)),
            ("Ok (dismiss the alert)", .dismissAlert), ("Run the article's code as published", .setPitfall(on: true)),
        ]
    }

    public func validate() throws(AppInputError) { try Pitfall.check(self) }
}

extension ListViewEvent: PitfallSwitchable {
    public static let pitfallAppID = appName
    /// The article's `trigger` runs every action at once, so its `< 5` check races.
    public static let pitfalls = [Pitfall.unserialisedActions]

    public var pitfallSwitch: (on: Bool, pitfall: String?)? {
        if case .setPitfall(let on, let name) = self { (on, name) } else { nil }
    }
}
