import AppSeam
import PlaygroundUI

extension EventArgument {
    /// How a message shows the value that was given: `the string "abc"`, `the number 2.5`, `null` …
    var given: String {
        switch self {
        case .string(let text): "the string \(quoted(text))"
        case .integer(let value): "the number \(value)"
        case .number(let value): "the number \(value)"
        case .boolean(let value): "\(value)"
        case .null: "null"
        case .formText(let text): "\(quoted(text))"
        }
    }
}
