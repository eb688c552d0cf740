/// How an id reads in a ``ViewPath``'s description: escaped and cut, so that no id reads as more path or as a suffix.
extension ViewPath {
    /// Longest id text in a description, so that an action id stays short whatever the ids are.
    static let maxIDTextLength = 40

    /// `%`, `/`, `#`, `~` and control characters percent-encoded (so that no id reads as more path or as a suffix),
    /// cut to ``maxIDTextLength`` characters with a trailing `…`.
    static func escapedIDText(_ text: String) -> String {
        var out = ""
        var length = 0
        for scalar in text.unicodeScalars {
            if length == maxIDTextLength {
                out += "…"
                break
            }
            switch scalar {
            case "%", "/", "#", "~", "\u{0}"..."\u{1F}", "\u{7F}":
                out += "%" + (scalar.value < 16 ? "0" : "") + String(scalar.value, radix: 16, uppercase: true)
            default:
                out.unicodeScalars.append(scalar)
            }
            length += 1
        }
        return out
    }
}
