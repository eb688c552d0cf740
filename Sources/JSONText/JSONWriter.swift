/// Builds JSON text as UTF-8 bytes; ``appendString(_:)`` is the one place in the project where strings are
/// escaped for JSON (RFC 8259; `<`, `>`, `&`, U+2028 and U+2029 too, so the text is also safe inside HTML).
///
/// ```swift
/// var json = JSONWriter()
/// json.append("{\"title\":")
/// json.appendString("<b>\"Up\"</b>")
/// json.append("}")
/// json.text   // {"title":"\u003cb\u003e\"Up\"\u003c/b\u003e"}
/// ```
public struct JSONWriter {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8] = []

    public init() {}

    /// A writer with room for `capacity` bytes before it grows.
    public init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// The bytes as text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends JSON syntax or a number as it is.
    public mutating func append(_ raw: String) {
        bytes.append(contentsOf: raw.utf8)
    }

    /// Appends `string` as a quoted JSON string, escaped so that it is also safe inside HTML `<script>`.
    public mutating func appendString(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { appendEscaped($0) }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        // Most strings need no escape: then they are copied in one go.
        if !utf8.contains(where: Self.mayNeedEscape) {
            bytes.append(contentsOf: utf8)
            return
        }
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(byte)
            case 0x0A: appendEscape(UInt8(ascii: "n"))
            case 0x0D: appendEscape(UInt8(ascii: "r"))
            case 0x09: appendEscape(UInt8(ascii: "t"))
            case 0x00..<0x20, 0x7F, UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"):
                appendUnicodeEscape(UInt32(byte))
            case 0xE2
            where index + 2 < utf8.count && utf8[index + 1] == 0x80
                && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
                // U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR end a line in JavaScript.
                appendUnicodeEscape(utf8[index + 2] == 0xA8 ? 0x2028 : 0x2029)
                index += 2
            default:
                bytes.append(byte)
            }
            index += 1
        }
    }

    /// Control characters, `"`, `\`, `<`, `>`, `&`, and 0xE2 (the first byte of U+2028 and U+2029).
    private static func mayNeedEscape(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x00..<0x20, 0x7F, 0x22, 0x5C, 0x3C, 0x3E, 0x26, 0xE2: true
        default: false
        }
    }

    private mutating func appendEscape(_ letter: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(letter)
    }

    private mutating func appendUnicodeEscape(_ value: UInt32) {
        let hex = Array("0123456789abcdef".utf8)
        bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u")])
        for shift in stride(from: 12, through: 0, by: -4) {
            bytes.append(hex[Int((value >> UInt32(shift)) & 0xF)])
        }
    }
}

/// One JSON string literal, escaped by ``JSONWriter``.
public enum JSONString {
    /// `text` as a quoted JSON string literal: `JSONString.quoted("a\"b")` is `"a\"b"` with the quote escaped.
    public static func quoted(_ text: String) -> String {
        var json = JSONWriter()
        json.appendString(text)
        return json.text
    }
}
