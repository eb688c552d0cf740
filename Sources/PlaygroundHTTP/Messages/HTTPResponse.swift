/// A complete HTTP response: status, headers and body bytes.
public struct HTTPResponse: Sendable {
    /// The status line's code.
    public var status: HTTPStatus
    /// Response headers (`Content-Length` and `Date` are added by the server).
    public var headers: HTTPHeaders
    /// The body bytes (not sent for HEAD requests or 304).
    public var body: [UInt8]

    /// A response with explicit parts.
    public init(status: HTTPStatus, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON response; `jsonText` must already be valid JSON.
    public static func json(_ status: HTTPStatus = .ok, _ jsonText: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json; charset=utf-8"], body: Array(jsonText.utf8))
    }

    /// An HTML response; `html` must already be escaped.
    public static func html(_ status: HTTPStatus = .ok, _ html: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "text/html; charset=utf-8"], body: Array(html.utf8))
    }

    /// A plain-text response.
    public static func text(_ status: HTTPStatus, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Array(text.utf8))
    }

    /// A redirect to `location` (303 by default, so a form POST comes back as a GET).
    public static func redirect(to location: String, status: HTTPStatus = .seeOther) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Location": location], body: [])
    }
}
