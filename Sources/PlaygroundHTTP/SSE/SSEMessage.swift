/// One encoded SSE message: framed once, its bytes shared by every subscriber (no per-subscriber copy).
///
/// ```swift
/// let message = SSEMessage(event: "patch", id: "42", data: "<div id=\"a\">…</div>")
/// hub.publish(message)   // every subscriber queues a reference to the same bytes
/// ```
public struct SSEMessage: Sendable {
    /// The immutable encoded bytes, shared by reference.
    let storage: SSEStorage

    /// WHATWG framing: `event:`/`id:` lines (CR, LF and NUL removed from them), data split on CRLF/CR/LF into
    /// several `data:` lines, optional `retry:`, terminated by a blank line. UTF-8.
    ///
    /// Field order: `event`, `id`, `retry`, then the `data` lines.
    public init(event: String?, id: String?, data: String, retry: Int? = nil) {
        var bytes: [UInt8] = []
        // Room for every `data: ` prefix too: the room's replay log keeps these bytes, and a patch of several
        // fragments (one line each) outgrew a smaller guess, which doubled its storage.
        let breaks = data.utf8.reduce(0) { $0 + ($1 == 0x0A || $1 == 0x0D ? 1 : 0) }
        let fields = (event?.utf8.count ?? 0) + (id?.utf8.count ?? 0) + (retry == nil ? 16 : 44)
        bytes.reserveCapacity(data.utf8.count + 7 * (breaks + 1) + 2 + fields)
        if let event { Self.appendField("event", Self.singleLine(event), to: &bytes) }
        if let id { Self.appendField("id", Self.singleLine(id), to: &bytes) }
        if let retry { Self.appendField("retry", Array(String(max(0, retry)).utf8), to: &bytes) }
        Self.appendDataLines(of: data, to: &bytes)
        bytes.append(0x0A)
        storage = SSEStorage(bytes)
    }

    /// Appends `data: …` for each line of `text` (split on CRLF, CR and LF), straight from its UTF-8 bytes:
    /// one pass, no array per line (this runs for every patch a room sends).
    private static func appendDataLines(of text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            var start = 0
            var index = 0
            func flush(upTo end: Int) {
                bytes.append(contentsOf: "data".utf8)
                bytes.append(0x3A)
                if end > start {
                    bytes.append(0x20)
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<end]))
                }
                bytes.append(0x0A)
            }
            while index < utf8.count {
                let byte = utf8[index]
                if byte == 0x0A || byte == 0x0D {
                    flush(upTo: index)
                    index += byte == 0x0D && index + 1 < utf8.count && utf8[index + 1] == 0x0A ? 2 : 1
                    start = index
                } else {
                    index += 1
                }
            }
            flush(upTo: utf8.count)
        }
    }

    private init(bytes: [UInt8]) { storage = SSEStorage(bytes) }

    /// A comment, `": text\n\n"`; a multi-line text becomes one comment line per line, so it can never start a field.
    public static func comment(_ text: String) -> SSEMessage {
        var bytes: [UInt8] = []
        for line in lines(of: text) {
            bytes.append(0x3A)
            if !line.isEmpty { bytes.append(0x20) }
            bytes.append(contentsOf: line)
            bytes.append(0x0A)
        }
        bytes.append(0x0A)
        return SSEMessage(bytes: bytes)
    }

    /// The reconnection delay, `"retry: N\n\n"` (negative values become 0).
    public static func retry(_ milliseconds: Int) -> SSEMessage {
        SSEMessage(bytes: Array("retry: \(max(0, milliseconds))\n\n".utf8))
    }

    /// Encoded size in bytes.
    public var byteCount: Int { storage.bytes.count }

    /// The encoded text (for tests and logs).
    public var text: String { String(decoding: storage.bytes, as: UTF8.self) }

    private static func appendField(_ name: String, _ value: [UInt8], to bytes: inout [UInt8]) {
        bytes.append(contentsOf: name.utf8)
        bytes.append(0x3A)
        if !value.isEmpty {
            bytes.append(0x20)
            bytes.append(contentsOf: value)
        }
        bytes.append(0x0A)
    }

    /// `text` without CR, LF and NUL: such bytes would end the field or be rejected by the client.
    private static func singleLine(_ text: String) -> [UInt8] {
        text.utf8.filter { $0 != 0x0D && $0 != 0x0A && $0 != 0x00 }
    }

    /// `text` split on CRLF, CR and LF (at least one, possibly empty, line).
    static func lines(of text: String) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var current: [UInt8] = []
        var previousWasCR = false
        for byte in text.utf8 {
            if byte == 0x0A, previousWasCR {
                previousWasCR = false
                continue
            }
            previousWasCR = byte == 0x0D
            if byte == 0x0D || byte == 0x0A {
                lines.append(current)
                current.removeAll(keepingCapacity: true)
            } else {
                current.append(byte)
            }
        }
        lines.append(current)
        return lines
    }
}

/// The encoded bytes of one message; immutable, so any number of subscribers and threads may read them.
final class SSEStorage: Sendable {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Copies up to `capacity` bytes starting at `offset` into `destination`; returns how many were copied.
    func copy(from offset: Int, into destination: UnsafeMutableRawPointer, capacity: Int) -> Int {
        let count = min(capacity, bytes.count - offset)
        guard count > 0 else { return 0 }
        bytes.withUnsafeBytes { source in
            destination.copyMemory(from: source.baseAddress! + offset, byteCount: count)
        }
        return count
    }
}
