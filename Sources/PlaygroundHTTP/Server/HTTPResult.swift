/// What a responder returns: a response now, a response later, or an event stream.
public enum HTTPResult: Sendable {
    /// Answer now.
    case response(HTTPResponse)
    /// Suspend the connection, run the closure in a Task, then resume and answer with its result.
    case deferred(@Sendable () async -> HTTPResult)
    /// Suspend the connection and call `start` on the server's thread with a completion that answers it. `start`
    /// must only hand the work elsewhere (e.g. `queue.async`) and return; the completion may be called once,
    /// from any thread. Cheaper than `deferred` when the work already runs on its own queue: no Task hop.
    case completion(@Sendable (_ complete: @escaping @Sendable (HTTPResult) -> Void) -> Void)
    /// Answer `200 text/event-stream` and stream this subscriber until it finishes or the client leaves.
    case eventStream(EventStream)

    /// The error's JSON response.
    public static func error(_ error: HTTPError) -> HTTPResult { .response(error.response) }
}
