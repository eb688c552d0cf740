/// Minimal router: method + path pattern with `:name` segments (and a final `*name` for the rest of the path).
///
/// Unknown path → 404 `HTTPError`; known path with another method → 405 with `Allow`. GET routes also answer HEAD.
/// ```swift
/// var router = Router()
/// router.add(.get, "/rooms/:id") { request, parameters in
///     .response(.text(.ok, "room \(parameters["id"] ?? "")"))
/// }
/// let server = HTTPServer(configuration: .init(), responder: router, logger: logger)
/// ```
public struct Router: Sendable {
    private struct Route: Sendable {
        let method: HTTPMethod
        let text: String
        let pattern: RoutePattern
        let handler: @Sendable (HTTPRequest, RouteParameters) -> HTTPResult
    }

    private var routes: [Route] = []

    /// An empty router (every path is a 404).
    public init() {}

    /// Adds a route; the first added route that matches wins.
    public mutating func add(
        _ method: HTTPMethod,
        _ pattern: String,
        _ handler: @escaping @Sendable (HTTPRequest, RouteParameters) -> HTTPResult
    ) {
        routes.append(Route(method: method, text: pattern, pattern: RoutePattern(pattern), handler: handler))
    }

    /// Every route's method and pattern (as added, e.g. `/rooms/:room/events`), in order: what a generated API
    /// description lists.
    public var table: [(method: HTTPMethod, pattern: String)] { routes.map { ($0.method, $0.text) } }

    /// The pattern `request`'s path matches (as added, e.g. `/rooms/:room/events`), whatever its method; nil when
    /// none does. A bounded label for metrics, unlike the raw path.
    public func pattern(matching request: HTTPRequest) -> String? {
        let owners = owningRoutes(RoutePattern.segments(of: request.path))
        return owners.first.map { routes[$0].text }
    }

    /// The handler's result for `request`, or a 404/405 `HTTPError` response.
    public func route(_ request: HTTPRequest) -> HTTPResult { resolve(request).result }

    /// ``route(_:)`` and ``pattern(matching:)`` in one pass over the routes (every request asks both: the metrics
    /// label its route).
    public func resolve(_ request: HTTPRequest) -> (pattern: String?, result: HTTPResult) {
        let segments = RoutePattern.segments(of: request.path)
        let owners = owningRoutes(segments)
        let pattern = owners.first.map { routes[$0].text }
        var allowed: [HTTPMethod] = []
        var headFallback: Int?
        for index in owners {
            let method = routes[index].method
            if method == request.method { return (pattern, call(index, request, segments)) }
            if request.method == .head, method == .get, headFallback == nil { headFallback = index }
            if !allowed.contains(method) { allowed.append(method) }
        }
        if let headFallback { return (pattern, call(headFallback, request, segments)) }
        return (pattern, refusal(request, allowed: allowed))
    }

    /// The routes whose pattern matches `segments` with the fewest variable segments, in the order added: the most
    /// literal patterns own the path (GET /rooms/import is 405, not the room named "import"). Indices, so no route
    /// (four references) is copied for a request.
    private func owningRoutes(_ segments: [Substring]) -> [Int] {
        var owners: [Int] = []
        var fewest = Int.max
        for index in routes.indices where routes[index].pattern.matches(segments) {
            let count = routes[index].pattern.variableCount
            if count < fewest {
                fewest = count
                owners.removeAll(keepingCapacity: true)
            }
            if count == fewest { owners.append(index) }
        }
        return owners
    }

    private func call(_ index: Int, _ request: HTTPRequest, _ segments: [Substring]) -> HTTPResult {
        // `matches` held, so `match` captures.
        routes[index].handler(request, routes[index].pattern.match(segments) ?? RouteParameters())
    }

    private func refusal(_ request: HTTPRequest, allowed: [HTTPMethod]) -> HTTPResult {
        var allowed = allowed
        guard !allowed.isEmpty else {
            return .error(HTTPError(.notFound, code: "not_found", message: "Nothing is served at this path."))
        }
        if allowed.contains(.get), !allowed.contains(.head) { allowed.append(.head) }
        let allow = allowed.map(\.rawValue).joined(separator: ", ")
        return .error(
            HTTPError(
                .methodNotAllowed,
                code: "method_not_allowed",
                message: "\(request.method.rawValue) is not accepted here; accepted methods: \(allow).",
                headers: ["Allow": allow]
            )
        )
    }
}
