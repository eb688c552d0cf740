/// What a responder returns: a response, or an event stream.
public enum HTTPResult: Sendable {
    /// Answer now.
    case response(HTTPResponse)
    /// Answer `200 text/event-stream` and stream this subscriber until it finishes or the client leaves.
    case eventStream(EventStream)
    /// Answer when the ``DeferredAnswer`` is sent (from any thread); no server thread waits meanwhile.
    case later(DeferredAnswer)

    /// The error's JSON response.
    public static func error(_ error: HTTPError) -> HTTPResult { .response(error.response) }
}
