import AppSeam
import PlaygroundHTTP
import PlaygroundUI

/// `application/x-www-form-urlencoded` bodies (WHATWG URL standard): `+` is a space, `%XX` a byte,
/// the result must be UTF-8.
enum FormDecoding {
    /// Fields of a urlencoded body; a repeated name or a bad escape is a 400.
    static func fields(_ body: [UInt8]) throws(HTTPError) -> [String: EventArgument] {
        var fields: [String: EventArgument] = [:]
        for pair in body.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            let name = try decode(parts[0])
            let value = parts.count > 1 ? try decode(parts[1]) : ""
            guard fields.updateValue(.formText(value), forKey: name) == nil else {
                throw HTTPError(
                    .badRequest, code: "malformed_form",
                    message: "The form names the field \(quoted(name)) twice; send each field once.")
            }
        }
        return fields
    }

    /// Decodes one urlencoded component.
    static func decode(_ bytes: ArraySlice<UInt8>) throws(HTTPError) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "+") {
                out.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.endIndex, let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2]) else {
                    throw malformed("a % that is not followed by two hex digits")
                }
                out.append(high << 4 | low)
                index += 2
            } else {
                out.append(byte)
            }
            index += 1
        }
        guard let text = String(validating: out, as: UTF8.self) else { throw malformed("bytes that are not UTF-8") }
        return text
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func malformed(_ what: String) -> HTTPError {
        HTTPError(
            .badRequest, code: "malformed_form",
            message: "The form body holds \(what); send name=value pairs joined by &, percent-encoded UTF-8.")
    }
}
