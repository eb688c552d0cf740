import AppSeam
import PlaygroundHTTP

// What the routes share: counted methods, page headers, errors as answers, envelopes decoded for their app.

extension HTTPMethod {
    /// Methods counted by name in `/metrics`; any other is counted as `OTHER`, so a client cannot add label values.
    static let counted: [HTTPMethod] = [.get, .head, .post, .put, .delete, .options, .patch]
}

extension HTTPResponse {
    /// Returns the response with one more header.
    func adding(_ name: String, _ value: String) -> HTTPResponse {
        var response = self
        response.headers[name] = value
        return response
    }

    /// Headers for the room page: never cached, scripts only from our own origin.
    func withPageHeaders() -> HTTPResponse {
        self.adding("Cache-Control", "no-store")
            .adding(
                "Content-Security-Policy",
                "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
            )
            .adding("X-Content-Type-Options", "nosniff")
            .adding("Referrer-Policy", "same-origin")  // a form post from a one-app page returns there
    }
}

extension HTTPError {
    /// The error itself when it is an HTTPError, else a 500 that hides internals.
    static func from(_ error: any Error) -> HTTPError {
        error as? HTTPError
            ?? HTTPError(
                .internalServerError, code: "internal_error", message: "The server failed to handle this request; it has been logged.")
    }
}

extension AppRegistry {
    /// Decodes an envelope for the app it names: 400 with what is accepted when the app or the input is unknown.
    func decode(_ envelope: EventEnvelope) throws(HTTPError) -> DecodedInput {
        do {
            return try decode(app: envelope.app, event: envelope.event, arguments: envelope.arguments)
        } catch {
            switch error {
            case .unknownApp(let ids):
                throw HTTPError(
                    .badRequest, code: "unknown_app",
                    message: "There is no app \(quoted(envelope.app)); accepted: \(ids.joined(separator: ", ")).")
            case .invalidInput(let error):
                throw HTTPError(.badRequest, code: error.code.rawValue, message: error.message)
            }
        }
    }
}
