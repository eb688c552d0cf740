/// The inverted index over film titles, built once when the catalog loads and read-only afterwards.
///
/// Layout (all flat arrays, numbers as `UInt32`):
/// - the distinct folded title words, sorted bytewise, back to back in ``wordBytes`` (so all words that start
///   with a prefix form one contiguous range of word numbers, found by two binary searches);
/// - for each word, its posting list: the films whose title has it, ascending (``postingStarts``, ``postings``);
/// - for each film, its title's word numbers in natural order, the article first (``titleWordStarts``,
///   ``titleWords``), to verify a candidate and detect an exact title match without touching strings;
/// - a static rank of every film (fewer title words first, then more votes, then catalog order), so that a
///   match's whole ranking key is one integer: `tier × filmCount + rank`.
struct SearchIndex: Sendable {
    /// Number of films.
    let movieCount: Int
    /// The distinct words' bytes, sorted bytewise, back to back.
    let wordBytes: [UInt8]
    /// Start of each word in ``wordBytes``, plus the end of the last one.
    let wordStarts: [UInt32]
    /// Start of each word's posting list in ``postings``, plus the end of the last one.
    let postingStarts: [UInt32]
    /// The posting lists: film indices (0-based), ascending within each list.
    let postings: [UInt32]
    /// Start of each film's words in ``titleWords``, plus the end of the last one.
    let titleWordStarts: [UInt32]
    /// Each film's title words in natural order ("Matrix, The" → `the`, `matrix`).
    let titleWords: [UInt32]
    /// Static rank of each film: fewer title words, then more votes, then catalog order.
    let rankOfMovie: [UInt32]
    /// The film at each static rank (the inverse of ``rankOfMovie``).
    let movieAtRank: [UInt32]

    /// Number of distinct words.
    var wordCount: Int { wordStarts.count - 1 }

    /// Builds the index over `movies`' titles.
    init(movies: [Movie]) {
        movieCount = movies.count
        var interner = TokenInterner(expectedWords: 1 << 16)
        var provisionalWords: [Int] = []
        provisionalWords.reserveCapacity(movies.count * 5)
        var titleStarts: [UInt32] = [0]
        titleStarts.reserveCapacity(movies.count + 1)
        for movie in movies {
            var title = movie.title
            title.withUTF8 { bytes in
                let words = FoldedWords(utf8: bytes)
                let first = provisionalWords.count
                for index in 0..<words.count {
                    provisionalWords.append(interner.intern(words.word(index)))
                }
                // "Matrix, The": the article is the last word; natural order puts it first.
                if words.count > 1, TitleArticle.articleStart(in: bytes) != nil {
                    let article = provisionalWords.removeLast()
                    provisionalWords.insert(article, at: first)
                }
            }
            titleStarts.append(UInt32(provisionalWords.count))
        }

        // Number the words in bytewise order.
        let arena = interner.arena
        let starts = interner.starts
        let order = arena.withUnsafeBufferPointer { bytes in
            (0..<interner.count).sorted { left, right in
                Self.lexicographicallyPrecedes(
                    bytes[starts[left]..<starts[left + 1]], bytes[starts[right]..<starts[right + 1]])
            }
        }
        var finalNumber = [UInt32](repeating: 0, count: order.count)
        var sortedBytes: [UInt8] = []
        sortedBytes.reserveCapacity(arena.count)
        var sortedStarts: [UInt32] = [0]
        sortedStarts.reserveCapacity(order.count + 1)
        for (number, provisional) in order.enumerated() {
            finalNumber[provisional] = UInt32(number)
            sortedBytes.append(contentsOf: arena[starts[provisional]..<starts[provisional + 1]])
            sortedStarts.append(UInt32(sortedBytes.count))
        }
        let words = provisionalWords.map { finalNumber[$0] }

        // Posting lists by counting sort, one entry per film even when a title repeats a word.
        var counts = [UInt32](repeating: 0, count: order.count + 1)
        Self.forEachDistinctWord(words, titleStarts) { _, word in counts[Int(word) + 1] += 1 }
        for index in 1..<counts.count { counts[index] += counts[index - 1] }
        var fill = counts
        var lists = [UInt32](repeating: 0, count: Int(counts[order.count]))
        Self.forEachDistinctWord(words, titleStarts) { movie, word in
            lists[Int(fill[Int(word)])] = UInt32(movie)
            fill[Int(word)] += 1
        }

        // Static rank: fewer title words, then more votes, then catalog order, as one integer per film:
        // words (8 bits, saturating) | votes inverted (24 bits, saturating at 16,777,215) | film index (32 bits).
        var rankKeys: [UInt64] = []
        rankKeys.reserveCapacity(movies.count)
        for (movie, film) in movies.enumerated() {
            let words = UInt64(min(titleStarts[movie + 1] - titleStarts[movie], 0xFF))
            let votes = UInt64(min(max(film.votes, 0), 0xFF_FFFF))
            rankKeys.append(words << 56 | (0xFF_FFFF - votes) << 32 | UInt64(movie))
        }
        rankKeys.sort()
        let ranked = rankKeys.map { UInt32(truncatingIfNeeded: $0) }
        var rank = [UInt32](repeating: 0, count: movies.count)
        for (position, movie) in ranked.enumerated() { rank[Int(movie)] = UInt32(position) }

        wordBytes = sortedBytes
        wordStarts = sortedStarts
        postingStarts = counts
        postings = lists
        titleWordStarts = titleStarts
        titleWords = words
        rankOfMovie = rank
        movieAtRank = ranked
    }

    /// Calls `body(film, word)` once for each distinct word of each film's title.
    private static func forEachDistinctWord(
        _ words: [UInt32], _ titleStarts: [UInt32], _ body: (Int, UInt32) -> Void
    ) {
        for movie in 0..<(titleStarts.count - 1) {
            let start = Int(titleStarts[movie])
            let end = Int(titleStarts[movie + 1])
            for index in start..<end where !words[start..<index].contains(words[index]) {
                body(movie, words[index])
            }
        }
    }

    /// Bytewise order, a prefix before any longer word it starts.
    private static func lexicographicallyPrecedes(
        _ left: Slice<UnsafeBufferPointer<UInt8>>, _ right: Slice<UnsafeBufferPointer<UInt8>>
    ) -> Bool {
        var leftIndex = left.startIndex
        var rightIndex = right.startIndex
        while leftIndex < left.endIndex, rightIndex < right.endIndex {
            if left[leftIndex] != right[rightIndex] { return left[leftIndex] < right[rightIndex] }
            leftIndex += 1
            rightIndex += 1
        }
        return left.count < right.count
    }
}
