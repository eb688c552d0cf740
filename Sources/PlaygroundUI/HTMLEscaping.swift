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
