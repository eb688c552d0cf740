import PlaygroundUI

/// What an app tells the OpenAPI document of its events and its snapshot, as JSON Schema. Optional: an app that
/// does not say gets a description derived from its curl twins (``AppInput/examples``: every event it accepts, its
/// arguments typed by the examples' values) and a snapshot that is any object.
public protocol DescribedApp: HostedApp {
    /// Every event ``Input`` accepts, in the page's order, with its arguments' schemas and limits.
    static var eventDescriptions: [EventDescription] { get }
    /// The schema of ``snapshot`` as `GET /rooms/{id}/state` shows it under the app's id.
    static var snapshotSchema: JSONLiteral { get }
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

    /// What `App` says of itself, if it is a ``DescribedApp``.
    static func of<App: HostedApp>(_ type: App.Type) -> AppDescription? {
        guard let described = type as? any DescribedApp.Type else { return nil }
        return AppDescription(events: described.eventDescriptions, snapshotSchema: described.snapshotSchema)
    }

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
        described ?? AppDescription(events: AppDescription.derived(from: examples.map(\.fields)), snapshotSchema: ["type": "object"])
    }
}
