/// Where an input came from, as the trace shows it.
public enum EventSource: String, Sendable {
    /// A button or field on the playground page (with or without JavaScript).
    case browser
    /// Any other HTTP client, e.g. curl.
    case http
    /// The compare page's shared controls (`POST /rooms/{id}/compare/events`): one input sent to every implementation.
    case compare

    /// "the page", "HTTP" or "the compare page", for captions.
    public var spoken: String {
        switch self {
        case .browser: "the page"
        case .http: "HTTP"
        case .compare: "the compare page"
        }
    }
}
