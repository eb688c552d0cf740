import MovieCatalog
import PlaygroundTesting
import Testing

@Suite("Search over the shipped catalog")
struct SearchTests {
    @Test func loadsEveryFilm() async throws {
        let catalog = try await ShippedCatalog.catalog()
        #expect(catalog.movies.count == 58_788)
        #expect(catalog.movies.first?.title == "$")
        #expect(catalog.movies.map(\.id) == Array(1...58_788))
    }

    @Test func theMatrixFindsTheMatrixFirst() async throws {
        let page = try await ShippedCatalog.catalog().search("the matrix", page: 1)
        let titles = page.results.prefix(3).map(\.title)
        #expect(titles == ["Matrix, The", "Matrix Reloaded, The", "Matrix Revolutions, The"])
        #expect(page.results.first?.year == 1999)
        #expect(page.results.first?.displayTitle == "The Matrix")
    }

    @Test func starWarsFinds1977First() async throws {
        let first = try #require(try await ShippedCatalog.catalog().search("star wars", page: 1).results.first)
        #expect(first.title == "Star Wars")
        #expect(first.year == 1977)
        #expect(first.id == 48_908)
    }

    @Test(
        "Case and accents are ignored",
        arguments: ["les misérables", "LES MISERABLES", "Les Misérables!", "lés mïsérâblés"])
    func caseAndAccentsIgnored(query: String) async throws {
        // The data stores "Misérables, Les" without its accent: the accented query must still find it, first.
        let page = try await ShippedCatalog.catalog().search(query, page: 1)
        #expect(page.results.first?.title == "Miserables, Les")
        #expect(page.results.first?.year == 1952)
    }

    @Test func accentsInTheDataAreFoldedToo() {
        let catalog = MovieCatalog(movies: [
            Movie(
                id: 1, title: "Fabuleux destin d'Amélie Poulain, Le", year: 2001, length: 122, budget: nil,
                rating: 8.7, votes: 40_000, mpaa: "R", genres: ["Comedy", "Romance"]),
            Movie(
                id: 2, title: "Ame\u{301}lie decomposed", year: 2001, length: 1, budget: nil, rating: 1, votes: 1,
                mpaa: nil, genres: []),
            Movie(
                id: 3, title: "Straße", year: 2000, length: 90, budget: nil, rating: 5, votes: 5, mpaa: nil, genres: []),
        ])
        #expect(catalog.search("amelie", page: 1).results.map(\.id) == [2, 1])
        #expect(catalog.search("AMÉLIE POULAIN", page: 1).results.map(\.id) == [1])
        #expect(catalog.search("le fabuleux destin d amelie poulain", page: 1).results.first?.id == 1)
        #expect(catalog.search("strasse", page: 1).results.map(\.id) == [3])
    }

    @Test func noMatchHasNoResults() async throws {
        let page = try await ShippedCatalog.catalog().search("xyzzyplugh", page: 1)
        #expect(page == SearchPage(page: 1, results: [], totalPages: 0, totalResults: 0))
        #expect(try await ShippedCatalog.catalog().search("matrix xyzzyplugh", page: 1).totalResults == 0)
    }

    @Test func lastWordMatchesAsPrefixOthersAsWholeWords() async throws {
        let catalog = try await ShippedCatalog.catalog()
        #expect(catalog.search("star wa", page: 1).results.first?.title == "Star Wars")
        #expect(catalog.search("matr", page: 1).results.contains { $0.title == "Matrix, The" })
        // A non-last word must be whole: "sta wars" matches no "Star Wars".
        #expect(!catalog.search("sta wars", page: 1).results.contains { $0.title == "Star Wars" })
    }

    @Test func wholeWordsRankAbovePrefixes() async throws {
        func words(_ title: String) -> [Substring] {
            title.lowercased().split { !$0.isLetter && !$0.isNumber }
        }
        let page = try await ShippedCatalog.catalog().search("alien", page: 1, pageSize: 1000)
        let whole = page.results.map { words($0.title).contains("alien") }
        let firstPrefixOnly = try #require(whole.firstIndex(of: false))
        #expect(firstPrefixOnly > 0)
        #expect(!whole[firstPrefixOnly...].contains(true))
        #expect(page.results[firstPrefixOnly...].allSatisfy { words($0.title).contains { $0.hasPrefix("alien") } })
        #expect(page.results.first?.title == "Alien")
        // Within whole-word matches: fewer title words first, then more votes.
        let wholeMatches = page.results[..<firstPrefixOnly]
        for (earlier, later) in zip(wholeMatches, wholeMatches.dropFirst()) {
            let (earlierWords, laterWords) = (words(earlier.title).count, words(later.title).count)
            #expect(earlierWords < laterWords || (earlierWords == laterWords && earlier.votes >= later.votes))
        }
    }

    @Test func pagingContinuesAndTotalsAgree() async throws {
        let catalog = try await ShippedCatalog.catalog()
        let all = catalog.search("love", page: 1, pageSize: 1000)
        #expect(all.totalResults > 40)
        let first = catalog.search("love", page: 1)
        let second = catalog.search("love", page: 2)
        #expect(first.results.count == 20)
        #expect(second.results.count == 20)
        #expect(first.results + second.results == Array(all.results.prefix(40)))
        #expect(first.totalResults == all.totalResults)
        #expect(first.totalPages == (all.totalResults + 19) / 20)
        #expect(second.page == 2)
        let last = catalog.search("love", page: first.totalPages)
        #expect(last.results.count == all.totalResults - (first.totalPages - 1) * 20)
        let beyond = catalog.search("love", page: first.totalPages + 1)
        #expect(beyond.results.isEmpty)
        #expect(beyond.totalResults == all.totalResults)
        #expect(catalog.search("love", page: 0).results.isEmpty)
        #expect(Set(all.results.map(\.id)).count == all.results.count)
    }

    @Test func rankingFallsBackToVotes() async throws {
        // "godfather": equal title length ranks by votes, more first.
        let results = try await ShippedCatalog.catalog().search("godfather", page: 1).results
        #expect(results.first?.title == "Godfather, The")
        #expect(results.contains { $0.title == "Godfather: Part II, The" })
    }

    @Test func articlesInOtherLanguagesAreMovedBack() async throws {
        let catalog = try await ShippedCatalog.catalog()
        let absence = try #require(catalog.search("l'absence", page: 1).results.first)
        #expect(absence.title == "Absence, L'")
        #expect(absence.displayTitle == "L'Absence")
        #expect(catalog.movies.first { $0.title == "Ard, al-" }?.displayTitle == "al-Ard")
        #expect(catalog.movies.first { $0.title == "$40,000" }?.displayTitle == "$40,000")
        // "Cucaracha, La" is an exact match for "la cucaracha" just like "La Cucaracha": ranked among them by votes.
        let cucarachas = catalog.search("la cucaracha", page: 1).results.prefix(3).map { "\($0.title) \($0.year)" }
        #expect(cucarachas == ["La Cucaracha 1998", "Cucaracha, La 1959", "La Cucaracha 1934"])
    }
}
