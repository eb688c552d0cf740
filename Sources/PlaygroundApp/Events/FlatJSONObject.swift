import AppSeam
import PlaygroundUI

/// Parses the one JSON shape an event body may have: a flat object whose values are strings, numbers, booleans
/// or null (RFC 8259 syntax, UTF-8).
///
/// `JSONDecoder` did the same job at a measurable share of the server's CPU per event (BENCHMARKS.md, "Profiles"):
/// a decoder and a `Data` per body, and a thrown `DecodingError` per non-string field. This reads the bytes once, with no
/// recursion (a nested value is an error as soon as it starts), so hostile nesting costs nothing.
///
/// ```swift
/// try FlatJSONObject.parse(Array(#"{"app":"vvsi","event":"random","count":3}"#.utf8))
/// // ["app": .string("vvsi"), "event": .string("random"), "count": .integer(3)]
/// ```
enum FlatJSONObject {
    /// What was wrong, in words for the client.
    struct Failure: Error, Equatable {
        let reason: String
        /// The field whose value is a JSON number written in a way no event takes (an exponent): the body is JSON,
        /// the argument is what is wrong.
        var numberField: String? = nil
    }

    static func parse(_ bytes: [UInt8]) throws(Failure) -> [String: EventArgument] {
        var reader = Reader(bytes: bytes)
        return try reader.object()
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        mutating func object() throws(Failure) -> [String: EventArgument] {
            skipSpace()
            guard take(UInt8(ascii: "{")) else { throw Failure(reason: "not an object") }
            var fields: [String: EventArgument] = [:]
            skipSpace()
            if !take(UInt8(ascii: "}")) {
                repeat {
                    skipSpace()
                    guard peek == UInt8(ascii: "\"") else { throw invalid("a field name in quotes") }
                    let name = try string()
                    skipSpace()
                    guard take(UInt8(ascii: ":")) else { throw invalid("\":\" after a field name") }
                    skipSpace()
                    let value = try value(of: name)
                    guard fields.updateValue(value, forKey: name) == nil else {
                        throw Failure(reason: "field \(quoted(name)) appears twice")
                    }
                    skipSpace()
                } while take(UInt8(ascii: ","))
                guard take(UInt8(ascii: "}")) else { throw invalid("\",\" or \"}\" after a value") }
            }
            skipSpace()
            guard index == bytes.count else { throw invalid("nothing after the object") }
            return fields
        }

        private mutating func value(of name: String) throws(Failure) -> EventArgument {
            guard let byte = peek else { throw invalid("a value") }
            switch byte {
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .boolean(true)
            case UInt8(ascii: "f"): try literal("false"); return .boolean(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number(of: name)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                throw Failure(reason: "field \(quoted(name)) is not a string, number or boolean")
            default: throw invalid("a value")
            }
        }

        /// A string token; the index is at its opening quote.
        private mutating func string() throws(Failure) -> String {
            index += 1
            var text: [UInt8] = []
            while let byte = peek {
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    guard let string = String(validating: text, as: UTF8.self) else { throw invalid(nil) }
                    return string
                case UInt8(ascii: "\\"): try escape(into: &text)
                case ..<0x20: throw invalid(nil)  // control characters must be escaped
                default: text.append(byte)
                }
            }
            throw invalid("a closing quote")
        }

        private mutating func escape(into text: inout [UInt8]) throws(Failure) {
            guard let byte = peek else { throw invalid(nil) }
            index += 1
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(byte)
            case UInt8(ascii: "b"): text.append(0x08)
            case UInt8(ascii: "f"): text.append(0x0C)
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800..<0xDC00).contains(scalar) {  // a high surrogate: its low half must follow
                    guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")) else { throw invalid(nil) }
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw invalid(nil) }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let unicode = Unicode.Scalar(scalar) else { throw invalid(nil) }  // a lone low surrogate
                text.append(contentsOf: String(Character(unicode)).utf8)
            default: throw invalid(nil)
            }
        }

        private mutating func hex4() throws(Failure) -> UInt32 {
            guard index + 4 <= bytes.count else { throw invalid(nil) }
            var value: UInt32 = 0
            for byte in bytes[index..<index + 4] {
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw invalid(nil)
                }
                value = value << 4 | UInt32(digit)
            }
            index += 4
            return value
        }

        /// A JSON number token, `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, read by the one number reader
        /// a form's fields go through too (`EventArgument.number`), so JSON and forms take the same numbers: digits are
        /// an integer, digits with a fraction a `Double`; an exponent is valid JSON but no event's number.
        private mutating func number(of name: String) throws(Failure) -> EventArgument {
            let start = index
            _ = take(UInt8(ascii: "-"))
            if !take(UInt8(ascii: "0")) {
                guard digits() > 0 else { throw invalid("a digit") }
            }
            if take(UInt8(ascii: ".")) {
                guard digits() > 0 else { throw invalid("a digit after \".\"") }
            }
            var exponent = false
            if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
                exponent = true
                if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
                guard digits() > 0 else { throw invalid("a digit in the exponent") }
            }
            if let number = EventArgument.number(bytes[start..<index]) { return number }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            guard exponent else { throw invalid("a number that fits in a double") }
            throw Failure(
                reason: "field \(quoted(name)) is \(quoted(text)), a number with an exponent; an event's numbers are "
                    + EventArgument.numberSyntax,
                numberField: name)
        }

        private mutating func digits() -> Int {
            let start = index
            while let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
            return index - start
        }

        private mutating func literal(_ word: StaticString) throws(Failure) {
            let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
            guard index + expected.count <= bytes.count, bytes[index..<index + expected.count].elementsEqual(expected) else {
                throw invalid("a value")
            }
            index += expected.count
        }

        private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        private mutating func take(_ byte: UInt8) -> Bool {
            guard peek == byte else { return false }
            index += 1
            return true
        }

        private mutating func skipSpace() {
            while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
        }

        /// "invalid JSON" with the byte offset, and what was expected there when that says more.
        private func invalid(_ expected: String?) -> Failure {
            Failure(reason: "invalid JSON or invalid UTF-8 at byte \(index)" + (expected.map { ", expected " + $0 } ?? ""))
        }
    }
}
