import PlaygroundUI

/// What an app accepts from HTTP and the page: decoded and validated from the one flat envelope every app uses,
/// `{"app": ID, "event": NAME, …arguments}` (JSON or a form), before anything reaches the room.
///
/// A `Codable` enum gets all of it from the envelope coders: the event names its case and the arguments fill the
/// case's labelled values (`case random(count: Int, length: Int)` ← `{"event":"random","count":3,"length":2}`);
/// ``events`` declares each event once (its summary and its arguments' ranges or choices) and `validate()` adds
/// what neither can say. An input type with rules of its own implements the two
/// requirements itself.
public protocol AppInput: Sendable {
    /// Decodes and validates one input; touches no state.
    init(event: String, arguments: [String: EventArgument]) throws(AppInputError)
    /// The envelope fields this input is sent as: `event` first, then its arguments (for curl twins and forms).
    var envelopeFields: [(name: String, value: EventArgument)] { get }
    /// The inputs the page shows as curl twins, in order, each with what the page calls it.
    static var examples: [(label: String, input: Self)] { get }
    /// Every event, in the page's order, with what it does and its arguments' rules (ranges, choices): they refuse an
    /// envelope and describe the event in the OpenAPI document. None by default (the document then reads the
    /// events off ``examples``).
    static var events: [EventDeclaration] { get }
    /// The rules neither a type nor an ``EventDeclaration`` can say, checked last; nothing by default.
    func validate() throws(AppInputError)
}

extension AppInput {
    public static var events: [EventDeclaration] { [] }
    public func validate() throws(AppInputError) {}

    /// The event's name: the first envelope field.
    public var eventName: String {
        if case .string(let name)? = envelopeFields.first?.value { return name }
        return ""
    }

    /// The input as a trace row names it: its event, then its arguments (`openPost postId: 3`).
    public var spoken: String {
        ([eventName] + postedFields(app: "").dropFirst(2).map { "\($0.name): \($0.value)" }).joined(separator: " ")
    }
}

/// Why an input was refused: a stable code and a message saying what was wrong and what is accepted.
public struct AppInputError: Error, Sendable, Equatable {
    public enum Code: String, Sendable {
        case unknownEvent = "unknown_event"
        case unexpectedArgument = "unexpected_argument"
        case missingArgument = "missing_argument"
        case invalidArgument = "invalid_argument"
    }

    public let code: Code
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}

/// Why a valid input could not be applied now (the room maps it onto HTTP: conflict 409, busy 503, not found 404).
public struct AppError: Error, Sendable, Equatable {
    public enum Kind: Sendable {
        /// The app's state does not allow it now (an alert to dismiss when none is shown).
        case conflict
        /// The app is too busy to take it (a full action queue); try again.
        case busy
        /// The input names something the app does not have (a post id that does not exist): 404.
        case notFound
    }

    public let kind: Kind
    public let code: String
    public let message: String

    public init(_ kind: Kind, code: String, message: String) {
        (self.kind, self.code, self.message) = (kind, code, message)
    }
}

extension AppInput where Self: Codable {
    public init(event: String, arguments: [String: EventArgument]) throws(AppInputError) {
        self = try Self.fromEnvelope(event: event, arguments: arguments)
        try ArgumentRule.check(self, arguments)
        try validate()
    }

    /// What the envelope coders read, before the declared rules and ``validate()``.
    public static func fromEnvelope(event: String, arguments: [String: EventArgument]) throws(AppInputError) -> Self {
        try EnvelopeDecoder.decode(Self.self, event: event, arguments: arguments)
    }

    public var envelopeFields: [(name: String, value: EventArgument)] {
        EnvelopeEncoder.fields(of: self)
    }
}

/// `"name"`, cut to 60 characters and stripped of control characters: how an error message echoes what a client
/// sent (the one quoting rule of every app and the server).
public func quoted(_ text: String) -> String {
    let clean = String(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.prefix(60).map(Character.init))
    return "\"" + clean + (text.count > 60 ? "…" : "") + "\""
}

extension AppInput {
    /// The fields a form would post for this input, as text: `app`, then its envelope fields (`event` first).
    public func postedFields(app: String) -> [(name: String, value: String)] {
        [("app", app)]
            + envelopeFields.map { field in
                switch field.value {
                case .string(let text), .formText(let text): (field.name, text)
                case .integer(let value): (field.name, String(value))
                case .number(let value): (field.name, String(value))
                case .boolean(let value): (field.name, value ? "true" : "false")
                case .null: (field.name, "")
                }
            }
    }
}
