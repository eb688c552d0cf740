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
        return replacing(in: string) { byte in
            switch byte {
            case UInt8(ascii: "&"): "&amp;"
            case UInt8(ascii: "<"): "&lt;"
            case UInt8(ascii: ">"): "&gt;"
            case UInt8(ascii: "\""): "&quot;"
            case UInt8(ascii: "'"): "&#39;"
            case 0: "\u{FFFD}"
            default: nil
            }
        }
    }

    /// Text between tags only, never an attribute value: `&`, `<` and `>` escaped (quotes need not be, which keeps a
    /// patch's `"a" → "b"` lines short) and NUL replaced with U+FFFD, as ``escape(_:)`` does.
    public static func textBetweenTags(_ string: String) -> String {
        guard string.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == 0 }) else {
            return string
        }
        return replacing(in: string) { byte in
            switch byte {
            case UInt8(ascii: "&"): "&amp;"
            case UInt8(ascii: "<"): "&lt;"
            case UInt8(ascii: ">"): "&gt;"
            case 0: "\u{FFFD}"
            default: nil
            }
        }
    }

    /// `string` with the bytes `replacement` names replaced: all are ASCII, so no byte of a multi-byte character
    /// matches, and the runs between them are copied whole instead of scalar by scalar. Measured first, so the
    /// string (a trace row a room keeps) holds no spare capacity.
    @inline(__always)
    private static func replacing(in string: String, _ replacement: (UInt8) -> StaticString?) -> String {
        var string = string
        return string.withUTF8 { bytes in
            var count = bytes.count
            for byte in bytes { if let replaced = replacement(byte) { count += replaced.utf8CodeUnitCount - 1 } }
            return String(unsafeUninitializedCapacity: count) { output in
                var written = 0
                var start = 0
                func copy(_ source: UnsafeBufferPointer<UInt8>) {
                    guard let base = source.baseAddress, !source.isEmpty else { return }
                    output.baseAddress!.advanced(by: written).initialize(from: base, count: source.count)
                    written += source.count
                }
                for index in bytes.indices {
                    guard let replaced = replacement(bytes[index]) else { continue }
                    copy(UnsafeBufferPointer(rebasing: bytes[start..<index]))
                    copy(UnsafeBufferPointer(start: replaced.utf8Start, count: replaced.utf8CodeUnitCount))
                    start = index + 1
                }
                copy(UnsafeBufferPointer(rebasing: bytes[start...]))
                return written
            }
        }
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
    static func appendEscaped(_ string: String, to output: HTMLBytes) {
        var string = string
        string.withUTF8 { appendEscaped($0, to: output) }
    }

    /// Appends a static string (a tag or attribute name), escaped.
    static func appendEscaped(_ string: StaticString, to output: HTMLBytes) {
        string.withUTF8Buffer { appendEscaped($0, to: output) }
    }

    private static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to output: HTMLBytes) {
        var start = 0
        for index in bytes.indices {
            let replacement: StaticString
            switch bytes[index] {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\""): replacement = "&quot;"
            case UInt8(ascii: "'"): replacement = "&#39;"
            case 0: replacement = "\u{FFFD}"
            default: continue
            }
            output.append(UnsafeBufferPointer(rebasing: bytes[start..<index]))
            output.append(replacement.utf8Start, count: replacement.utf8CodeUnitCount)
            start = index + 1
        }
        output.append(UnsafeBufferPointer(rebasing: bytes[start...]))
    }
}
