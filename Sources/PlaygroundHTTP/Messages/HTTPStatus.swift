/// An HTTP status code with its reason phrase.
public struct HTTPStatus: Sendable, Equatable, Hashable {
    /// The numeric code, e.g. 404.
    public let code: Int
    /// The reason phrase, e.g. "Not Found" (libmicrohttpd writes its own standard phrase on the wire).
    public let reason: String

    /// A status with any code and phrase.
    public init(code: Int, reason: String) {
        self.code = code
        self.reason = reason
    }

    /// 200 OK.
    public static let ok = HTTPStatus(code: 200, reason: "OK")
    /// 201 Created.
    public static let created = HTTPStatus(code: 201, reason: "Created")
    /// 202 Accepted.
    public static let accepted = HTTPStatus(code: 202, reason: "Accepted")
    /// 204 No Content.
    public static let noContent = HTTPStatus(code: 204, reason: "No Content")
    /// 301 Moved Permanently.
    public static let movedPermanently = HTTPStatus(code: 301, reason: "Moved Permanently")
    /// 302 Found.
    public static let found = HTTPStatus(code: 302, reason: "Found")
    /// 303 See Other.
    public static let seeOther = HTTPStatus(code: 303, reason: "See Other")
    /// 304 Not Modified.
    public static let notModified = HTTPStatus(code: 304, reason: "Not Modified")
    /// 400 Bad Request.
    public static let badRequest = HTTPStatus(code: 400, reason: "Bad Request")
    /// 403 Forbidden.
    public static let forbidden = HTTPStatus(code: 403, reason: "Forbidden")
    /// 404 Not Found.
    public static let notFound = HTTPStatus(code: 404, reason: "Not Found")
    /// 405 Method Not Allowed.
    public static let methodNotAllowed = HTTPStatus(code: 405, reason: "Method Not Allowed")
    /// 409 Conflict.
    public static let conflict = HTTPStatus(code: 409, reason: "Conflict")
    /// 410 Gone.
    public static let gone = HTTPStatus(code: 410, reason: "Gone")
    /// 413 Content Too Large.
    public static let payloadTooLarge = HTTPStatus(code: 413, reason: "Content Too Large")
    /// 415 Unsupported Media Type.
    public static let unsupportedMediaType = HTTPStatus(code: 415, reason: "Unsupported Media Type")
    /// 422 Unprocessable Content.
    public static let unprocessableContent = HTTPStatus(code: 422, reason: "Unprocessable Content")
    /// 429 Too Many Requests.
    public static let tooManyRequests = HTTPStatus(code: 429, reason: "Too Many Requests")
    /// 500 Internal Server Error.
    public static let internalServerError = HTTPStatus(code: 500, reason: "Internal Server Error")
    /// 503 Service Unavailable.
    public static let serviceUnavailable = HTTPStatus(code: 503, reason: "Service Unavailable")
}
