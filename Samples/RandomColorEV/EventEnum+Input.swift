import AppSeam
import EVRuntime
import PlaygroundUI

/// Glue: the architecture's own `EventEnum` is the app's input, by case name (`initial` cannot be posted), with EV's
/// pitfall (EVRuntime's `leaked-subscription`) switched by `setPitfall` (the article's enum stays as it is: the app's
/// input is `PitfallSwitchInput<EventEnum>`).
extension EventEnum: PostedByName, PitfallDeclaring {
    public static let pitfallAppID = RandomColorEVApp.appName

    public static let events: [EventDeclaration] = [
        .init(
            "changeBothSidesColors",
            "EV: the Center button's `eventSubject.send(.changeBothSidesColors)`; `actionsByEvent` makes it one action for Left, one for Right."),
    ]

    public static var examples: [(label: String, input: EventEnum)] {
        postableEvents.map { ("Change colors (.\($0.name))", $0) }
    }
}
