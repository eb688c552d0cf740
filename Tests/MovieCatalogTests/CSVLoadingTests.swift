import MovieCatalog
import Testing

@Suite("Loading CSV")
struct CSVLoadingTests {
    static let header = "title,year,length,budget,rating,votes,mpaa,genres\n"

    func load(_ rows: String) throws(CatalogLoadError) -> MovieCatalog {
        try MovieCatalog(csv: Array((Self.header + rows).utf8))
    }

    func loadError(_ rows: String) -> CatalogLoadError? {
        do {
            _ = try load(rows)
            return nil
        } catch {
            return error
        }
    }

    @Test func quotedCommasDoubledQuotesAndEmptyFields() throws {
        let catalog = try load(
            """
            "$40,000",1996,70,,8.2,6,,Comedy
            "Say ""Hello"", Then",2001,90,1500000,6,120,PG-13,Action|Drama
            "Line
            break",1999,5,,1.5,1,,
            Plain,2000,80,"",7,3,"",""\r
            """)
        let movies = catalog.movies
        #expect(movies.map(\.title) == ["$40,000", "Say \"Hello\", Then", "Line\nbreak", "Plain"])
        #expect(
            movies[0]
                == Movie(
                    id: 1, title: "$40,000", year: 1996, length: 70, budget: nil, rating: 8.2, votes: 6,
                    mpaa: nil, genres: ["Comedy"]))
        #expect(movies[1].budget == 1_500_000)
        #expect(movies[1].mpaa == "PG-13")
        #expect(movies[1].genres == ["Action", "Drama"])
        #expect(movies[1].rating == 6)
        #expect(movies[2].genres == [])
        #expect(movies[3].mpaa == nil)
        #expect(movies.map(\.id) == [1, 2, 3, 4])
        #expect(catalog.search("say hello then", page: 1).results.map(\.id) == [2])
    }

    @Test func wrongFieldCountNamesTheLine() {
        let error = loadError("Fine,2000,80,,7,3,,\nBroken, Title,2000,80,,7,3,,\n")
        #expect(error?.kind == .malformedCSV)
        #expect(error?.line == 3)
        #expect(
            error?.description == "line 3: expected 8 fields like the header, found 9"
                + " (a title holding a comma must be enclosed in double quotes)")
    }

    @Test func badNumberNamesLineAndColumn() {
        let error = loadError("Fine,2000,80,,7,3,,\n\"Multi\nline\",2000,80,,7,3,,\nBad,19x9,80,,7,3,,\n")
        #expect(
            error
                == CatalogLoadError(
                    kind: .invalidField, line: 5, column: "year",
                    message: "expected a whole number of digits 0-9, found \"19x9\""))
    }

    @Test func badRatingEmptyTitleAndMissingValue() {
        #expect(
            loadError("A,2000,80,,11,3,,\n")?.description
                == "line 2, column rating: expected a rating from 1 to 10 such as 8.5, found \"11\"")
        #expect(loadError(",2000,80,,7,3,,\n")?.column == "title")
        #expect(
            loadError("A,2000,,,7,3,,\n")?.description
                == "line 2, column length: the value is empty; expected a whole number (minutes such as 136)")
    }

    @Test func quoteErrors() {
        let unterminated = loadError("\"Never ends,2000,80,,7,3,,\n")
        #expect(unterminated?.kind == .malformedCSV)
        #expect(unterminated?.line == 2)
        let stray = loadError("Bad \"quote\",2000,80,,7,3,,\n")
        #expect(stray?.line == 2)
        #expect(stray?.message.hasPrefix("quote inside an unquoted field (field 1)") == true)
        let afterClosing = loadError("\"Title\"x,2000,80,,7,3,,\n")
        #expect(afterClosing?.message.hasPrefix("unexpected \"x\" after a closing quote") == true)
    }

    @Test func headerMustNameTheColumns() {
        let error: CatalogLoadError?
        do {
            _ = try MovieCatalog(csv: Array("title,year\nA,2000\n".utf8))
            error = nil
        } catch let caught {
            error = caught
        }
        #expect(error?.kind == .invalidHeader)
        #expect(error?.line == 1)
        #expect(error?.message.hasPrefix("the header has no column \"length\"") == true)
    }

    @Test func invalidUTF8IsRefused() {
        var bytes = Array((Self.header + "X,2000,80,,7,3,,\n").utf8)
        bytes[bytes.count - 17] = 0xFF  // the title "X"
        #expect(throws: CatalogLoadError.self) { try MovieCatalog(csv: bytes) }
    }

    @Test func missingFileIsAnError() {
        #expect(throws: CatalogLoadError.self) { try MovieCatalog(csvPath: "/nonexistent/movies.csv") }
    }
}
