import Synchronization
/// The app's `EventEnum`: every event, and which views' actions each one triggers.
///
/// ```swift
/// enum EventEnum: EventEnumProtocol {
///     case initial
///     case changeBothSidesColors
///
///     static func actionsByEvent(_ event: Self) -> [any InnerViewAction] {
///         switch event {
///         case .changeBothSidesColors: [LeftScreen.InnerAction.changeLeftColor, RightScreen.InnerAction.changeRightColor]
///         default: []
///         }
///     }
/// }
/// ```
///
/// The article's `EventEnum` is only `Equatable`, so its events may carry values (`.search(query: "alien")`, an
/// answer's films); ``EventEnumProtocol`` adds decoding by case name for events that carry none.
public protocol EventEnumBase: Equatable {
    /// The value the room's `eventSubject` starts with; it triggers nothing and cannot be posted.
    static var initial: Self { get }

    /// The actions `event` triggers, delivered synchronously in this order.
    static func actionsByEvent(_ event: Self) -> [any InnerViewAction]

    /// The event as the trace and the flow strip name it, e.g. `changeBothSidesColors`.
    var name: String { get }
}

extension EventEnumBase {
    /// The event as `String(describing:)` writes it (`search(query: "alien")`); give it a short description when
    /// its values are long.
    public var name: String { String(describing: self) }
}

/// An `EventEnum` whose events carry no values: `CaseIterable` lets the playground decode an event posted over HTTP
/// by its name and list the accepted names.
public protocol EventEnumProtocol: EventEnumBase, CaseIterable {}

extension EventEnumProtocol {
    /// The event's name as posted over HTTP, e.g. `changeBothSidesColors`.
    public var name: String {
        // `String(describing:)` of an enum case goes through reflection; every button renders its event's name,
        // so the names of each event type are worked out once.
        guard let index = Self.allCases.firstIndex(of: self) else { return String(describing: self) }
        return EventNames.names(of: Self.self)[Self.allCases.distance(from: Self.allCases.startIndex, to: index)]
    }

    /// Every event that can be posted (all but `initial`), in declaration order.
    public static var postableEvents: [Self] { allCases.filter { $0 != initial } }

    /// The names accepted over HTTP, for error messages and the page's curl twins.
    public static var acceptedNames: [String] { postableEvents.map(\.name) }

    /// The postable event called `name`, or `nil` (unknown names and `initial` are refused).
    public init?(name: String) {
        // By the names worked out once, not by each case's `name` (a lookup each): this runs for every posted event.
        guard let offset = EventNames.names(of: Self.self).firstIndex(of: name) else { return nil }
        let event = Self.allCases[Self.allCases.index(Self.allCases.startIndex, offsetBy: offset)]
        guard event != Self.initial else { return nil }
        self = event
    }
}

/// The case names of every `EventEnumProtocol` type, in `allCases` order, worked out once per type.
enum EventNames {
    private static let known = Mutex<[ObjectIdentifier: [String]]>([:])

    static func names<Event: EventEnumProtocol>(of type: Event.Type) -> [String] {
        let key = ObjectIdentifier(type)
        if let names = known.withLock({ $0[key] }) { return names }
        let names = Event.allCases.map { String(describing: $0) }
        known.withLock { $0[key] = names }
        return names
    }
}
