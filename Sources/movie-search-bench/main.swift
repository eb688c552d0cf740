// movie-search-bench: start-up time and in-process query latency of the film catalog.
//
//   swift build -c release --scratch-path .build-movies --product movie-search-bench
//   .build-movies/release/movie-search-bench [Data/movies.csv] [--load-runs 7] [--rounds 40]
//
// Exits non-zero only on errors: the catalog does not load, or a sanity check of the ranking fails.
import MovieCatalog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Command-line options.
struct Options {
    var path = "Data/movies.csv"
    var loadRuns = 7
    var rounds = 40

    init(_ arguments: [String]) throws(BenchError) {
        var iterator = arguments.dropFirst().makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--load-runs": loadRuns = try Self.count(iterator.next(), for: argument)
            case "--rounds": rounds = try Self.count(iterator.next(), for: argument)
            case "-h", "--help":
                throw BenchError(
                    "usage: movie-search-bench [CSV path, default Data/movies.csv] [--load-runs N] [--rounds N]")
            default: path = argument
            }
        }
    }

    private static func count(_ text: String?, for option: String) throws(BenchError) -> Int {
        guard let text, let value = Int(text), value > 0 else { throw BenchError("\(option) needs a positive number") }
        return value
    }
}

/// A failure that makes the benchmark exit non-zero.
struct BenchError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

func milliseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1000 + Double(attoseconds) / 1e15
}

func format(_ value: Double, _ decimals: Int = 3) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = "\(rounded)"
    if let dot = text.firstIndex(of: ".") {
        let have = text.distance(from: dot, to: text.endIndex) - 1
        if have < decimals { text += String(repeating: "0", count: decimals - have) }
    }
    return text
}

func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
    sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)]
}

func check(_ condition: Bool, _ message: String) throws(BenchError) {
    if !condition { throw BenchError("sanity check failed: " + message) }
}

func run() throws(BenchError) {
    let options = try Options(CommandLine.arguments)
    let clock = ContinuousClock()

    // Start-up: read + parse + index, several times, median.
    var loadTimes: [Double] = []
    var catalog: MovieCatalog?
    for _ in 0..<options.loadRuns {
        let start = clock.now
        do {
            catalog = try MovieCatalog(csvPath: options.path)
        } catch {
            throw BenchError("cannot load the catalog: \(error)")
        }
        loadTimes.append(milliseconds(clock.now - start))
    }
    guard let catalog else { throw BenchError("no catalog") }
    loadTimes.sort()
    let loadMedian = loadTimes[loadTimes.count / 2]
    var indexTimes: [Double] = []
    for _ in 0..<options.loadRuns {
        let start = clock.now
        let rebuilt = MovieCatalog(movies: catalog.movies)
        indexTimes.append(milliseconds(clock.now - start))
        precondition(rebuilt.movies.count == catalog.movies.count)
    }
    indexTimes.sort()

    // Sanity: the ranking the product promises.
    try check(catalog.search("the matrix", page: 1).results.first?.title == "Matrix, The", "\"the matrix\"")
    let starWars = catalog.search("star wars", page: 1).results.first
    try check(starWars?.title == "Star Wars" && starWars?.year == 1977, "\"star wars\"")
    try check(catalog.search("xyzzy", page: 1).totalResults == 0, "\"xyzzy\" should miss")

    // Warm-up, then timed rounds over the whole mix (page 1, and page 2 for every fourth query).
    let queries = QueryMix.queries
    var sink = 0
    for query in queries { sink &+= catalog.search(query, page: 1).totalResults }
    var samples: [Double] = []
    samples.reserveCapacity(queries.count * options.rounds * 2)
    var slowest = (time: 0.0, query: "")
    var timesByQuery = Array(repeating: [Double](), count: queries.count)
    for _ in 0..<options.rounds {
        for (position, query) in queries.enumerated() {
            for page in position % 4 == 0 ? [1, 2] : [1] {
                let start = clock.now
                let result = catalog.search(query, page: page)
                let time = milliseconds(clock.now - start)
                sink &+= result.results.count
                samples.append(time)
                timesByQuery[position].append(time)
                if time > slowest.time { slowest = (time, query) }
            }
        }
    }
    samples.sort()

    // JSON encoding of a full page, for reference.
    let page = catalog.search("the", page: 1)
    var jsonTimes: [Double] = []
    for _ in 0..<200 {
        let start = clock.now
        sink &+= TMDBSearchResponse(page).jsonText().utf8.count
        jsonTimes.append(milliseconds(clock.now - start))
    }
    jsonTimes.sort()

    let p50 = percentile(samples, 0.50)
    let p99 = percentile(samples, 0.99)
    print("catalog: \(catalog.movies.count) films from \(options.path)")
    print(
        "start-up (read + parse + index), \(options.loadRuns) runs: median \(format(loadMedian, 1)) ms,"
            + " min \(format(loadTimes[0], 1)) ms, max \(format(loadTimes[loadTimes.count - 1], 1)) ms;"
            + " of which indexing alone: median \(format(indexTimes[indexTimes.count / 2], 1)) ms")
    print(
        "queries: \(samples.count) timed (\(queries.count) distinct × \(options.rounds) rounds, after warm-up):"
            + " p50 \(format(p50)) ms, p99 \(format(p99)) ms, max \(format(samples[samples.count - 1])) ms"
            + " (slowest: \"\(slowest.query)\"; checksum \(sink))")
    let medians = timesByQuery.enumerated().map { ($1.sorted()[$1.count / 2], queries[$0]) }.sorted { $0.0 > $1.0 }
    print(
        "slowest queries by median: "
            + medians.prefix(6).map { "\"\($0.1)\" \(format($0.0)) ms" }.joined(separator: ", "))
    print("TMDB JSON of a 20-film page: median \(format(jsonTimes[jsonTimes.count / 2])) ms")
    let verdict = loadMedian <= 300 && p99 <= 1 ? "within targets" : "OVER TARGET"
    print(
        "summary: start-up \(format(loadMedian, 1)) ms (target ≤ 300), query p99 \(format(p99)) ms (target ≤ 1)"
            + " — \(verdict)")
}

do {
    try run()
} catch {
    let line = Array("movie-search-bench: \(error.message)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(1)
}
