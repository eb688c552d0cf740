/// Answers requests; called on a libmicrohttpd thread, so it must answer promptly (every route here is in memory:
/// a room's work is a short job on its executor).
public protocol HTTPResponder: Sendable {
    /// The result for one request.
    func respond(to request: HTTPRequest) -> HTTPResult
}

/// A responder made from a closure (tests and small servers).
public struct ClosureResponder: HTTPResponder {
    private let body: @Sendable (HTTPRequest) -> HTTPResult

    /// Wraps `body` as a responder.
    public init(_ body: @escaping @Sendable (HTTPRequest) -> HTTPResult) { self.body = body }

    /// Calls the closure.
    public func respond(to request: HTTPRequest) -> HTTPResult { body(request) }
}

extension Router: HTTPResponder {
    /// Routes the request (see `route(_:)`).
    public func respond(to request: HTTPRequest) -> HTTPResult { route(request) }
}
