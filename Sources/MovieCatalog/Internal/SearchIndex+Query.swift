extension SearchIndex {
    /// How well a film's title matches a query; lower is better. Part of the ranking key.
    enum Tier: UInt32 {
        /// The title, article moved back to the front, has exactly the query's words in the query's order.
        case exactTitle = 0
        /// Every query word is a whole title word.
        case wholeWords = 1
        /// Every query word but the last is a whole title word; the last only begins one.
        case prefix = 2
    }

    /// The films matching `query`, best first, from `offset`, at most `limit` of them, and how many match in all.
    ///
    /// Every query word but the last must equal a title word; the last must begin one (prefix match, so a
    /// query typed letter by letter narrows as expected). Ranking: ``Tier``, then fewer title words, then more
    /// votes, then catalog order.
    func search(_ query: FoldedWords, offset: Int, limit: Int) -> (movies: [Int], total: Int) {
        let keys = matchKeys(query)
        guard offset < keys.count, limit > 0 else { return ([], keys.count) }
        let wanted = min(limit, keys.count - offset)
        let ordered = keys.count <= 512 ? Self.sortedSlice(keys, offset, wanted) : bitmapSlice(keys, offset, wanted)
        return (ordered.map { Int(movieAtRank[Int($0 % UInt32(movieCount))]) }, keys.count)
    }

    /// The ranking key (`tier × movieCount + static rank`) of every matching film, in no particular order.
    func matchKeys(_ query: FoldedWords) -> [UInt32] {
        guard query.count > 0 else { return [] }
        // Whole words: all but the last query word.
        var queryWords: [UInt32] = []
        queryWords.reserveCapacity(query.count)
        for index in 0..<(query.count - 1) {
            guard let word = exactWord(query.word(index)) else { return [] }
            queryWords.append(word)
        }
        var required = queryWords
        required.sort()
        required = Self.removingDuplicates(required)
        // The last word: the range of words it begins; its own number if it is a whole word too.
        let last = query.word(query.count - 1)
        let range = prefixRange(last)
        guard !range.isEmpty else { return [] }
        let exactLast: UInt32? = wordEquals(range.lowerBound, last) ? UInt32(range.lowerBound) : nil
        if let exactLast { queryWords.append(exactLast) }

        // Drive from the smallest set: one required word's posting list, or the union over the prefix range.
        var driver: UInt32?
        var driverSize = Int(postingStarts[range.upperBound] - postingStarts[range.lowerBound])
        for word in required where Int(postingStarts[Int(word) + 1] - postingStarts[Int(word)]) < driverSize {
            driver = word
            driverSize = Int(postingStarts[Int(word) + 1] - postingStarts[Int(word)])
        }
        var keys: [UInt32] = []
        keys.reserveCapacity(driverSize)
        if required.isEmpty && driver == nil {
            // One word: no title needs checking; a film's tier follows from the list it is first met in.
            unionOfPrefixRange(range, exactLast: exactLast, into: &keys)
            return keys
        }
        titleWordStarts.withUnsafeBufferPointer { titleStarts in
            titleWords.withUnsafeBufferPointer { titleWords in
                rankOfMovie.withUnsafeBufferPointer { ranks in
                    postings.withUnsafeBufferPointer { postings in
                        let matcher = Matcher(
                            titleStarts: titleStarts, titleWords: titleWords, ranks: ranks, required: required,
                            queryWords: queryWords, lower: UInt32(range.lowerBound), upper: UInt32(range.upperBound),
                            exactLast: exactLast)
                        if let driver {
                            for position in Int(postingStarts[Int(driver)])..<Int(postingStarts[Int(driver) + 1]) {
                                if let key = matcher.key(for: postings[position], reachedThrough: nil) {
                                    keys.append(key)
                                }
                            }
                        } else {
                            for word in range {
                                for position in Int(postingStarts[word])..<Int(postingStarts[word + 1]) {
                                    if let key = matcher.key(for: postings[position], reachedThrough: UInt32(word)) {
                                        keys.append(key)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return keys
    }

    /// Keys for a one-word query: every film with a word in `range`, once. Films with the whole word (the
    /// range's first word, when `exactLast` is set) come first; a seen-bitmap over films removes repeats.
    private func unionOfPrefixRange(_ range: Range<Int>, exactLast: UInt32?, into keys: inout [UInt32]) {
        var seen = [UInt64](repeating: 0, count: (movieCount + 63) / 64)
        let count = UInt32(movieCount)
        titleWordStarts.withUnsafeBufferPointer { titleStarts in
            rankOfMovie.withUnsafeBufferPointer { ranks in
                postings.withUnsafeBufferPointer { postings in
                    seen.withUnsafeMutableBufferPointer { seen in
                        for word in range {
                            let whole = exactLast == UInt32(word)
                            for position in Int(postingStarts[word])..<Int(postingStarts[word + 1]) {
                                let movie = Int(postings[position])
                                let bit: UInt64 = 1 << UInt64(movie & 63)
                                if seen[movie >> 6] & bit != 0 { continue }
                                seen[movie >> 6] |= bit
                                let oneWord = titleStarts[movie + 1] - titleStarts[movie] == 1
                                let tier: Tier = whole ? (oneWord ? .exactTitle : .wholeWords) : .prefix
                                keys.append(tier.rawValue &* count &+ ranks[movie])
                            }
                        }
                    }
                }
            }
        }
    }

    /// Checks one candidate film against the query and computes its ranking key.
    private struct Matcher {
        let titleStarts: UnsafeBufferPointer<UInt32>
        let titleWords: UnsafeBufferPointer<UInt32>
        let ranks: UnsafeBufferPointer<UInt32>
        let required: [UInt32]
        let queryWords: [UInt32]
        let lower: UInt32
        let upper: UInt32
        let exactLast: UInt32?

        /// The key of `movie`, or `nil` if it does not match. `word`, when the film was reached through the
        /// posting list of a word in the prefix range, makes each film count once: only through its first such word.
        func key(for movie: UInt32, reachedThrough word: UInt32?) -> UInt32? {
            let start = Int(titleStarts[Int(movie)])
            let end = Int(titleStarts[Int(movie) + 1])
            let title = UnsafeBufferPointer(rebasing: titleWords[start..<end])
            for needed in required where !title.contains(needed) { return nil }
            var firstInRange = UInt32.max
            for titleWord in title where titleWord >= lower && titleWord < upper && titleWord < firstInRange {
                firstInRange = titleWord
            }
            if firstInRange == UInt32.max { return nil }
            if let word, word != firstInRange { return nil }
            var tier = Tier.prefix
            if let exactLast, firstInRange == exactLast {
                tier = title.count == queryWords.count && title.elementsEqual(queryWords) ? .exactTitle : .wholeWords
            }
            return tier.rawValue &* UInt32(ranks.count) &+ ranks[Int(movie)]
        }
    }

    /// The number of `word`, if it is a title word.
    func exactWord(_ word: ArraySlice<UInt8>) -> UInt32? {
        let position = lowerBound(word)
        return position < wordCount && wordEquals(position, word) ? UInt32(position) : nil
    }

    /// The numbers of all title words that begin with `prefix`.
    func prefixRange(_ prefix: ArraySlice<UInt8>) -> Range<Int> {
        lowerBound(prefix)..<upperBound(prefix)
    }

    /// First word not before `key`.
    private func lowerBound(_ key: ArraySlice<UInt8>) -> Int {
        var low = 0
        var high = wordCount
        while low < high {
            let middle = (low + high) / 2
            if compare(middle, key, prefix: true) < 0 { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// First word after all the words that begin with `key`.
    private func upperBound(_ key: ArraySlice<UInt8>) -> Int {
        var low = 0
        var high = wordCount
        while low < high {
            let middle = (low + high) / 2
            if compare(middle, key, prefix: true) <= 0 { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Compares word `index` with `key` bytewise; with `prefix`, a word that begins with `key` compares equal.
    private func compare(_ index: Int, _ key: ArraySlice<UInt8>, prefix: Bool) -> Int {
        let start = Int(wordStarts[index])
        let end = Int(wordStarts[index + 1])
        var position = start
        var keyPosition = key.startIndex
        while position < end, keyPosition < key.endIndex {
            let difference = Int(wordBytes[position]) - Int(key[keyPosition])
            if difference != 0 { return difference }
            position += 1
            keyPosition += 1
        }
        if keyPosition == key.endIndex { return prefix || position == end ? 0 : 1 }
        return -1
    }

    /// Whether word `index` is exactly `key`.
    private func wordEquals(_ index: Int, _ key: ArraySlice<UInt8>) -> Bool {
        Int(wordStarts[index + 1] - wordStarts[index]) == key.count && compare(index, key, prefix: false) == 0
    }

    /// `count` keys from `offset` in ascending order, by sorting (for few matches).
    private static func sortedSlice(_ keys: [UInt32], _ offset: Int, _ count: Int) -> [UInt32] {
        Array(keys.sorted()[offset..<(offset + count)])
    }

    /// `count` keys from `offset` in ascending order, by marking every key in a bitmap over the key space and
    /// scanning it (for many matches: linear, and the keys are distinct).
    private func bitmapSlice(_ keys: [UInt32], _ offset: Int, _ count: Int) -> [UInt32] {
        var bitmap = [UInt64](repeating: 0, count: (3 * movieCount + 63) / 64)
        for key in keys { bitmap[Int(key >> 6)] |= 1 << UInt64(key & 63) }
        var result: [UInt32] = []
        result.reserveCapacity(count)
        var skipped = 0
        for (wordIndex, var bits) in bitmap.enumerated() where bits != 0 {
            let population = bits.nonzeroBitCount
            if skipped + population <= offset {
                skipped += population
                continue
            }
            while bits != 0 {
                let bit = bits.trailingZeroBitCount
                bits &= bits - 1
                if skipped < offset {
                    skipped += 1
                } else {
                    result.append(UInt32(wordIndex * 64 + bit))
                    if result.count == count { return result }
                }
            }
        }
        return result
    }

    private static func removingDuplicates(_ sorted: [UInt32]) -> [UInt32] {
        var result: [UInt32] = []
        for value in sorted where result.last != value { result.append(value) }
        return result
    }
}
