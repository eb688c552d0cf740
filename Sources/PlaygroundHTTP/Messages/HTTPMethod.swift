/// An HTTP request method; unknown tokens are kept verbatim in `.other`.
public enum HTTPMethod: Sendable, Equatable, Hashable {
    case get, head, post, put, delete, patch, options
    case other(String)

    /// Maps a method token as sent on the wire (case-sensitive, as RFC 9110 requires).
    public init(rawValue: String) {
        switch rawValue {
        case "GET": self = .get
        case "HEAD": self = .head
        case "POST": self = .post
        case "PUT": self = .put
        case "DELETE": self = .delete
        case "PATCH": self = .patch
        case "OPTIONS": self = .options
        default: self = .other(rawValue)
        }
    }

    /// The method token as sent on the wire, e.g. `"GET"`.
    public var rawValue: String {
        switch self {
        case .get: "GET"
        case .head: "HEAD"
        case .post: "POST"
        case .put: "PUT"
        case .delete: "DELETE"
        case .patch: "PATCH"
        case .options: "OPTIONS"
        case .other(let token): token
        }
    }
}
