import AppSeam
import PlaygroundUI

/// The registry's part of the document: `AppID`, `Event` (one variant per app and event), `State` (each app's
/// snapshot) and the `/events` examples (each app's curl twins).
enum OpenAPIAppSchemas {
    static func schemas(_ apps: AppRegistry) -> [(String, JSONLiteral)] {
        let ids = apps.ids
        let list = ids.map { "`\($0)`" }.joined(separator: ", ")
        var schemas: [(String, JSONLiteral)] = [
            (
                "AppID",
                [
                    "description": .string(
                        "The apps every room hosts, in page order: "
                            + apps.apps.map { "`\($0.about.id)` (\($0.about.title))" }.joined(separator: ", ") + "."),
                    "enum": .array(ids.map(JSONLiteral.string)),
                ]
            ),
            (
                "State",
                [
                    "type": "object",
                    "description": "One key per app in use: the room page's apps always, the compare page's once a room has used them.",
                    "required": .array(apps.pageIndices.map { JSONLiteral.string(apps.apps[$0].about.id) }),
                    "additionalProperties": false,
                    "properties": .object(apps.apps.map { (key: $0.about.id, value: $0.apiDescription.snapshotSchema) }),
                ]
            ),
        ]
        var variants: [JSONLiteral] = []
        for app in apps.apps {
            let id = app.about.id
            for event in app.apiDescription.events {
                let name = variantName(app: id, event: event.name)
                var properties: [(key: String, value: JSONLiteral)] = [
                    ("app", ["const": .string(id), "description": .string("The app: \(list).")]),
                    ("event", ["const": .string(event.name), "description": "The event's name within the app."]),
                ]
                properties += event.arguments.map { (key: $0.name, value: $0.schema) }
                properties.append(("_source", ["$ref": "#/components/schemas/SourceField"]))
                let required = ["app", "event"] + event.arguments.filter(\.required).map(\.name)
                schemas.append(
                    (
                        name,
                        [
                            "title": .string("\(id) · \(event.name)"),
                            "description": .string(event.summary),
                            "type": "object",
                            "properties": .object(properties),
                            "required": .array(required.map(JSONLiteral.string)),
                            "additionalProperties": false,
                        ]
                    ))
                variants.append(["$ref": .string("#/components/schemas/" + name)])
            }
        }
        // The compare endpoint's envelope: the first compare app's events (they all take the same), without `app`.
        var shared: [JSONLiteral] = []
        if let first = apps.compareIndices.first {
            // setPitfall is each implementation's own: the compare endpoint refuses it.
            for event in apps.apps[first].apiDescription.events where event.name != "setPitfall" {
                let name = "Shared" + event.name.prefix(1).uppercased() + event.name.dropFirst()
                var properties: [(key: String, value: JSONLiteral)] = [("event", ["const": .string(event.name), "description": "The event's name."])]
                properties += event.arguments.map { (key: $0.name, value: $0.schema) }
                properties.append(("_source", ["$ref": "#/components/schemas/SourceField"]))
                schemas.append(
                    (
                        name,
                        [
                            "title": .string("shared · \(event.name)"), "description": .string(event.summary), "type": "object",
                            "properties": .object(properties),
                            "required": .array((["event"] + event.arguments.filter(\.required).map(\.name)).map(JSONLiteral.string)),
                            "additionalProperties": false,
                        ]
                    ))
                shared.append(["$ref": .string("#/components/schemas/" + name)])
            }
        }
        schemas.append(("SharedEvent", ["description": "One event for every compare app: an `Event` without `app`.", "oneOf": .array(shared)]))
        schemas.append(
            (
                "Event",
                [
                    "description": """
                    One event for one app. The pair (`app`, `event`) picks the variant (each variant's `app` and `event` are \
                    constants; two apps may have an event of the same name). Fields besides `app`, `event`, the variant's \
                    arguments and `_source` are refused (`unexpected_argument`).
                    """,
                    "oneOf": .array(variants),
                ]
            ))
        return schemas
    }

    /// `VvsiAdd` for vvsi's `add`, `FilmsEvSearch` for films-ev's `search`.
    static func variantName(app: String, event: String) -> String {
        app.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined() + event.prefix(1).uppercased() + event.dropFirst()
    }

    /// Each app's curl twins as the `/events` examples (both body types), and the first app's id in a press's.
    static func addExamples(to paths: inout JSONLiteral, _ apps: AppRegistry) {
        var examples: [(key: String, value: JSONLiteral)] = []
        for app in apps.apps {
            for (index, example) in app.examples.enumerated() {
                let fields = example.fields.map { (key: $0.name, value: value($0.value)) }
                examples.append(
                    (
                        "\(app.about.id)\(index + 1)",
                        [
                            "summary": .string("\(app.about.title): \(example.label)"),
                            "value": .object([("app", .string(app.about.id))] + fields),
                        ]
                    ))
            }
        }
        for type in ["application/json", "application/x-www-form-urlencoded"] {
            paths["/rooms/{room}/events"]?["post"]?["requestBody"]?["content"]?[type]?["examples"] = .object(examples)
        }
        if let first = apps.ids.first {
            for type in ["application/json", "application/x-www-form-urlencoded"] {
                paths["/rooms/{room}/actions"]?["post"]?["requestBody"]?["content"]?[type]?["examples"]?["press"]?["value"]?["app"] =
                    .string(first)
            }
        }
    }

    private static func value(_ argument: EventArgument) -> JSONLiteral {
        switch argument {
        case .string(let text), .formText(let text): .string(text)
        case .integer(let number): .int(number)
        case .number(let number): .double(number)
        case .boolean(let flag): .bool(flag)
        case .null: .null
        }
    }
}
