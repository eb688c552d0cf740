import PlaygroundUI

extension EventArgument {
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
