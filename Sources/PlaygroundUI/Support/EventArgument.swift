/// One argument of a posted event, as it arrived: a JSON scalar, or the text of a form field.
///
/// A form's fields come back as `.formText` values, a JSON body as typed ones, and each sample validates them in
/// its own words.
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

    /// The argument as a whole number: a JSON integer, or a form field holding one (``number(_:)``'s digits).
    public var integer: Int? {
        switch self {
        case .integer(let value): value
        case .formText(let text):
            if case .integer(let value)? = Self.number(text.utf8) { value } else { nil }
        default: nil
        }
    }

    /// The argument as a number: a JSON number, or a form field holding one (``number(_:)``'s digits and fraction).
    public var decimal: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .number(let value): value
        case .formText(let text):
            switch Self.number(text.utf8) {
            case .integer(let value)?: Double(value)
            case .number(let value)?: value
            default: nil
            }
        default: nil
        }
    }

    /// How a number is written in an event, JSON or form alike; ``number(_:)`` reads nothing else.
    public static let numberSyntax =
        #"digits for a whole number (3), digits, "." and digits for a fraction (0.5), a leading "-" for a negative one; "#
        + #"no "+", exponent, hex, spaces or leading zeros"#

    /// The one reader of a number an event carries, for a JSON body's number tokens and a form's text alike, so both
    /// accept the same set: `-?(0|[1-9][0-9]*)(\.[0-9]+)?`. Digits alone are `.integer` (`.number` when they do not
    /// fit in `Int`); with a fraction, `.number` (`2.0` too: an integer is written without one). Anything else, a
    /// `+`, an exponent, `0x1p-1`, `.5`, `03`, spaces, is nil (Swift's `Int("+3")` and `Double("0x1p-1")` read those).
    public static func number<Bytes: Collection<UInt8>>(_ text: Bytes) -> EventArgument? {
        var bytes = text[...]
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { bytes.removeFirst() }
        let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        let whole = bytes.prefix(while: isDigit)
        guard !whole.isEmpty, whole.first != UInt8(ascii: "0") || whole.count == 1 else { return nil }
        bytes = bytes[whole.endIndex...]
        var fraction: Bytes.SubSequence?
        if bytes.first == UInt8(ascii: ".") {
            let digits = bytes.dropFirst().prefix(while: isDigit)
            guard !digits.isEmpty else { return nil }
            fraction = digits
            bytes = bytes[digits.endIndex...]
        }
        guard bytes.isEmpty else { return nil }
        let written = String(decoding: text, as: UTF8.self)
        if fraction == nil, let value = Int(written) { return .integer(value) }
        guard let value = Double(written), value.isFinite else { return nil }
        return .number(value)
    }
}
