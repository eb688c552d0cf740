/// The one place where dynamic text becomes HTML. The renderer writes every text node through ``text(_:)`` and
/// every attribute value through ``attribute(_:)``; tag and attribute names are `StaticString`s, never user data.
/// The playground's own page uses the same two functions.
public enum HTML {
    /// Text content: `Fish & "chips"` → `Fish &amp; &quot;chips&quot;`.
    public static func text(_ string: String) -> String { escape(string) }

    /// A value for a double- or single-quoted attribute.
    public static func attribute(_ string: String) -> String { escape(string) }

    /// Escapes `& < > " '` (safe in text and in quoted attribute values) and replaces NUL with U+FFFD.
    public static func escape(_ string: String) -> String {
        guard string.utf8.contains(where: needsEscaping) else { return string }
        var escaped = ""
        escaped.reserveCapacity(string.utf8.count + 16)
        for scalar in string.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            case "\0": escaped += "\u{FFFD}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    private static func needsEscaping(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"), 0: true
        default: false
        }
    }
}

extension HTML {
    /// Appends `string`, escaped exactly as ``escape(_:)`` does, to the UTF-8 bytes of a page being written.
    /// The characters it replaces are ASCII, so escaping byte by byte gives the same bytes.
    static func appendEscaped(_ string: String, to output: inout [UInt8]) {
        let done: Void? = string.utf8.withContiguousStorageIfAvailable { appendEscaped($0, to: &output) }
        if done == nil { appendEscaped(Array(string.utf8), to: &output) }
    }

    /// Appends a static string (a tag or attribute name), escaped.
    static func appendEscaped(_ string: StaticString, to output: inout [UInt8]) {
        string.withUTF8Buffer { appendEscaped($0, to: &output) }
    }

    private static func appendEscaped(_ bytes: some Collection<UInt8>, to output: inout [UInt8]) {
        var start = bytes.startIndex
        var index = start
        while index != bytes.endIndex {
            let replacement: StaticString
            switch bytes[index] {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\""): replacement = "&quot;"
            case UInt8(ascii: "'"): replacement = "&#39;"
            case 0: replacement = "\u{FFFD}"
            default:
                bytes.formIndex(after: &index)
                continue
            }
            output.append(contentsOf: bytes[start..<index])
            replacement.withUTF8Buffer { output.append(contentsOf: $0) }
            bytes.formIndex(after: &index)
            start = index
        }
        output.append(contentsOf: bytes[start..<index])
    }
}
