import AppSeam
import Foundation
import PlaygroundHTTP
import StandardApps
import Testing

@testable import PlaygroundApp

/// The generated `/openapi.json`: the registry's apps as they are, whichever they are.
@Suite("The OpenAPI document")
struct OpenAPIDocumentTests {
    static let registry = StandardApps.registry()

    static func document(_ apps: AppRegistry = registry) throws -> [String: Any] {
        let routes: [(method: HTTPMethod, pattern: String)] = [(.get, "/rooms/:room/state"), (.post, "/rooms/:room/events")]
        let bytes = OpenAPIDocument(routes: routes, apps: apps).json()
        return try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    /// What each app declares matches what its input accepts: the events its refusals list (its examples' events),
    /// and every argument its curl twins send.
    @Test(arguments: registry.apps.map(\.about.id))
    func anAppsDescriptionMatchesItsInput(_ id: String) throws {
        let app = try #require(Self.registry.apps.first { $0.about.id == id })
        var sent: [String: Set<String>] = [:]
        for example in app.examples {
            guard case .string(let event)? = example.fields.first?.value else { continue }
            sent[event, default: []].formUnion(example.fields.dropFirst().map(\.name))
        }
        let described = app.apiDescription.events
        #expect(Set(described.map(\.name)) == Set(sent.keys))
        #expect(Set(described.map(\.name)).count == described.count, "each event once")
        for event in described {
            let arguments = Set(event.arguments.map(\.name))
            #expect(sent[event.name, default: []].isSubset(of: arguments), "\(id) \(event.name)")
        }
    }

    @Test func theAppsSchemasComeFromTheRegistry() throws {
        let schemas = try #require((try Self.document()["components"] as? [String: Any])?["schemas"] as? [String: Any])
        #expect((schemas["AppID"] as? [String: Any])?["enum"] as? [String] == Self.registry.ids)
        let state = try #require(schemas["State"] as? [String: Any])
        let pageApps = Self.registry.pageIndices.map { Self.registry.apps[$0].about.id }
        #expect(state["required"] as? [String] == pageApps, "a room's /state always holds its page's apps; the compare apps once used")
        #expect(Set(((state["properties"] as? [String: Any]) ?? [:]).keys) == Set(Self.registry.ids))
        let shared = try #require((schemas["SharedEvent"] as? [String: Any])?["oneOf"] as? [[String: String]])
        // setPitfall is each implementation's own: the compare endpoint refuses it.
        #expect(
            shared.count == Self.registry.compareIndices.first.map {
                Self.registry.apps[$0].apiDescription.events.filter { $0.name != "setPitfall" }.count
            } ?? 0)
        let variants = try #require((schemas["Event"] as? [String: Any])?["oneOf"] as? [[String: String]])
        #expect(variants.count == Self.registry.apps.map(\.apiDescription.events.count).reduce(0, +))
        #expect(schemas["VvsiRandom"] != nil && schemas["RouterAlertAction"] != nil)
        let paths = try #require(try Self.document()["paths"] as? [String: Any])
        #expect(Set(paths.keys) == ["/rooms/{room}/state", "/rooms/{room}/events", "/public/{path}"], "the routes given, no more")
    }

    /// Every standard app's snapshot schema is read off its `Snapshot` type: strict objects, so schemathesis checks `/state`.
    @Test(arguments: registry.apps.map(\.about.id))
    func snapshotSchemasAreStrictAndDerived(_ id: String) throws {
        let schema = try #require(Self.registry.apps.first { $0.about.id == id }).apiDescription.snapshotSchema
        #expect(schema["type"] == "object")
        #expect(schema["additionalProperties"] == false)
        let required = try #require(schema["required"])
        #expect(required != [], "\(id)")
        #expect(Set(schema["properties"]?.pairs.map(\.key) ?? []) == Set(required.array?.compactMap(\.string) ?? []), "\(id): every key is always written")
    }

    /// An app that describes nothing gets its events from its curl twins, typed by their values.
    @Test func anUndescribedAppIsDerivedFromItsExamples() throws {
        let tally = AppRegistration.app(NewAppThroughTheSeamTests.TallyApp.self)
        let events = tally.apiDescription.events
        #expect(events.map(\.name) == ["add", "reset"])
        #expect(events.first?.arguments.map(\.name) == ["amount"])
        #expect(events.first?.arguments.first?.required == true)
        #expect(events.first?.arguments.first?.schema == ["type": "integer"])
        #expect(tally.apiDescription.snapshotSchema == ["type": "object"])
        let apps = AppRegistry(Self.registry.apps + [tally])
        let schemas = try #require((try Self.document(apps)["components"] as? [String: Any])?["schemas"] as? [String: Any])
        let add = try #require(schemas["TallyAdd"] as? [String: Any])
        #expect(add["required"] as? [String] == ["app", "event", "amount"])
        #expect(add["additionalProperties"] as? Bool == false)
    }

    @Test func routePatternsBecomeTemplates() {
        #expect(OpenAPIDocument.template("/rooms/:room/apps/:app") == "/rooms/{room}/apps/{app}")
        #expect(OpenAPIDocument.template("/public/*path") == "/public/{path}")
        #expect(OpenAPIDocument.template("/") == "/")
    }
}
