import AppSeam
import PlaygroundHTTP
import PlaygroundUI

/// The one event shape every app accepts: `{"app": APP, "event": NAME, …arguments}` as JSON,
/// or the same fields as a urlencoded form.
///
/// ```swift
/// let envelope = try EventEnvelope(request)   // throws HTTPError 400/415 with what is accepted
/// envelope.app    // "ev"
/// envelope.event  // "changeBothSidesColors"
/// ```
public struct EventEnvelope: Sendable, Equatable {
    /// The app the event is for (`ev`, `vvsi`, `mvi`, …).
    public var app: String
    /// The event's name within that app.
    public var event: String
    /// Every other field, by name.
    public var arguments: [String: EventArgument]

    /// Media types a POST may use.
    public static let acceptedContentTypes = ["application/json", "application/x-www-form-urlencoded"]
    /// Fields of a form post that steer the HTTP answer, not the event.
    static let transportFields: Set<String> = ["_source"]

    public init(app: String, event: String, arguments: [String: EventArgument] = [:]) {
        self.app = app
        self.event = event
        self.arguments = arguments
    }

    /// Parses the request body according to its `Content-Type`.
    public init(_ request: HTTPRequest) throws(HTTPError) {
        var fields = try Self.fields(request)
        for field in Self.transportFields { fields[field] = nil }
        guard let app = fields.removeValue(forKey: "app")?.text, !app.isEmpty else {
            throw HTTPError(
                .badRequest, code: "missing_app", message: #"The event has no "app" string; name one of the apps, e.g. "app":"ev"."#)
        }
        guard let event = fields.removeValue(forKey: "event")?.text, !event.isEmpty else {
            throw HTTPError(
                .badRequest, code: "missing_event", message: #"The event has no "event" string, e.g. "event":"changeBothSidesColors"."#)
        }
        self.init(app: app, event: event, arguments: fields)
    }

    /// Parses a body for the compare endpoint: the envelope without `app`, addressed to `app` (the first compare app;
    /// the same input then goes to the others).
    public init(_ request: HTTPRequest, sharedBy app: String) throws(HTTPError) {
        var fields = try Self.fields(request)
        for field in Self.transportFields { fields[field] = nil }
        guard fields.removeValue(forKey: "app") == nil else {
            throw HTTPError(
                .badRequest, code: "unexpected_app",
                message: #"The compare endpoint sends every event to all the apps it compares: leave "app" out, e.g. {"event":"search","query":"alien"}."#)
        }
        guard let event = fields.removeValue(forKey: "event")?.text, !event.isEmpty else {
            throw HTTPError(.badRequest, code: "missing_event", message: #"The event has no "event" string, e.g. {"event":"search","query":"alien"}."#)
        }
        self.init(app: app, event: event, arguments: fields)
    }

    /// The body's fields, JSON or urlencoded by its `Content-Type`: what an event and a control's action post.
    static func fields(_ request: HTTPRequest) throws(HTTPError) -> [String: EventArgument] {
        guard let mediaType = request.headers["content-type"].map(Self.mediaType) else {
            throw HTTPError(
                .unsupportedMediaType, code: "missing_content_type",
                message: "The request has no Content-Type; send application/json or application/x-www-form-urlencoded.")
        }
        guard !request.body.isEmpty else {
            throw HTTPError(
                .badRequest, code: "empty_body",
                message: #"The body is empty; send an event such as {"app":"ev","event":"changeBothSidesColors"}."#)
        }
        switch mediaType {
        case "application/json": return try Self.jsonFields(request.body)
        case "application/x-www-form-urlencoded": return try FormDecoding.fields(request.body)
        default:
            throw HTTPError(
                .unsupportedMediaType, code: "unsupported_content_type",
                message:
                    "Content-Type \(quoted(mediaType)) is not accepted; send application/json or application/x-www-form-urlencoded.")
        }
    }

    private static func jsonFields(_ body: [UInt8]) throws(HTTPError) -> [String: EventArgument] {
        do {
            return try FlatJSONObject.parse(body)
        } catch where error.numberField != nil {
            throw HTTPError(.badRequest, code: "invalid_argument", message: "The body's " + error.reason + ".")
        } catch {
            throw HTTPError(
                .badRequest, code: "malformed_json",
                message: "The body is not a flat JSON object of strings, numbers and booleans (\(error.reason)); send e.g. "
                    + #"{"app":"ev","event":"changeBothSidesColors"}."#)
        }
    }

    /// `type/subtype` of a Content-Type value: before any `;`, without surrounding spaces and tabs, lowercased.
    /// Plain ASCII work on the bytes: Foundation's `trimmingCharacters` showed in every event's profile
    /// (BENCHMARKS.md, "Profiles").
    static func mediaType(_ contentType: String) -> String {
        var bytes = contentType.utf8.prefix { $0 != UInt8(ascii: ";") }[...]
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        while let first = bytes.first, isBlank(first) { bytes.removeFirst() }
        while let last = bytes.last, isBlank(last) { bytes.removeLast() }
        return String(decoding: bytes.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
