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
        let segments = RoutePattern.segments(of: request.path)
        let matching = routes.filter { $0.pattern.matches(segments) }
        let fewest = matching.map(\.pattern.variableCount).min()
        return matching.first { $0.pattern.variableCount == fewest }?.text
    }

    /// The handler's result for `request`, or a 404/405 `HTTPError` response.
    public func route(_ request: HTTPRequest) -> HTTPResult {
        let segments = RoutePattern.segments(of: request.path)
        var allowed: [HTTPMethod] = []
        var headFallback: (Route, RouteParameters)?
        let matching = routes.compactMap { route in route.pattern.match(segments).map { (route, $0) } }
        // The most literal patterns own the path: GET /rooms/import is 405, not the room named "import".
        let fewest = matching.map(\.0.pattern.variableCount).min()
        for (route, parameters) in matching where route.pattern.variableCount == fewest {
            if route.method == request.method { return route.handler(request, parameters) }
            if request.method == .head, route.method == .get, headFallback == nil { headFallback = (route, parameters) }
            if !allowed.contains(route.method) { allowed.append(route.method) }
        }
        if let (route, parameters) = headFallback { return route.handler(request, parameters) }
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
