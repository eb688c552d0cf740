/// The leading articles that the data moves to the end of a title ("Matrix, The", "Absence, L'", "Ard, al-").
enum TitleArticle {
    /// Articles seen at the end of titles in `movies.csv`, in English, French, Italian, Spanish, Portuguese,
    /// German, Dutch, Scandinavian, Greek, Hungarian, Tagalog, Hebrew and Arabic transliteration.
    static let articles: [[UInt8]] = [
        "The", "A", "An", "Ye", "La", "Le", "Les", "L'", "l'", "Il", "I", "Lo", "Gli", "Un", "Una", "Un'", "Uno",
        "El", "Los", "Las", "O", "Os", "As", "Um", "Uma", "Der", "Die", "Das", "Ein", "Eine", "De", "Het", "Een",
        "Den", "Det", "En", "Ett", "Ta", "To", "Oi", "Az", "Ang", "Ha-", "al-", "Al",
    ].map { Array($0.utf8) }

    /// Longest article in bytes, bounding the backwards scan.
    static let longestArticle = articles.map(\.count).max() ?? 0

    /// Where the moved article starts, if `title` ends with `", <article>"`: the index of its first byte.
    ///
    /// The title's base then ends two bytes earlier, before the `", "`.
    static func articleStart(in title: UnsafeBufferPointer<UInt8>) -> Int? {
        let end = title.count
        let lowest = max(2, end - longestArticle)
        var start = end - 1
        while start >= lowest {
            if title[start - 2] == UInt8(ascii: ","), title[start - 1] == UInt8(ascii: " ") {
                let length = end - start
                for article in articles where article.count == length {
                    if article.withUnsafeBufferPointer({ $0.elementsEqual(title[start..<end]) }) { return start }
                }
                return nil
            }
            start -= 1
        }
        return nil
    }

    /// `title` with a trailing article moved to the front: "Matrix, The" → "The Matrix"; other titles unchanged.
    static func naturalTitle(_ title: String) -> String {
        var title = title
        return title.withUTF8 { bytes in
            guard let start = articleStart(in: bytes) else { return String(decoding: bytes, as: UTF8.self) }
            let article = bytes[start...]
            let base = bytes[..<(start - 2)]
            let joined = article.last == UInt8(ascii: "'") || article.last == UInt8(ascii: "-")
            return String(decoding: article, as: UTF8.self) + (joined ? "" : " ")
                + String(decoding: base, as: UTF8.self)
        }
    }
}
