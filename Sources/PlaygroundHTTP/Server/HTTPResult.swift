/// What a responder returns: a response now, a response later, or an event stream.
public enum HTTPResult: Sendable {
    /// Answer now.
    case response(HTTPResponse)
    /// Suspend the connection, run the closure in a Task, then resume and answer with its result.
    case deferred(@Sendable () async -> HTTPResult)
    /// Answer `200 text/event-stream` and stream this subscriber until it finishes or the client leaves.
    case eventStream(EventStream)

    /// The error's JSON response.
    public static func error(_ error: HTTPError) -> HTTPResult { .response(error.response) }
}
