/// Text split into search words, each folded to lowercase without diacritics, stored back to back in one buffer.
///
/// Words are the runs of letters and digits; everything else separates them ("Schindler's" → `schindler`, `s`).
/// Folding: ASCII is lowercased; Latin letters with diacritics become their base letters (`é` → `e`, `ß` → `ss`,
/// `æ` → `ae`); combining marks are dropped; other letters and digits are lowercased as they are.
struct FoldedWords {
    /// The folded words' bytes (UTF-8), back to back.
    private(set) var bytes: [UInt8] = []
    /// The end offset in ``bytes`` of each word.
    private(set) var ends: [Int] = []
    /// Where the word being built started in ``bytes``.
    private var wordStart = 0

    /// Splits and folds `text`.
    init(_ text: String) {
        var text = text
        text.withUTF8 { fold($0) }
    }

    /// Splits and folds UTF-8 `text` (which must be valid UTF-8).
    init(utf8 text: UnsafeBufferPointer<UInt8>) {
        fold(text)
    }

    /// Number of words.
    var count: Int { ends.count }

    /// The byte range of word `index` in ``bytes``.
    func range(of index: Int) -> Range<Int> {
        (index == 0 ? 0 : ends[index - 1])..<ends[index]
    }

    /// The bytes of word `index`.
    func word(_ index: Int) -> ArraySlice<UInt8> {
        bytes[range(of: index)]
    }

    private mutating func fold(_ text: UnsafeBufferPointer<UInt8>) {
        bytes.reserveCapacity(text.count)
        var index = 0
        let end = text.count
        while index < end {
            let byte = text[index]
            if byte < 0x80 {
                index += 1
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): bytes.append(byte)
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): bytes.append(byte | 0x20)
                default: endWord()
                }
                continue
            }
            // Decode one multi-byte scalar (the input is valid UTF-8).
            var value: UInt32
            let length: Int
            if byte < 0xE0 {
                value = UInt32(byte & 0x1F)
                length = 2
            } else if byte < 0xF0 {
                value = UInt32(byte & 0x0F)
                length = 3
            } else {
                value = UInt32(byte & 0x07)
                length = 4
            }
            for offset in 1..<length where index + offset < end {
                value = value << 6 | UInt32(text[index + offset] & 0x3F)
            }
            index += length
            foldScalar(value)
        }
        endWord()
    }

    private mutating func foldScalar(_ value: UInt32) {
        if let fold = Self.tableFold(value) {
            if fold.isEmpty { endWord() } else { bytes.append(contentsOf: fold.utf8) }
            return
        }
        guard let scalar = Unicode.Scalar(value) else { return endWord() }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark:
            return  // a combining accent: part of the word, dropped by the fold
        default:
            break
        }
        if properties.isAlphabetic || properties.numericType != nil {
            bytes.append(contentsOf: properties.lowercaseMapping.utf8)
        } else {
            endWord()
        }
    }

    /// The table fold of a Latin scalar: `""` for a separator, `nil` when the table has no entry.
    private static func tableFold(_ value: UInt32) -> String? {
        if value >= LatinFoldTable.latinStart, value < LatinFoldTable.latinStart + UInt32(LatinFoldTable.latin.count) {
            return LatinFoldTable.latin[Int(value - LatinFoldTable.latinStart)]
        }
        if value >= LatinFoldTable.extendedStart,
            value < LatinFoldTable.extendedStart + UInt32(LatinFoldTable.extended.count)
        {
            return LatinFoldTable.extended[Int(value - LatinFoldTable.extendedStart)]
        }
        if value < LatinFoldTable.latinStart { return "" }  // C1 controls, no-break space, symbols such as ¡ or §
        return nil
    }

    private mutating func endWord() {
        if bytes.count > wordStart {
            ends.append(bytes.count)
            wordStart = bytes.count
        }
    }
}
