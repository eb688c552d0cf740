/// Why a catalog could not be loaded: which line of the CSV (1-based, the header is line 1), which column,
/// and what was wrong, in words a person editing the file can act on.
///
/// ```swift
/// do { _ = try MovieCatalog(csvPath: "Data/movies.csv") } catch { print(error) }
/// // line 12, column year: expected a whole number, found "19x9"
/// ```
public struct CatalogLoadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem it is.
    public enum Kind: Sendable, Hashable {
        /// The file could not be read.
        case unreadableFile
        /// The header row lacks a required column.
        case invalidHeader
        /// The text breaks RFC 4180 (quotes, field count).
        case malformedCSV
        /// A field's value is not what its column accepts.
        case invalidField
    }

    /// What kind of problem it is.
    public let kind: Kind
    /// The physical line (1-based) where the offending record starts, `nil` when not about a line.
    public let line: Int?
    /// The column the problem is in, when it is about one field.
    public let column: String?
    /// What was wrong and what is accepted.
    public let message: String

    /// Creates an error.
    public init(kind: Kind, line: Int?, column: String? = nil, message: String) {
        self.kind = kind
        self.line = line
        self.column = column
        self.message = message
    }

    /// `line 12, column year: expected a whole number, found "19x9"`.
    public var description: String {
        var place: [String] = []
        if let line { place.append("line \(line)") }
        if let column { place.append("column \(column)") }
        return place.isEmpty ? message : place.joined(separator: ", ") + ": " + message
    }
}
