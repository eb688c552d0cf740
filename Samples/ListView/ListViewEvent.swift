import AppSeam
import PlaygroundUI

/// An event for the list app, checked before it reaches the room: what the page's forms post and what
/// `curl` may send (`{"app":"vvsi","event":"random","count":3,"length":2}`).
///
/// ```swift
/// let event = try ListViewEvent(name: "random", arguments: ["count": 3, "length": 2])
/// if let action = event.action { instance.trigger(action) } else { _ = instance.dismissAlert() }
/// ```
public enum ListViewEvent: Sendable, Equatable {
    /// Add "New item" (refused with an alert at 5 items).
    case add
    /// Remove the last item.
    case remove
    /// Replace the items with `count` random strings of `length` characters.
    case random(count: Int, length: Int)
    /// The alert's "Ok".
    case dismissAlert

    /// The app's name in posted events (`app=vvsi`).
    public static let appName = "vvsi"
    /// Every event name, in the page's order.
    public static let acceptedNames = ["add", "remove", "random", "dismissAlert"]
    /// Random's `count` (the seed's `Int.random(in: 1..<10)`).
    public static let countRange = 1..<10
    /// Random's `length` (the seed's `Int.random(in: 1..<5)`).
    public static let lengthRange = 1..<5

    /// Validates an event without touching any state. `arguments` holds every field besides `app` and `event`:
    /// an integer, or `nil` when the field is present but is not an integer.
    public init(name: String, arguments: [String: Int?]) throws(AppInputError) {
        switch name {
        case "add", "remove", "dismissAlert":
            if let extra = arguments.keys.sorted().first {
                throw AppInputError(
                    .unexpectedArgument,
                    "The vvsi event \(name) takes no arguments, but \(quoted(extra)) was given; send only app and event.")
            }
            self = name == "add" ? .add : name == "remove" ? .remove : .dismissAlert
        case "random":
            if let extra = arguments.keys.sorted().first(where: { $0 != "count" && $0 != "length" }) {
                throw AppInputError(.unexpectedArgument, Self.randomRule + "; \(quoted(extra)) is not one of them.")
            }
            let count = try Self.integer("count", in: Self.countRange, arguments)
            let length = try Self.integer("length", in: Self.lengthRange, arguments)
            self = .random(count: count, length: length)
        default:
            throw AppInputError(
                .unknownEvent,
                "The vvsi app has no event \(quoted(name)); accepted: \(Self.acceptedNames.joined(separator: ", ")).")
        }
    }

    /// The event's name as posted.
    public var name: String {
        switch self {
        case .add: "add"
        case .remove: "remove"
        case .random: "random"
        case .dismissAlert: "dismissAlert"
        }
    }

    /// The view state action this event triggers; `nil` for ``dismissAlert``.
    public var action: ListView.VAction? {
        switch self {
        case .add: .add
        case .remove: .remove
        case .random(let count, let length): .random(ListView.Options(count: count, length: length))
        case .dismissAlert: nil
        }
    }

    static let randomRule =
        #"The vvsi event random takes "count", an integer in 1..<10 (1 to 9), and "length", an integer in 1..<5 (1 to 4)"#

    private static func integer(_ key: String, in range: Range<Int>, _ arguments: [String: Int?]) throws(AppInputError) -> Int {
        guard let argument = arguments[key] else {
            throw AppInputError(.missingArgument, randomRule + "; \(quoted(key)) is missing.")
        }
        guard let value = argument else {
            throw AppInputError(.invalidArgument, randomRule + "; \(quoted(key)) is not an integer.")
        }
        guard range.contains(value) else {
            throw AppInputError(.invalidArgument, randomRule + "; \(quoted(key)) is \(value).")
        }
        return value
    }
}

extension ListViewEvent: PostableEvent {
    /// `app=vvsi&event=<name>`, plus `count` and `length` for Random.
    public var postedFields: [(name: String, value: String)] {
        var fields = [("app", Self.appName), ("event", name)]
        if case .random(let count, let length) = self {
            fields += [("count", String(count)), ("length", String(length))]
        }
        return fields
    }
}
