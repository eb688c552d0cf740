/// Where an input came from, as the trace shows it.
public enum EventSource: String, Sendable {
    /// A button or field on the playground page (with or without JavaScript).
    case browser
    /// Any other HTTP client, e.g. curl.
    case http

    /// "the page" or "HTTP", for captions.
    public var spoken: String { self == .browser ? "the page" : "HTTP" }
}
