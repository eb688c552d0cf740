import AppSeam
import Foundation
import PlaygroundHTTP

/// `GET /openapi.json`, made once at start-up: the operations of the routes the router has (their text in
/// ``OpenAPIText``), and the apps of the registry (their ids, events, arguments and snapshots), so an app added to
/// the registry is described, checked and accepted with no document to edit.
struct OpenAPIDocument: Encodable {
    let openapi = "3.1.0"
    let info: JSONLiteral
    let servers = OpenAPIText.servers
    let tags = OpenAPIText.tags
    let paths: JSONLiteral
    let components: JSONLiteral

    /// The document for `routes` (method and pattern, `:name` and `*name` segments) and `apps`.
    init(routes: [(method: HTTPMethod, pattern: String)], apps: AppRegistry) {
        var info = OpenAPIText.info
        let list = apps.apps.map { "`\($0.about.id)` (\($0.about.title))" }.joined(separator: ", ")
        info["description"] = .string(
            "Every room hosts the same apps: \(list). An event posted to a room (or a press on its page) changes an app, "
                + "and every tab following the room's stream receives the changed HTML fragments at once.\n\n"
                + (info["description"]?.string ?? ""))
        self.info = info
        paths = Self.paths(routes, apps)
        var schemas = OpenAPIText.schemas + OpenAPIAppSchemas.schemas(apps)
        schemas.sort { $0.0 < $1.0 }
        components = [
            "schemas": .object(schemas.map { (key: $0.0, value: $0.1) }),
            "parameters": .object(OpenAPIText.parameters.map { (key: $0.0, value: $0.1) }),
            "headers": .object(OpenAPIText.headers.map { (key: $0.0, value: $0.1) }),
            "responses": .object(OpenAPIText.responses.map { (key: $0.0, value: $0.1) }),
            "securitySchemes": OpenAPIText.securitySchemes,
        ]
    }

    /// The OpenAPI form of a route pattern: `/rooms/:room` is `/rooms/{room}`, `/public/*path` is `/public/{path}`.
    static func template(_ pattern: String) -> String {
        pattern.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            segment.first == ":" || segment.first == "*" ? "{\(segment.dropFirst())}" : String(segment)
        }.joined(separator: "/")
    }

    /// Static files are answered before the router, for every path under `/public/`.
    static let staticFiles: (method: HTTPMethod, pattern: String) = (.get, "/public/*path")

    private static func paths(_ routes: [(method: HTTPMethod, pattern: String)], _ apps: AppRegistry) -> JSONLiteral {
        let text = Dictionary(OpenAPIText.paths, uniquingKeysWith: { first, _ in first })
        var items: [(key: String, value: JSONLiteral)] = []
        for route in routes + [staticFiles] {
            let template = template(route.pattern)
            let method = route.method.rawValue.lowercased()
            let operation = text[template]?[method] ?? [
                "summary": "Not described yet", "responses": ["default": ["description": "Not described yet."]],
            ]
            if let index = items.firstIndex(where: { $0.key == template }) {
                items[index].value[method] = operation
            } else {
                var item: JSONLiteral = [:]
                for key in ["description", "parameters"] { item[key] = text[template]?[key] }
                item[method] = operation
                items.append((template, item))
            }
        }
        var document = JSONLiteral.object(items)
        OpenAPIAppSchemas.addExamples(to: &document, apps)
        OpenAPIText.addPresenterGate(to: &document)
        return document
    }

    /// The document as served: JSON, keys sorted so the bytes (and so the ETag) are the same at every start.
    func json() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array((try? encoder.encode(self)) ?? Data())
    }
}

/// Serves the generated document at `GET /openapi.json` like a static file (ETag, 304, gzip).
enum OpenAPIRoute {
    /// Adds the route; call it after every other route is added, so the document describes them all.
    static func register(in router: inout Router, apps: AppRegistry) {
        let routes = router.table + [(method: HTTPMethod.get, pattern: "/openapi.json")]
        let files = StaticFiles(contents: ["openapi.json": OpenAPIDocument(routes: routes, apps: apps).json()])
        router.add(.get, "/openapi.json") { request, _ in .response(files.response(for: "openapi.json", request: request)) }
    }
}
