import PlaygroundUI
import RoomServices
import Testing

@testable import AppSeam

/// Schemas read off Swift types, and events declared once: the same declaration refuses and describes.
@Suite("Declared events and derived schemas")
struct DeclaredEventsTests {
    struct Snapshot: Codable {
        struct Row: Codable {
            var id: Int
            var tags: [String]
        }
        var name: String
        var ratio: Double
        var generation: UInt64
        var rows: [Row]
        @Nullable var alert: Row? = nil
        @Nullable var note: String? = nil
        var hint: Int?
    }

    @Test func aSnapshotsSchemaIsItsType() throws {
        let row: JSONLiteral = [
            "type": "object", "required": ["id", "tags"], "additionalProperties": false,
            "properties": ["id": ["type": "integer"], "tags": ["type": "array", "items": ["type": "string"]]],
        ]
        var nullableRow = row
        nullableRow["type"] = ["object", "null"]
        let expected: JSONLiteral = [
            "type": "object",
            "required": ["name", "ratio", "generation", "rows", "alert", "note"],
            "additionalProperties": false,
            "properties": [
                "name": ["type": "string"], "ratio": ["type": "number"], "generation": ["type": "integer", "minimum": 0],
                "rows": ["type": "array", "items": row], "alert": nullableRow, "note": ["type": ["string", "null"]],
                "hint": ["type": ["integer", "null"]],
            ],
        ]
        #expect(SchemaRecorder.schema(of: Snapshot.self) == expected)
    }

    /// A type that decodes itself in a way the recorder cannot answer gives no schema rather than a wrong one.
    @Test func aTypeTheRecorderCannotReadGivesNone() {
        enum Mode: String, Codable { case on }
        struct Holder: Codable { var mode: Mode }
        #expect(SchemaRecorder.schema(of: Holder.self) == nil)
    }

    enum Input: AppInput, Codable, Equatable {
        case go(speed: Int, mode: String, scale: Double? = nil)
        case stop

        static let examples: [(label: String, input: Input)] = [("Go", .go(speed: 2, mode: "fast")), ("Stop", .stop)]
        static let events: [EventDeclaration] = [
            .init("go", "Goes.", ["mode": .oneOf(["fast", "slow"]), "speed": .integer(1...5), "scale": .number(0...1)]),
            .init("stop", "Stops."),
        ]
    }

    func refusal(_ arguments: [String: EventArgument]) -> AppInputError? {
        do {
            _ = try Input(event: "go", arguments: arguments)
            return nil
        } catch {
            return error
        }
    }

    @Test func declaredRulesRefuseInTheirOrder() throws {
        #expect(try Input(event: "go", arguments: ["speed": .formText("5"), "mode": .string("slow")]) == .go(speed: 5, mode: "slow"))
        #expect(refusal(["speed": .integer(6), "mode": .string("fast")]) == .init(.invalidArgument, #""speed" must be a whole number from 1 to 5; got 6."#))
        #expect(refusal(["speed": .integer(9), "mode": .string("x")]) == .init(.invalidArgument, #""mode" must be one of: fast, slow; got "x"."#))
        let scale = refusal(["speed": .integer(1), "mode": .string("fast"), "scale": .number(1.5)])
        #expect(scale == .init(.invalidArgument, #""scale" must be a number from 0 to 1; got 1.5."#))
        let null = refusal(["speed": .integer(1), "mode": .string("fast"), "scale": .null])
        #expect(null == .init(.invalidArgument, #""scale" must be a number from 0 to 1; got null."#))
        #expect(refusal(["speed": .integer(1)])?.code == .missingArgument, "the types' refusals come first")
    }

    @Test func theDeclarationDescribesTheEventWithItsCasesTypes() throws {
        let events = try #require(AppDescription.of(App.self)?.events)
        #expect(events.map(\.name) == ["go", "stop"])
        #expect(events[0].arguments.map(\.name) == ["speed", "mode", "scale"])
        #expect(events[0].arguments.map(\.required) == [true, true, false])
        #expect(events[0].arguments[0].schema == ["type": "integer", "minimum": 1, "maximum": 5, "description": "Must be a whole number from 1 to 5."])
        #expect(events[0].arguments[2].schema["type"] == "number", "a declared optional refuses null, so its type says so")
        #expect(events[1].arguments.isEmpty)
    }

    final class App: ViewHostedApp {
        static let about = AppAbout(id: "declared", title: "Declared", summary: "", sampleFolder: "", articleFiles: [])
        enum Stage: FlowStage {
            case view
            var name: String { "View" }
            var detail: String { "" }
        }
        let teaching = Teaching<Stage>(appID: "declared")
        let host = ViewHost(Text("declared"))
        init(services: AppServices) {}
        func handle(_ input: Input, from source: EventSource) {}
        var snapshot: Snapshot { Snapshot(name: "", ratio: 0, generation: 0, rows: []) }
    }
}
