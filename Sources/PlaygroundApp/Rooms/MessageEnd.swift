import PlaygroundUI

/// A patch message's end tags that the page's parser supplies itself.
///
/// The page script parses a whole message at once (`template.innerHTML = data`), and at the end of its input the
/// HTML parser closes every element still open, a template as well: `…false</template></template>` at a message's end
/// draws the very nodes `…false` does. Only the end tags at the very end go (one just before `\n` and the next
/// fragment does not), and only `</name>` forms: a text or attribute never holds a raw `<` (``HTMLEscaping``), so the
/// end of a message is markup, never text that looks like it. `</p>` and `</br>` stay: with no such element open they
/// draw one (every other end tag without its element is ignored).
enum MessageEnd {
    /// `html` less the run of end tags it ends with.
    static func withoutEndTags(_ html: String) -> String {
        let cut = endTagsLength(html)
        return cut == 0 ? html : String(html[..<html.utf8.index(html.utf8.endIndex, offsetBy: -cut)])
    }

    /// The app's patches and the teaching layer's, those whose last one ends with the longer run of end tags last (the
    /// app's when even), so that the message's end loses the most. The two are independent of each other: the page
    /// draws the same whichever comes first.
    static func endingDeepest(_ app: [Fragment], _ teaching: [Fragment]) -> [Fragment] {
        guard let appEnd = app.last?.html, let teachingEnd = teaching.last?.html else { return app + teaching }
        return endTagsLength(appEnd) > endTagsLength(teachingEnd) ? teaching + app : app + teaching
    }

    /// How many bytes of end tags `html` ends with.
    private static func endTagsLength(_ html: String) -> Int {
        let bytes = html.utf8
        var end = bytes.endIndex
        while let start = endTagStart(in: bytes, before: end) { end = start }
        return bytes.distance(from: end, to: bytes.endIndex)
    }

    /// Where the end tag `</name>` that finishes just before `end` begins, if one does.
    private static func endTagStart(in bytes: String.UTF8View, before end: String.Index) -> String.Index? {
        guard end > bytes.startIndex, bytes[bytes.index(before: end)] == UInt8(ascii: ">") else { return nil }
        var index = bytes.index(before: end)
        var nameLength = 0
        while index > bytes.startIndex {
            let previous = bytes.index(before: index)
            let byte = bytes[previous]
            if byte == UInt8(ascii: "/") {
                guard nameLength > 0, previous > bytes.startIndex else { return nil }
                let open = bytes.index(before: previous)
                guard bytes[open] == UInt8(ascii: "<") else { return nil }
                let name = bytes[index..<bytes.index(before: end)]
                return name.elementsEqual("p".utf8) || name.elementsEqual("br".utf8) ? nil : open
            }
            guard isNameByte(byte) else { return nil }
            nameLength += 1
            index = previous
        }
        return nil
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
