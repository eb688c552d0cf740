import PlaygroundUI

// The short forms a patch writes and the page script (`Public/playground.js`) writes out again as the page has them.
extension PaneView {
    /// A control's form in a patch, `<form id="APP-cCTL" … method="post" action="/rooms/ID/actions"><input type="hidden"
    /// name="app" value="APP"><input type="hidden" name="control" value="CTL">…`, as `<form id="APP-cCTL" … data-c>…`
    /// (a control's id has eight characters: the app is what comes before them and `-c`; `data-c="APP"` for any other):
    /// the page script adds the method, the room's action and the two fields back (~145 bytes a form, the same in every
    /// form of the room). Any other form is left as it is.
    static func compactForms(_ html: String) -> String {
        var html = html
        let compacted: String? = html.withUTF8 { source in
            guard let first = find(formOpen, in: source, from: 0) else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(source.count)
            var copied = 0
            var next: Int? = first
            while let start = next {
                next = find(formOpen, in: source, from: start + formOpen.count)
                guard let (keep, resume, app, control) = compactForm(source, at: start) else { continue }
                out.append(contentsOf: source[copied..<keep])
                if control.count == controlLength {
                    out.append(contentsOf: dataCAlone)
                } else {
                    out.append(contentsOf: dataC)
                    out.append(contentsOf: source[app])
                    out.append(contentsOf: closeTag)
                }
                copied = resume
                if let found = next, found < resume { next = find(formOpen, in: source, from: resume) }
            }
            out.append(contentsOf: source[copied...])
            return String(decoding: out, as: UTF8.self)
        }
        return compacted ?? html
    }

    private static let formOpen = Array(#"<form id=""#.utf8)
    private static let method = Array(#" method="post" action="/rooms/"#.utf8)
    private static let actions = Array(#"/actions">"#.utf8)
    private static let appField = Array(#"<input type="hidden" name="app" value=""#.utf8)
    private static let controlField = Array(#""><input type="hidden" name="control" value=""#.utf8)
    private static let dataC = Array(#" data-c=""#.utf8)
    private static let dataCAlone = Array(" data-c>".utf8)
    /// A control's id: eight URL-safe characters (PlaygroundUI's `ControlID`).
    private static let controlLength = 8
    private static let closeTag = Array(#"">"#.utf8)

    /// For the form starting at `start`: where its `method` attribute starts, where its fields end, its app's and its
    /// control's bytes; nil unless it is exactly a control's form of this shape.
    private static func compactForm(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (Int, Int, Range<Int>, Range<Int>)? {
        let idStart = start + formOpen.count
        guard let idEnd = bytes[idStart...].firstIndex(of: UInt8(ascii: "\"")),
            let tagEnd = bytes[idEnd...].firstIndex(of: UInt8(ascii: ">")),
            let methodStart = find(method, in: bytes, from: idEnd), methodStart < tagEnd
        else { return nil }
        // The room's id, then "/actions">" closing the tag.
        let roomStart = methodStart + method.count
        guard let slash = bytes[roomStart..<tagEnd].firstIndex(of: UInt8(ascii: "/")), slash > roomStart,
            !bytes[roomStart..<slash].contains(UInt8(ascii: "\"")), starts(actions, in: bytes, at: slash), slash + actions.count == tagEnd + 1,
            starts(appField, in: bytes, at: tagEnd + 1)
        else { return nil }
        let appStart = tagEnd + 1 + appField.count
        guard let appEnd = bytes[appStart...].firstIndex(of: UInt8(ascii: "\"")), starts(controlField, in: bytes, at: appEnd) else { return nil }
        let controlStart = appEnd + controlField.count
        guard let controlEnd = bytes[controlStart...].firstIndex(of: UInt8(ascii: "\"")), starts(closeTag, in: bytes, at: controlEnd) else { return nil }
        // The id is APP-cCTL, and neither holds anything the script would have to unescape.
        let plain = { (range: Range<Int>) in
            !range.isEmpty && bytes[range].allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2D || byte == 0x5F
            }
        }
        let app = appStart..<appEnd
        let control = controlStart..<controlEnd
        guard plain(app), plain(control), idEnd - idStart == app.count + 2 + control.count,
            bytes[idStart..<idStart + app.count].elementsEqual(bytes[app]),
            bytes[idStart + app.count] == UInt8(ascii: "-"), bytes[idStart + app.count + 1] == UInt8(ascii: "c"),
            bytes[(idStart + app.count + 2)..<idEnd].elementsEqual(bytes[control])
        else { return nil }
        return (methodStart, controlEnd + closeTag.count, app, control)
    }

    private static func starts(_ literal: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        index + literal.count <= bytes.count && bytes[index..<index + literal.count].elementsEqual(literal)
    }

    private static func find(_ literal: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        var index = from
        while index + literal.count <= bytes.count {
            guard let candidate = bytes[index...(bytes.count - literal.count)].firstIndex(of: literal[0]) else { return nil }
            if starts(literal, in: bytes, at: candidate) { return candidate }
            index = candidate + 1
        }
        return nil
    }
}

extension PaneView {
    /// A row as drawn, cut into its tags without their ids' values (its shape), its ids and its text.
    struct ShapedRow {
        var shape: [UInt8] = []
        var ids: [ArraySlice<UInt8>] = []
        var texts: [ArraySlice<UInt8>] = []
        /// The rows of each keyed list collapsed into one (a content drawn like a kept one: PaneView+Rest.swift).
        var rows: [Int] = []

        private static let idAttribute = Array(#" id=""#.utf8)

        init() {}

        init(_ html: ArraySlice<UInt8>) {
            append(html)
        }

        /// Adds the tags and texts of `html` (whole tags and texts).
        mutating func append(_ html: ArraySlice<UInt8>) {
            var index = html.startIndex
            while index < html.endIndex {
                if html[index] == UInt8(ascii: "<") {
                    let end = html[index...].firstIndex(of: UInt8(ascii: ">")) ?? html.endIndex - 1
                    let tag = html[index...end]
                    if let at = Self.find(Self.idAttribute, in: tag), let close = tag[(at + Self.idAttribute.count)...].firstIndex(of: UInt8(ascii: "\"")) {
                        shape += tag[..<(at + Self.idAttribute.count)]
                        ids.append(tag[(at + Self.idAttribute.count)..<close])
                        shape += tag[close...]
                    } else {
                        shape += tag
                    }
                    index = end + 1
                } else {
                    let end = html[index...].firstIndex(of: UInt8(ascii: "<")) ?? html.endIndex
                    texts.append(html[index..<end])
                    shape.append(0xFF)  // never in UTF-8: where a text was
                    index = end
                }
            }
        }

        /// `<i data-like="ID …">TEXT<br>TEXT</i>` when this row has `model`'s shape and the element is shorter.
        func like(_ model: ShapedRow) -> [UInt8]? {
            guard shape == model.shape, !ids.isEmpty, !ids.contains(where: { $0.contains(UInt8(ascii: " ")) }) else { return nil }
            var out = Array(#"<i data-like=""#.utf8)
            for (index, id) in ids.enumerated() {
                if index > 0 { out.append(UInt8(ascii: " ")) }
                out += id
            }
            out += Array(#"">"#.utf8)
            for (index, text) in texts.enumerated() {
                if index > 0 { out += Array("<br>".utf8) }
                out += text
            }
            out += Array("</i>".utf8)
            return out.count < shape.count + ids.reduce(0) { $0 + $1.count } + texts.reduce(0) { $0 + $1.count } - texts.count ? out : nil
        }

        private static func find(_ literal: [UInt8], in bytes: ArraySlice<UInt8>) -> Int? {
            var index = bytes.startIndex
            while index + literal.count <= bytes.endIndex {
                if bytes[index..<index + literal.count].elementsEqual(literal) { return index }
                index += 1
            }
            return nil
        }
    }
}
