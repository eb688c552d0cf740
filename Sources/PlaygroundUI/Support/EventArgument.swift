/// One argument of a posted event, as it arrived: a JSON scalar, or the text of a form field.
///
/// The counterpart of ``PostableEvent``: a form built from `postedFields` comes back as `.formText` values,
/// a JSON body as typed ones, and each sample validates them in its own words.
public enum EventArgument: Sendable, Equatable, Decodable {
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

    public init(from decoder: any Decoder) throws {
        // JSON's kinds are disjoint, so the order only sets the cost: strings (nearly every field) come first,
        // because each failed attempt builds and throws a DecodingError.
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode(Bool.self) {
            self = .boolean(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else {
            self = .number(try container.decode(Double.self))
        }
    }

    /// The argument as text, when it is a string or a form field.
    public var text: String? {
        switch self {
        case .string(let text), .formText(let text): text
        default: nil
        }
    }

    /// The argument as a whole number: a JSON integer, or a form field holding one.
    public var integer: Int? {
        switch self {
        case .integer(let value): value
        case .formText(let text): Int(text)
        default: nil
        }
    }
}
