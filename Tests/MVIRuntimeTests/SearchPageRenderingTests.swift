import MVIRuntime
import MovieCatalog
import PlaygroundTesting
import PlaygroundUI
import Testing
@testable import MovieSearchMVI

@Suite struct SearchPageRenderingTests {
    static let context = RenderContext(formAction: "/rooms/r1/events")

    /// The `mvi-search` fragment: the field (the view's own `@State query`, as in the article) showing `value`
    /// (already escaped), then `content`. Its form posts the field's control id, which also names it (both shown as `*`).
    static func searchPage(field value: String, _ content: String) -> String {
        #"<div id="mvi-search" class="vstack align-leading">"#
            + #"<form id="c*" class="textfield-form" method="post" action="/rooms/r1/events"><input type="hidden" name="control" value="*">"#
            + #"<input class="textfield" type="text" name="value" value="\#(value)" placeholder="search movies"></form>"#
            + content + "</div>"
    }

    /// The search field's control id in `html`.
    static func fieldID(_ html: String) -> String? {
        html.firstMatch(of: /name="control" value="([^"]*)"/).map { String($0.1) }
    }

    static func row(_ title: String, _ overview: String, _ rating: String) -> String {
        #"<li id="r*"><div class="vstack align-leading" style="gap:2px"><span class="text font-headline">\#(title)</span>"#
            + #"<span class="text font-subheadline" style="color:#6c6c70">\#(overview)</span>"#
            + #"<span class="text font-caption">\#(rating)</span></div></li>"#
    }

    /// A paging button: its form posts only its control id (shown as `*`); the closure sends `page`.
    static func pageButton(_ label: String) -> String {
        #"<form id="c*" class="button-form" \#(controlForm)"#
            + #"<button class="button button-bordered" type="submit"><span class="text">\#(label)</span></button></form>"#
    }

    /// A fault preset's button: its form posts only its control id; the closure sends `setFaults` with the preset.
    static func faultButton(_ label: String, selected: Bool) -> String {
        #"<form id="r*" class="button-form" \#(controlForm)"#
            + #"<button class="button \#(selected ? "button-borderedProminent" : "button-bordered")" type="submit">"#
            + #"<span class="text">\#(label)</span></button></form>"#
    }

    static let controlForm = #"method="post" action="/rooms/r1/events"><input type="hidden" name="control" value="*">"#

    static func search(_ room: TestRoom) async -> String {
        let html = await room.run { $0.app.render(context).fragments.first { $0.id == "mvi-search" }?.html ?? "missing" }
        return maskingMadeIDs(html)
    }

    @Test func returnInTheFieldFiresLoadMoviesWithWhatWasTyped() async throws {
        let repository = ControlledRepository()
        let room = TestRoom()
        await room.start(repository: repository)
        let hostileQuery = #""><img src=x onerror=alert(1)>"#
        let escapedQuery = "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"
        let outcome = await room.run { room -> ActionOutcome in
            let id = Self.fieldID(room.app.render(Self.context).html) ?? ""
            return room.app.perform(action: id, value: hostileQuery)
        }
        #expect(outcome == .performed)
        #expect(await room.run { $0.app.intents.lastIntent } != nil, "the closure is self.vm.loadMovies(query: self.query)")
        #expect(
            await Self.search(room)
                == Self.searchPage(
                    field: escapedQuery,
                    #"<div class="hstack"><progress></progress>"#
                        + #"<span class="text">Querying for \#(escapedQuery)</span></div>"#))
        try await repository.waitForRequest(hostileQuery)
    }

    @Test func initialPageAndFaultControls() async throws {
        let room = TestRoom()
        await room.start(repository: StubRepository(.success(response([]))))
        let rendered = await room.run { $0.app.render(Self.context) }
        let search = Self.searchPage(field: "", #"<span class="text">Please type in to query</span>"#)
        let faults =
            #"<div id="mvi-faults" class="vstack align-leading" style="gap:4px">"#
            + #"<span class="text font-caption">Fault injection: 0 ms latency, 0% of requests fail</span><div class="hstack"><div id="k*" class="for-each">"#
            + Self.faultButton("No faults", selected: true) + Self.faultButton("Slow (1.5 s)", selected: false)
            + Self.faultButton("Flaky (50%)", selected: false)
            + Self.faultButton("Broken (100%)", selected: false) + "</div></div></div>"
        #expect(rendered.fragments.map(\.id) == ["mvi-search", "mvi-faults"])
        #expect(
            maskingMadeIDs(rendered.html)
                == #"<div class="vstack align-leading" style="gap:12px">"# + search + faults + "</div>")

        await room.run { $0.app.setFaults(latencyMs: 1_500, failureRate: 0) }
        let slow = maskingMadeIDs(await room.run { $0.app.render(Self.context).fragments[1].html })
        #expect(slow.contains(#"<span class="text font-caption">Fault injection: 1,500 ms latency, 0% of requests fail</span>"#))
        #expect(slow.contains(Self.faultButton("Slow (1.5 s)", selected: true)))
        #expect(slow.contains(Self.faultButton("No faults", selected: false)))
    }

    @Test func loadingShowsItsMessageWithAProgressView() async throws {
        let repository = ControlledRepository()
        let room = TestRoom()
        await room.start(repository: repository)
        await room.run { $0.app.search(query: "the matrix") }
        #expect(
            await Self.search(room)
                == Self.searchPage(
                    field: "",
                    #"<div class="hstack"><progress></progress><span class="text">Querying for the matrix</span></div>"#
                ))
        try await repository.waitForRequest("the matrix")
        repository.answer("the matrix", with: .success(response([])))
        try await room.waitForState("NoResultsFound")
        #expect(await Self.search(room) == Self.searchPage(field: "", #"<span class="text">No matching movies found</span>"#))
    }

    @Test func apiErrorShowsTheSeedsMessage() async throws {
        let room = TestRoom()
        await room.start(repository: StubRepository(.failure(FakeFailure())))
        await room.run { $0.app.search(query: "alien") }
        try await room.waitForState("ApiError")
        #expect(
            await Self.search(room)
                == Self.searchPage(field: "", #"<span class="text" style="color:#d70015">Results couldnot be fetched</span>"#))
    }

    @Test func resultsAreEscapedRowsWithPaging() async throws {
        let hostileTitle = #"<script>alert('x')</script> & "Friends""#
        let hostileQuery = #""><img src=x onerror=alert(1)>"#
        let movies = [
            movie(1, hostileTitle, overview: "2001 · 90 min · PG-13 · Comedy, Drama", rating: 6.96, votes: 1_234_567),
            movie(2, "Plain", overview: "1950 · 7 min", rating: 7, votes: 5),
        ]
        let repository = ControlledRepository()
        let room = TestRoom()
        await room.start(repository: repository)
        await room.run { $0.app.search(query: hostileQuery, page: 2) }
        let escapedQuery = "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"
        #expect(
            await Self.search(room)
                == Self.searchPage(
                    field: "",
                    #"<div class="hstack"><progress></progress>"#
                        + #"<span class="text">Querying for \#(escapedQuery)</span></div>"#))
        try await repository.waitForRequest(hostileQuery)
        repository.answer(hostileQuery, with: .success(response(movies, page: 2, totalPages: 3, totalResults: 41)))
        try await room.waitForState("SuccessfullyFetched")
        let list =
            #"<ul id="k*" class="list">"#
            + Self.row(
                "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;Friends&quot;", "2001 · 90 min · PG-13 · Comedy, Drama",
                "★ 7.0 · 1,234,567 votes")
            + Self.row("Plain", "1950 · 7 min", "★ 7.0 · 5 votes") + "</ul>"
        let paging =
            #"<div class="hstack">"# + Self.pageButton("‹ Previous")
            + #"<span class="text font-caption">Page 2 of 3 · 41 movies</span>"# + Self.pageButton("Next ›") + "</div>"
        let shown = await Self.search(room)
        #expect(shown == Self.searchPage(field: "", #"<div class="vstack align-leading">"# + list + paging + "</div>"), "\(shown)")

        // Next's closure sends `page 3`: the same query, the next page, as `{"event":"page","page":3}` does.
        let next = await room.run { room -> ActionOutcome in
            let search = room.app.render(Self.context).fragments.first { $0.id == "mvi-search" }?.html ?? ""
            let ids = search.matches(of: /name="control" value="([^"]*)"/).map { String($0.1) }
            return room.app.perform(action: ids.last ?? "", value: nil)
        }
        #expect(next == .performed)
        let asked = await room.run { ($0.app.viewModel.query, $0.app.viewModel.page) }
        #expect(asked == (hostileQuery, 3), "\(asked)")
    }

    @Test func oneResultOnOnePageHasNoPagingButtons() async throws {
        let room = TestRoom()
        await room.start(repository: StubRepository(.success(response([movie(5, "Solo", rating: 8.44, votes: 999)]))))
        await room.run { $0.app.search(query: "solo") }
        try await room.waitForState("SuccessfullyFetched")
        #expect(
            await Self.search(room)
                == Self.searchPage(
                    field: "",
                    #"<div class="vstack align-leading"><ul id="k*" class="list">"#
                        + Self.row("Solo", "1999 · 136 min · R · Action", "★ 8.4 · 999 votes")
                        + #"</ul><div class="hstack"><span class="text font-caption">Page 1 of 1 · 1 movie</span></div></div>"#
                ))
    }
}
