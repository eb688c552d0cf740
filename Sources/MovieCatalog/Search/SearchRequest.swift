/// A validated search: a query a person could have typed and a page number in range.
///
/// Build one from raw HTTP parameters before calling ``MovieCatalog/search(_:pageSize:)``; a failure is a
/// ``SearchRequestError`` with a status and a message to send back.
///
/// ```swift
/// do {
///     let request = try SearchRequest(query: params["query"], page: params["page"])
///     respond(200, TMDBSearchResponse(catalog.search(request)).jsonText())
/// } catch {
///     respond(error.status, error.message)
/// }
/// ```
public struct SearchRequest: Sendable, Hashable {
    /// The longest query accepted, in characters.
    public static let maximumQueryLength = 200
    /// The highest page number accepted.
    public static let maximumPage = 1000

    /// The query as given.
    public let query: String
    /// The 1-based page number.
    public let page: Int

    /// Validates a query and a page number.
    ///
    /// A page past the last page of results is valid and yields an empty page with the true totals.
    public init(query: String, page: Int = 1) throws(SearchRequestError) {
        try Self.validate(query: query)
        guard page >= 1, page <= Self.maximumPage else {
            throw Self.invalidPage("\(page)")
        }
        self.query = query
        self.page = page
    }

    /// Validates raw HTTP parameters: `query` required, `page` optional (default 1) and given as text.
    public init(query: String?, page: String?) throws(SearchRequestError) {
        guard let query else {
            throw SearchRequestError(
                kind: .emptyQuery,
                message: "the query parameter is missing; add query=<words of a film title>, for example query=matrix")
        }
        var number = 1
        if let page {
            guard let parsed = Int(page) else { throw Self.invalidPage("\"\(page.prefix(20))\"") }
            number = parsed
        }
        try self.init(query: query, page: number)
    }

    private static func validate(query: String) throws(SearchRequestError) {
        var hasLetterOrDigit = false
        var onlyWhitespace = true
        var controlCharacter: Unicode.Scalar?
        for scalar in query.unicodeScalars {
            let properties = scalar.properties
            if properties.generalCategory == .control {
                controlCharacter = controlCharacter ?? scalar
                continue
            }
            if !properties.isWhitespace { onlyWhitespace = false }
            if properties.isAlphabetic || properties.numericType != nil { hasLetterOrDigit = true }
        }
        if onlyWhitespace && controlCharacter == nil {
            throw SearchRequestError(
                kind: .emptyQuery,
                message: "the query is empty; type one or more words of a film title, for example \"star wars\"")
        }
        let length = query.count
        if length > maximumQueryLength {
            throw SearchRequestError(
                kind: .queryTooLong,
                message: "the query is \(length) characters long; at most \(maximumQueryLength) are accepted")
        }
        if let controlCharacter {
            let code = String(controlCharacter.value, radix: 16, uppercase: true)
            throw SearchRequestError(
                kind: .controlCharacter,
                message:
                    "the query holds the control character U+\(String(repeating: "0", count: max(0, 4 - code.count)))"
                    + "\(code); use letters, digits, spaces and punctuation only (no line breaks or tabs)")
        }
        if !hasLetterOrDigit {
            throw SearchRequestError(
                kind: .noSearchableWords,
                message: "the query has no letters or digits, so it cannot match a title; type a word of the title")
        }
    }

    private static func invalidPage(_ given: String) -> SearchRequestError {
        SearchRequestError(
            kind: .invalidPage,
            message: "page \(given) is not accepted; use a whole number from 1 to \(maximumPage)")
    }
}
