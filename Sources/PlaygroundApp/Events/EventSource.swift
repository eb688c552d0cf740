import PlaygroundHTTP

/// Where an event came from, as the trace shows it.
public enum EventSource: String, Sendable {
    /// A button or field on the playground page (with or without JavaScript).
    case browser
    /// Any other HTTP client, e.g. curl.
    case http

    /// The page's script marks its posts; a plain form post asks for HTML back.
    init(_ request: HTTPRequest) {
        if request.headers["x-playground-source"] == "browser" || EventSource.prefersHTML(request) {
            self = .browser
        } else {
            self = .http
        }
    }

    /// True for a browser form post without JavaScript (it wants to be sent back to the room page).
    static func prefersHTML(_ request: HTTPRequest) -> Bool {
        guard let accept = request.headers["accept"]?.lowercased() else { return false }
        return accept.contains("text/html") && !accept.contains("application/json")
    }
}
