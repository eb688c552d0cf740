import AppSeam
import PlaygroundHTTP

/// A control's press posted by the page: `app`, the control's id and, for a field or a toggle, its `value`
/// (`app=ev&control=/T/0/1&value=…`), as its form sends it.
struct ActionPost: Sendable {
    let app: String
    let action: String
    let value: String?

    init(_ request: HTTPRequest) throws(HTTPError) {
        var fields = try EventEnvelope.fields(request)
        for field in EventEnvelope.transportFields { fields[field] = nil }
        guard let app = fields.removeValue(forKey: "app")?.text, !app.isEmpty else {
            throw HTTPError(.badRequest, code: "missing_app", message: #"The action has no "app" field; the page's forms send it."#)
        }
        guard let action = fields.removeValue(forKey: "control")?.text, !action.isEmpty, action.utf8.count <= 512 else {
            throw HTTPError(
                .badRequest, code: "missing_control",
                message: #"The post has no "control" id (at most 512 bytes); a control's form sends it. Events go to /events."#)
        }
        let value = fields.removeValue(forKey: "value")
        if let extra = fields.keys.sorted().first {
            throw HTTPError(
                .badRequest, code: "unexpected_argument",
                message: "An action post takes app, control and value, but \(quoted(extra)) was given.")
        }
        guard value == nil || value?.text != nil else {
            throw HTTPError(.badRequest, code: "invalid_action_value", message: #"An action's "value" is text, as a form sends it."#)
        }
        (self.app, self.action, self.value) = (app, action, value?.text)
    }
}
