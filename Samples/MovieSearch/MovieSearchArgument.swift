/// One argument of a posted event, as the HTTP layer decoded it: a JSON scalar or the text of a form field.
/// The validator (``MovieSearchEvent/init(name:arguments:)``) takes these plain values, not HTTP requests.
public enum MovieSearchArgument: Sendable, Equatable {
    /// A JSON string.
    case string(String)
    /// A JSON number without a fraction.
    case integer(Int)
    /// A JSON number with a fraction.
    case number(Double)
    /// A JSON boolean.
    case boolean(Bool)
    /// A JSON null.
    case null
    /// A form field: text that may be read as a number.
    case formText(String)

    /// How a message shows the value that was given: `the string "abc"`, `the number 2.5`, `null` …
    var given: String {
        switch self {
        case .string(let text): "the string \(Self.quoted(text))"
        case .integer(let value): "the number \(value)"
        case .number(let value): "the number \(value)"
        case .boolean(let value): "\(value)"
        case .null: "null"
        case .formText(let text): "\(Self.quoted(text))"
        }
    }

    /// Quoted and cut to 40 characters, for messages.
    static func quoted(_ text: String) -> String {
        let cut = text.count > 40 ? String(text.prefix(40)) + "…" : text
        return cut.debugDescription
    }
}
