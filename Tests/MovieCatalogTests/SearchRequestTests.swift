import MovieCatalog
import PlaygroundTesting
import Testing

@Suite("Validating search requests")
struct SearchRequestTests {
    func failure(_ query: String?, _ page: String?) -> SearchRequestError? {
        do {
            _ = try SearchRequest(query: query, page: page)
            return nil
        } catch {
            return error
        }
    }

    @Test func acceptsOrdinaryQueries() throws {
        #expect(try SearchRequest(query: "star wars", page: nil) == SearchRequest(query: "star wars", page: 1))
        #expect(try SearchRequest(query: "Amélie", page: "3").page == 3)
        #expect(try SearchRequest(query: String(repeating: "a", count: 200), page: "1000").page == 1000)
    }

    @Test func emptyAndWhitespaceQueries() {
        for query in [nil, "", "   ", "\u{00A0}"] {
            let error = failure(query, nil)
            #expect(error?.kind == .emptyQuery)
            #expect(error?.status == 400)
        }
        #expect(
            failure("", nil)?.message
                == "the query is empty; type one or more words of a film title, for example \"star wars\"")
    }

    @Test func overLongQuery() {
        #expect(
            failure(String(repeating: "é", count: 201), nil)?.message
                == "the query is 201 characters long; at most 200 are accepted")
    }

    @Test func controlCharacters() {
        #expect(failure("star\nwars", nil)?.kind == .controlCharacter)
        #expect(
            failure("\u{0}", nil)?.message
                == "the query holds the control character U+0000; use letters, digits, spaces and punctuation only"
                + " (no line breaks or tabs)")
        #expect(failure("a\u{85}", nil)?.kind == .controlCharacter)
    }

    @Test func queriesWithoutWords() {
        #expect(failure("!!! ---", nil)?.kind == .noSearchableWords)
    }

    @Test func invalidPages() {
        for page in ["0", "-1", "1001", "two", "", "1.5", "99999999999999999999"] {
            #expect(failure("matrix", page)?.kind == .invalidPage, "page \(page)")
        }
        #expect(failure("matrix", "0")?.message == "page 0 is not accepted; use a whole number from 1 to 1000")
        #expect(failure("matrix", "two")?.message == "page \"two\" is not accepted; use a whole number from 1 to 1000")
    }

    @Test func validatedRequestSearches() async throws {
        let request = try SearchRequest(query: "the matrix", page: "1")
        #expect(try await ShippedCatalog.catalog().search(request).results.first?.title == "Matrix, The")
    }
}
