/// Gives each distinct word a number while the index is built: an open-addressing hash table over byte strings
/// kept back to back in one arena, so interning a word allocates nothing.
struct TokenInterner {
    /// The distinct words' bytes, back to back, in first-seen order.
    private(set) var arena: [UInt8] = []
    /// Start of each word in ``arena``, plus the end of the last one.
    private(set) var starts: [Int] = [0]
    /// Hash slots holding a word number, or -1 when empty.
    private var slots: [Int32]

    /// Creates an interner sized for about `expectedWords` distinct words.
    init(expectedWords: Int) {
        var capacity = 1024
        while capacity < expectedWords * 2 { capacity <<= 1 }
        slots = Array(repeating: -1, count: capacity)
    }

    /// Number of distinct words.
    var count: Int { starts.count - 1 }

    /// The number of `word`, adding it if new.
    mutating func intern(_ word: ArraySlice<UInt8>) -> Int {
        if count * 2 >= slots.count { grow() }
        let hash = Self.hash(word)
        let mask = slots.count - 1
        var slot = hash & mask
        while true {
            let existing = Int(slots[slot])
            if existing < 0 {
                slots[slot] = Int32(count)
                arena.append(contentsOf: word)
                starts.append(arena.count)
                return count - 1
            }
            if arena[starts[existing]..<starts[existing + 1]].elementsEqual(word) { return existing }
            slot = (slot + 1) & mask
        }
    }

    private mutating func grow() {
        slots = Array(repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for word in 0..<count {
            var slot = Self.hash(arena[starts[word]..<starts[word + 1]]) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(word)
        }
    }

    /// FNV-1a, 64 bits.
    private static func hash(_ word: ArraySlice<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in word {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }
}
