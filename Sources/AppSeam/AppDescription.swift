import PlaygroundUI

/// One event of an input, declared once beside the input's cases: its name, what it does, and the rules its
/// arguments follow beyond their Swift types. The rules both refuse an envelope (before ``AppInput/validate()``) and
/// give the OpenAPI document its limits; the arguments' names, types and optionality come from the case itself.
///
/// ```swift
/// static let events: [EventDeclaration] = [
///     .init("random", "Replaces the items.", ["count": .integer(1...9), "length": .integer(1...4)]),
/// ]
/// ```
public struct EventDeclaration: Sendable {
    public let name: String
    public let summary: String
    public let rules: [(name: String, rule: ArgumentRule)]

    public init(_ name: String, _ summary: String, _ rules: KeyValuePairs<String, ArgumentRule> = [:]) {
        (self.name, self.summary, self.rules) = (name, summary, rules.map { ($0.key, $0.value) })
    }

    /// An event of `app` whose whole-number arguments lie in the half-open ranges the article draws from
    /// (`Int.random(in: 1..<10)`): any of them out of range is refused with one rule naming every range, derived
    /// from them (`The vvsi event random takes "count", an integer in 1..<10 (1 to 9), and "length", …; "count" is 0.`).
    public init(_ name: String, _ summary: String, app: String, ranges: KeyValuePairs<String, Range<Int>>) {
        let takes = ranges.map { argument, range in
            "\(quoted(argument)), an integer in \(range.lowerBound)..<\(range.upperBound) (\(range.lowerBound) to \(range.upperBound - 1))"
        }
        let listed = (takes.count > 1 ? takes.dropLast().joined(separator: ", ") + ", and " : "") + (takes.last ?? "")
        let rule = "The \(app) event \(name) takes \(listed); "
        let refusal: @Sendable (String, String) -> String = { rule + "\(quoted($0)) is \($1)." }
        (self.name, self.summary) = (name, summary)
        rules = ranges.map { ($0.key, .integer(ClosedRange($0.value), refusal: refusal)) }
    }
}

/// What one argument must be beyond its type: its JSON Schema limits and the refusal when it is not.
public struct ArgumentRule: Sendable {
    /// Its limits as JSON Schema keywords (its type comes from the case).
    public let schema: JSONLiteral
    let accepts: @Sendable (EventArgument) -> Bool
    /// The refusal's message for an argument `name` whose value, as a message shows it, is `given`.
    let refusal: @Sendable (_ name: String, _ given: String) -> String

    /// A rule refused as `"name" must be <must>; got <value>.` unless `refusal` words it otherwise.
    public init(
        _ schema: JSONLiteral, must: String, refusal: (@Sendable (_ name: String, _ given: String) -> String)? = nil,
        accepts: @escaping @Sendable (EventArgument) -> Bool
    ) {
        var schema = schema
        if schema["description"] == nil, !must.isEmpty { schema["description"] = .string("Must be \(must).") }
        self.schema = schema
        self.accepts = accepts
        self.refusal = refusal ?? { "\(quoted($0)) must be \(must); got \($1)." }
    }

    /// A whole number in `range`: "a whole number from 1 to 1000" unless `must` says it otherwise.
    public static func integer(
        _ range: ClosedRange<Int>, must: String? = nil, refusal: (@Sendable (String, String) -> String)? = nil
    ) -> ArgumentRule {
        ArgumentRule(
            ["minimum": .int(range.lowerBound), "maximum": .int(range.upperBound)],
            must: must ?? "a whole number from \(range.lowerBound) to \(range.upperBound)", refusal: refusal
        ) { if case .integer(let value) = $0 { range.contains(value) } else { false } }
    }

    /// A whole number from `range.lowerBound` up.
    public static func integer(_ range: PartialRangeFrom<Int>, must: String? = nil) -> ArgumentRule {
        ArgumentRule(["minimum": .int(range.lowerBound)], must: must ?? "a whole number from \(range.lowerBound)") {
            if case .integer(let value) = $0 { range.contains(value) } else { false }
        }
    }

    /// A finite number in `range`.
    public static func number(_ range: ClosedRange<Double>, must: String? = nil) -> ArgumentRule {
        let bounds = [range.lowerBound, range.upperBound].map { $0 == $0.rounded() ? String(Int($0)) : String($0) }
        return ArgumentRule(
            ["minimum": .double(range.lowerBound), "maximum": .double(range.upperBound)],
            must: must ?? "a number from \(bounds[0]) to \(bounds[1])"
        ) { if case .number(let value) = $0 { range.contains(value) } else { false } }
    }

    /// One of `names`, exactly.
    public static func oneOf(_ names: [String]) -> ArgumentRule {
        ArgumentRule(["enum": .array(names.map(JSONLiteral.string))], must: "one of: " + names.joined(separator: ", ")) {
            if case .string(let text) = $0 { names.contains(text) } else { false }
        }
    }

    /// Only documented here: ``AppInput/validate()`` checks it (a rule a schema cannot say exactly).
    public static func documented(_ schema: JSONLiteral) -> ArgumentRule {
        ArgumentRule(schema, must: "") { _ in true }
    }

    /// Refuses an input whose declared argument breaks its rule, or is sent as null (the coders read a null optional
    /// as absent). The checks run in the declaration's order.
    static func check<Input: AppInput>(_ input: Input, _ arguments: [String: EventArgument]) throws(AppInputError) {
        let name = input.eventName
        guard let declared = Input.events.first(where: { $0.name == name }), !declared.rules.isEmpty else { return }
        let fields = input.envelopeFields
        for (argument, rule) in declared.rules {
            if arguments[argument] == .null { throw AppInputError(.invalidArgument, rule.refusal(argument, "null")) }
            guard let value = fields.first(where: { $0.name == argument })?.value, !rule.accepts(value) else { continue }
            let given =
                switch value {
                case .string(let text), .formText(let text): quoted(text)
                case .integer(let number): String(number)
                case .number(let number): "\(number)"
                case .boolean(let flag): String(flag)
                case .null: "null"
                }
            throw AppInputError(.invalidArgument, rule.refusal(argument, given))
        }
    }
}

/// One event: its name, what it does, and its arguments (the envelope's fields besides `app` and `event`).
public struct EventDescription: Sendable {
    /// One argument: its name, whether the event needs it, and its JSON Schema.
    public struct Argument: Sendable {
        public let name: String
        public let required: Bool
        public let schema: JSONLiteral

        public init(_ name: String, required: Bool, _ schema: JSONLiteral) {
            (self.name, self.required, self.schema) = (name, required, schema)
        }
    }

    public let name: String
    public let summary: String
    public let arguments: [Argument]

    public init(_ name: String, _ summary: String, arguments: [Argument] = []) {
        (self.name, self.summary, self.arguments) = (name, summary, arguments)
    }
}

/// An app's events and snapshot shape, as its registration carries them.
public struct AppDescription: Sendable {
    public let events: [EventDescription]
    public let snapshotSchema: JSONLiteral

    /// What `App` says of itself: its input's declared events, each argument typed by its case, and its snapshot's
    /// schema read off its `Decodable` conformance; nil for what it does not say.
    static func of<App: HostedApp>(_ type: App.Type) -> AppDescription? {
        let events = Pitfall.declaredEvents(of: App.self).map { declared in
            let typed = (App.Input.self as? any Decodable.Type).map { arguments(of: $0, event: declared.name) } ?? []
            // A declaration that names no case, or an argument the case lacks, is a typo: refuse it at registration.
            precondition(
                declared.rules.allSatisfy { rule in typed.contains { $0.name == rule.name } },
                "\(App.about.id): the event \(declared.name) declares rules for arguments its input's case does not have")
            return EventDescription(
                declared.name, declared.summary,
                arguments: typed.map { argument in
                    var schema = argument.schema
                    if let rule = declared.rules.last(where: { $0.name == argument.name })?.rule {
                        // A declared argument refuses null (``ArgumentRule/check(_:_:)``).
                        if case .array(let types)? = schema["type"], let type = types.first { schema["type"] = type }
                        for (key, value) in rule.schema.pairs { schema[key] = value }
                    }
                    return .init(argument.name, required: argument.required, schema)
                })
        }
        let snapshot = (App.Snapshot.self as? any Decodable.Type).flatMap { schema(of: $0) }
        if events.isEmpty && snapshot == nil { return nil }
        return AppDescription(events: events, snapshotSchema: snapshot ?? ["type": "object"])
    }

    private static func arguments<Input: Decodable>(of type: Input.Type, event: String) -> [EventDescription.Argument] {
        guard let arguments = SchemaRecorder.arguments(of: type, event: event) else {
            preconditionFailure("\(Input.self) declares the event \(event) but has no case of that name")
        }
        return arguments
    }

    private static func schema<Snapshot: Decodable>(of type: Snapshot.Type) -> JSONLiteral? { SchemaRecorder.schema(of: type) }

    /// The events the examples send (the ones an unknown event's refusal lists), each argument typed by its values.
    static func derived(from examples: [[(name: String, value: EventArgument)]]) -> [EventDescription] {
        var order: [String] = []
        var arguments: [String: [(name: String, types: [String], count: Int)]] = [:]
        var sent: [String: Int] = [:]
        for fields in examples {
            guard case .string(let event)? = fields.first?.value else { continue }
            if arguments[event] == nil { order.append(event) }
            sent[event, default: 0] += 1
            var seen = arguments[event] ?? []
            for (name, value) in fields.dropFirst() {
                let type = schemaType(of: value)
                if let index = seen.firstIndex(where: { $0.name == name }) {
                    if !seen[index].types.contains(type) { seen[index].types.append(type) }
                    seen[index].count += 1
                } else {
                    seen.append((name, [type], 1))
                }
            }
            arguments[event] = seen
        }
        return order.map { event in
            EventDescription(
                event, "Described by the app's examples only.",
                arguments: (arguments[event] ?? []).map { argument in
                    // An integer example does not rule out fractions; an example without it or with null makes it optional.
                    let required = argument.count == sent[event] && !argument.types.contains("null")
                    let types = argument.types.contains("number") ? argument.types.filter { $0 != "integer" } : argument.types
                    let schema: JSONLiteral = types.count == 1 ? ["type": .string(types[0])] : ["type": .array(types.map(JSONLiteral.string))]
                    return .init(argument.name, required: required, schema)
                })
        }
    }

    private static func schemaType(of value: EventArgument) -> String {
        switch value {
        case .string, .formText: "string"
        case .integer: "integer"
        case .number: "number"
        case .boolean: "boolean"
        case .null: "null"
        }
    }
}

extension AppRegistration {
    /// The app's events and snapshot for the OpenAPI document: as it describes them, or derived from its examples.
    public var apiDescription: AppDescription {
        let derived = AppDescription.derived(from: examples.map(\.fields))
        guard let described else { return AppDescription(events: derived, snapshotSchema: ["type": "object"]) }
        return described.events.isEmpty ? AppDescription(events: derived, snapshotSchema: described.snapshotSchema) : described
    }
}
