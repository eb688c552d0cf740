import JSONText

/// Every error a client sees: `{"error":{"code":"…","message":"…"}}` (JSON-escaped), status as given.
///
/// Messages say what was wrong and what is accepted:
/// ```swift
/// throw HTTPError(.badRequest, code: "unknown_app", message: "no app named 'x'; accepted: ev, mvi")
/// ```
public struct HTTPError: Error, Sendable, Equatable {
    /// The response status.
    public var status: HTTPStatus
    /// A stable machine-readable code, e.g. `"not_found"`.
    public var code: String
    /// A sentence for people: what was wrong and what is accepted.
    public var message: String
    /// Extra response headers (e.g. `Allow` on 405).
    public var headers: HTTPHeaders

    /// An error with a status, a machine-readable code and a human message.
    public init(_ status: HTTPStatus, code: String, message: String, headers: HTTPHeaders = HTTPHeaders()) {
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
    }

    /// The JSON body text, escaped.
    public var jsonText: String {
        "{\"error\":{\"code\":\(JSONString.quoted(code)),\"message\":\(JSONString.quoted(message))}}"
    }

    /// The error as a JSON response (with `Cache-Control: no-store`).
    public var response: HTTPResponse {
        var response = HTTPResponse.json(status, jsonText)
        response.headers["Cache-Control"] = "no-store"
        for field in headers { response.headers[field.name] = field.value }
        return response
    }
}
