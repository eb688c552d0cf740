import PlaygroundTesting
import Testing

@testable import PlaygroundApp

/// The movie API endpoint and the MVI pane over real HTTP and SSE.
@Suite("MVI over HTTP")
struct MVILiveTests {
    @Test func movieAPIAnswersInTMDBShape() async throws {
        let live = try await LivePlayground()
        defer { live.playground.shutdown() }
        let matrix = try await live.request("GET", "/3/search/movie?query=the%20matrix")
        #expect(matrix.status == 200)
        #expect(matrix.text.hasPrefix(#"{"page":1,"results":[{"id":"#))
        #expect(
            matrix.text.contains(
                #""title":"The Matrix","overview":"1999 · 136 min · R · Action","poster_path":null,"release_date":"1999-01-01","vote_average":8.5"#
            ))
        #expect(matrix.text.contains(#""total_pages":1,"total_results":"#))
        let first = try await live.request("GET", "/3/search/movie?query=love&page=1").text
        let second = try await live.request("GET", "/3/search/movie?query=love&page=2").text
        #expect(first != second)
        #expect(second.hasPrefix(#"{"page":2,"results":[{"#))
        let total = try #require(first.firstMatch(of: /"total_results":(\d+)/)).output.1
        #expect(second.contains(#""total_results":\#(total)"#), "totals agree across pages")
    }

    @Test(arguments: [
        "", "?query=", "?query=%20%20", "?query=x&page=0", "?query=x&page=1001", "?query=x&page=two",
        "?query=a%07b", "?query=%FF%FE", "?query=" + String(repeating: "a", count: 201),
    ])
    func movieAPIRejectsBadQueries(_ query: String) async throws {
        let live = try await LivePlayground()
        defer { live.playground.shutdown() }
        let response = try await live.request("GET", "/3/search/movie" + query)
        #expect(response.status == 400, "\(query): \(response.text)")
        #expect(response.text.contains(#""code":"invalid_search""#))
    }

    @Test func searchOverHTTPReachesEveryTab() async throws {
        let live = try await LivePlayground()
        defer { live.playground.shutdown() }
        let room = try await live.newRoom()
        let stream = try await live.subscribe(room)
        let accepted = try await live.post(room, #"{"app":"mvi","event":"search","query":"star wars"}"#)
        #expect(accepted.status == 202)
        #expect(await stream.waitFor("Querying for star wars"))
        #expect(await stream.waitFor("Star Wars: Episode V"))
        #expect(!stream.streamBody.contains(#"value="star wars""#), "the field is the view's own @State query, as in the article: only Return in it changes it")
        let state = try await live.state(room)
        #expect(state.contains(#""state":"SuccessfullyFetched""#))
        let miss = try await live.post(room, #"{"app":"mvi","event":"search","query":"qqzzxxyy"}"#)
        #expect(miss.status == 202)
        #expect(await stream.waitFor("No matching movies found"))
    }

    /// A search, its next page and another search reach each tab in little SSE (issue #27: at most 2 KB an event),
    /// counted as `Benchmarks/room-patches.py` counts them (each message's lines): what follows the search field goes
    /// alone, and a spinner or results shaped like ones the tab keeps go as their ids and texts (2,327, 1,552 and 2,638
    /// B at stop 35; the first search has no results before it to be drawn like).
    @Test func searchesReachEachTabInFewBytes() async throws {
        let live = try await LivePlayground(apps: ["mvi"])
        defer { live.playground.shutdown() }
        let room = try await live.newRoom()
        let stream = try await live.subscribe(room)
        let post = { (json: String, shows: String) async throws -> Int in
            let answer = try await live.post(room, json)
            let seq = try #require(Int(answer.text.firstMatch(of: /"seq":(\d+)/)?.1 ?? ""), "\(answer.text)")
            #expect(await stream.waitFor(shows), "\(shows)")
            return seq
        }
        let bytes = { (from: Int, to: Int) in
            stream.streamBody.components(separatedBy: "\n\n").filter { message in
                guard message.contains("event: patch"), let id = message.firstMatch(of: /(?m)^id: (\d+)$/).flatMap({ Int($0.1) }) else { return false }
                return id >= from && id < to
            }.reduce(0) { $0 + $1.utf8.count + 2 }
        }
        let search = try await post(#"{"app":"mvi","event":"search","query":"the matrix"}"#, "Page 1 of 1 · 3 movies")
        let next = try await post(#"{"app":"mvi","event":"page","page":2}"#, "No matching movies found")
        let another = try await post(#"{"app":"mvi","event":"search","query":"star wars"}"#, "Page 1 of 1 · 5 movies")
        // Every message of the last search is whole once the next event's own has come.
        let end = try await post(#"{"app":"mvi","event":"setFaults","latencyMs":0,"failureRate":0.5}"#, "50% of requests fail")
        #expect(await stream.waitFor("id: \(end)\n"))
        let (first, page, second) = (bytes(search, next), bytes(next, another), bytes(another, end))
        #expect(first <= 2_048 && page <= 1_400 && second <= 2_000, "\(first), \(page), \(second) B: \(stream.streamBody)")
        #expect(stream.streamBody.contains(#" data-rows="5">Star Wars<br>"#), "the results like the last search's")
    }

    @Test func injectedFailureShowsApiError() async throws {
        let live = try await LivePlayground()
        defer { live.playground.shutdown() }
        let room = try await live.newRoom()
        let stream = try await live.subscribe(room)
        #expect(try await live.post(room, #"{"app":"mvi","event":"setFaults","latencyMs":0,"failureRate":1}"#).status == 202)
        #expect(try await live.post(room, #"{"app":"mvi","event":"search","query":"alien"}"#).status == 202)
        #expect(await stream.waitFor("Results couldnot be fetched"))
        #expect(try await live.state(room).contains(#""state":"ApiError""#))
    }

    @Test func hostileQueryIsEscapedEverywhere() async throws {
        let live = try await LivePlayground()
        defer { live.playground.shutdown() }
        let room = try await live.newRoom()
        let stream = try await live.subscribe(room)
        let hostile = #"<script>alert('x')</script> \"q\" & data: event: x"#
        #expect(try await live.post(room, #"{"app":"mvi","event":"search","query":"\#(hostile)"}"#).status == 202)
        #expect(await stream.waitFor("No matching movies found"))
        #expect(!stream.streamBody.contains("<script>alert"))
        #expect(stream.streamBody.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"))
        for line in stream.streamBody.split(separator: "\n") where line.contains("event: x") {
            #expect(line.hasPrefix("data: "), "user text never starts a new SSE field: \(line)")
        }
    }
}
