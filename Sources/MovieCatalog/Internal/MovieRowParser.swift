/// Turns the records of `movies.csv` into ``Movie`` values, naming the line and column of anything wrong.
struct MovieRowParser {
    /// The columns a catalog needs, in the order the shipped file has them. Others are ignored.
    static let requiredColumns = ["title", "year", "length", "budget", "rating", "votes", "mpaa", "genres"]

    /// Field index of each required column, in ``requiredColumns`` order.
    private let columnIndex: [Int]
    /// Number of fields every record must have: the header's.
    private let fieldCount: Int
    /// Genre lists seen so far, shared between films (the data has fewer than a hundred distinct ones).
    private var genreLists: [String: [String]] = [:]
    /// MPAA ratings seen so far, shared between films.
    private var mpaaRatings: [String: String] = [:]

    /// Parses all of `bytes` (UTF-8 CSV with a header row) into films numbered from 1.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(CatalogLoadError) -> [Movie] {
        var reader = CSVReader(bytes: bytes)
        var fields: [CSVField] = []
        fields.reserveCapacity(16)
        guard let headerLine = try reader.nextRecord(into: &fields) else {
            throw CatalogLoadError(
                kind: .invalidHeader, line: 1,
                message: "the file is empty; expected a header row \(requiredColumns.joined(separator: ","))")
        }
        var parser = try MovieRowParser(header: fields, line: headerLine, reader: reader)
        var movies: [Movie] = []
        movies.reserveCapacity(bytes.count / 40)
        while let line = try reader.nextRecord(into: &fields) {
            movies.append(try parser.movie(id: movies.count + 1, fields: fields, line: line, reader: reader))
        }
        return movies
    }

    private init(header: [CSVField], line: Int, reader: CSVReader) throws(CatalogLoadError) {
        var names: [String] = []
        for field in header {
            names.append(try reader.withValue(of: field) { String(decoding: $0, as: UTF8.self) })
        }
        var indices: [Int] = []
        for column in Self.requiredColumns {
            guard let index = names.firstIndex(of: column) else {
                throw CatalogLoadError(
                    kind: .invalidHeader, line: line,
                    message: "the header has no column \"\(column)\"; expected the columns "
                        + Self.requiredColumns.joined(separator: ",") + ", found " + names.joined(separator: ","))
            }
            indices.append(index)
        }
        columnIndex = indices
        fieldCount = header.count
    }

    private mutating func movie(id: Int, fields: [CSVField], line: Int, reader: CSVReader) throws(CatalogLoadError)
        -> Movie
    {
        guard fields.count == fieldCount else {
            throw CatalogLoadError(
                kind: .malformedCSV, line: line,
                message: "expected \(fieldCount) fields like the header, found \(fields.count)"
                    + " (a title holding a comma must be enclosed in double quotes)")
        }
        func field(_ column: Int) -> CSVField { fields[columnIndex[column]] }
        let title = try text(field(0), column: 0, line: line, reader: reader)
        guard !title.isEmpty else {
            throw invalid(line: line, column: 0, "the title is empty; every film needs a title")
        }
        let year = try integer(field(1), column: 1, line: line, reader: reader, meaning: "a year such as 1999")
        let length = try integer(field(2), column: 2, line: line, reader: reader, meaning: "minutes such as 136")
        let budget = try optionalInteger(field(3), column: 3, line: line, reader: reader)
        let rating = try self.rating(field(4), line: line, reader: reader)
        let votes = try integer(field(5), column: 5, line: line, reader: reader, meaning: "a count such as 143853")
        let mpaaText = try text(field(6), column: 6, line: line, reader: reader)
        let genresText = try text(field(7), column: 7, line: line, reader: reader)
        return Movie(
            id: id, title: title, year: year, length: length, budget: budget, rating: rating, votes: votes,
            mpaa: mpaa(mpaaText), genres: genres(genresText))
    }

    private mutating func mpaa(_ text: String) -> String? {
        if text.isEmpty { return nil }
        if let known = mpaaRatings[text] { return known }
        mpaaRatings[text] = text
        return text
    }

    private mutating func genres(_ text: String) -> [String] {
        if let known = genreLists[text] { return known }
        let list = text.split(separator: "|").map(String.init)
        genreLists[text] = list
        return list
    }

    private func text(_ field: CSVField, column: Int, line: Int, reader: CSVReader) throws(CatalogLoadError)
        -> String
    {
        try reader.withValue(of: field) { bytes throws(CatalogLoadError) in
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw invalid(line: line, column: column, "the text is not valid UTF-8; save the file as UTF-8")
            }
            return text
        }
    }

    private func integer(_ field: CSVField, column: Int, line: Int, reader: CSVReader, meaning: String)
        throws(CatalogLoadError) -> Int
    {
        guard let value = try optionalInteger(field, column: column, line: line, reader: reader) else {
            throw invalid(line: line, column: column, "the value is empty; expected a whole number (\(meaning))")
        }
        return value
    }

    /// A non-negative whole number, `nil` for an empty field.
    private func optionalInteger(_ field: CSVField, column: Int, line: Int, reader: CSVReader)
        throws(CatalogLoadError) -> Int?
    {
        try reader.withValue(of: field) { bytes throws(CatalogLoadError) in
            if bytes.isEmpty { return nil }
            var value = 0
            for byte in bytes {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), value < Int.max / 10 - 9 else {
                    throw invalid(
                        line: line, column: column,
                        "expected a whole number of digits 0-9, found \(Self.quoted(bytes))")
                }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
    }

    /// A rating such as `8.5` or `6`, between 0 and 10.
    private func rating(_ field: CSVField, line: Int, reader: CSVReader) throws(CatalogLoadError) -> Double {
        try reader.withValue(of: field) { bytes throws(CatalogLoadError) in
            var digits = 0
            var digitCount = 0
            var decimals = 0
            var seenPoint = false
            var valid = !bytes.isEmpty
            for byte in bytes where valid {
                if byte == UInt8(ascii: "."), !seenPoint {
                    seenPoint = true
                } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 1_000_000_000 {
                    digits = digits * 10 + Int(byte - UInt8(ascii: "0"))
                    digitCount += 1
                    if seenPoint { decimals += 1 }
                } else {
                    valid = false
                }
            }
            var scale = 1.0
            for _ in 0..<decimals { scale *= 10 }
            let value = Double(digits) / scale
            guard valid, digitCount > 0, value <= 10 else {
                throw invalid(
                    line: line, column: 4, "expected a rating from 1 to 10 such as 8.5, found \(Self.quoted(bytes))")
            }
            return value
        }
    }

    private func invalid(line: Int, column: Int, _ message: String) -> CatalogLoadError {
        CatalogLoadError(kind: .invalidField, line: line, column: Self.requiredColumns[column], message: message)
    }

    /// A field's text for a message, quoted and cut short.
    private static func quoted(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let text = String(decoding: bytes.prefix(40), as: UTF8.self)
        return "\"" + text + (bytes.count > 40 ? "…" : "") + "\""
    }
}
