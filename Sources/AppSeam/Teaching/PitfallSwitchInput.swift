import PlaygroundUI

/// An app's input plus `setPitfall`, for an input type the app cannot add a case to (EV's input is the article's own
/// `EventEnum`): `typealias Input = PitfallSwitchInput<EventEnum>`, with `EventEnum: PitfallDeclaring`.
public enum PitfallSwitchInput<Base: PitfallDeclaring>: AppInput {
    case app(Base)
    case setPitfall(on: Bool, pitfall: String? = nil)

    public init(event: String, arguments: [String: EventArgument]) throws(AppInputError) {
        guard event == "setPitfall" else {
            do {
                self = .app(try Base(event: event, arguments: arguments))
            } catch where error.code == .unknownEvent {
                // The base lists its own events; setPitfall is one more.
                let names = Self.events.map(\.name).joined(separator: ", ")
                throw AppInputError(.unknownEvent, "The \(Base.pitfallAppID) app has no event \(quoted(event)); accepted: \(names).")
            }
            return
        }
        let app = Base.pitfallAppID
        if let extra = arguments.keys.filter({ $0 != "on" && $0 != "pitfall" }).sorted().first {
            throw AppInputError(.unexpectedArgument, "The event \"setPitfall\" takes \"on\", \"pitfall\", but \(quoted(extra)) was given.")
        }
        let on: Bool
        switch arguments["on"] {
        case .boolean(let value)?: on = value
        case .formText("true")?: on = true
        case .formText("false")?: on = false
        case nil: throw AppInputError(.missingArgument, "The \(app) event setPitfall needs \"on\": true or false.")
        default: throw AppInputError(.invalidArgument, "The event \"setPitfall\" needs \"on\" to be true or false.")
        }
        let name: String?
        switch arguments["pitfall"] {
        case nil: name = nil
        case .string(let text)?, .formText(let text)?: name = text
        default: throw AppInputError(.invalidArgument, "The event \"setPitfall\" needs \"pitfall\" to be one of: \(Base.pitfalls.map(\.name).joined(separator: ", ")).")
        }
        _ = try Pitfall.named(name, in: Base.pitfalls, app: app)
        self = .setPitfall(on: on, pitfall: name)
    }

    public var envelopeFields: [(name: String, value: EventArgument)] {
        switch self {
        case .app(let base): base.envelopeFields
        case .setPitfall(let on, let name): [("event", .string("setPitfall")), ("on", .boolean(on))] + (name.map { [("pitfall", .string($0))] } ?? [])
        }
    }

    public static var examples: [(label: String, input: Self)] {
        Base.examples.map { ($0.label, .app($0.input)) } + [("Run the article's code as published", .setPitfall(on: true))]
    }

    public static var events: [EventDeclaration] {
        let base =
            Base.events.isEmpty
            ? Base.examples.map(\.input.eventName).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }.map {
                EventDeclaration($0, "Described by the app's examples only.")
            }
            : Base.events
        return base + [.setPitfall(Base.pitfalls)]
    }
}

extension PitfallSwitchInput: Equatable where Base: Equatable {}

extension PitfallSwitchInput: PitfallSwitchable {
    public static var pitfallAppID: String { Base.pitfallAppID }
    public static var pitfalls: [Pitfall] { Base.pitfalls }
    public var pitfallSwitch: (on: Bool, pitfall: String?)? {
        if case .setPitfall(let on, let name) = self { (on, name) } else { nil }
    }
}

/// Decodable only so the OpenAPI document reads `setPitfall`'s arguments off it (``SchemaRecorder``); HTTP input is
/// read by ``init(event:arguments:)``. A base that is not `Decodable` takes no arguments (its examples stand for it).
extension PitfallSwitchInput: Decodable {
    private enum Arguments: String, CodingKey { case on, pitfall }

    private struct Unreadable: Error {}

    public init(from decoder: any Decoder) throws {
        let top = try decoder.container(keyedBy: NameKey.self)
        guard let event = top.allKeys.first?.stringValue else { throw Unreadable() }
        if event == "setPitfall" {
            let arguments = try top.nestedContainer(keyedBy: Arguments.self, forKey: NameKey(event))
            self = .setPitfall(on: try arguments.decode(Bool.self, forKey: .on), pitfall: try arguments.decodeIfPresent(String.self, forKey: .pitfall))
        } else if let decodable = Base.self as? any Decodable.Type, let base = try decodable.init(from: decoder) as? Base {
            self = .app(base)
        } else if let example = Base.examples.first(where: { $0.input.eventName == event }) {
            self = .app(example.input)
        } else {
            throw Unreadable()
        }
    }
}
