/// SplitMix64: a tiny, fast, seedable generator, so every sample's random choices (colours, strings,
/// injected failures) can be replayed in tests and reproducible demos (not for cryptography).
///
/// ```swift
/// var generator = SeededRandomNumberGenerator(seed: 42)
/// Int.random(in: 1..<10, using: &generator)   // the same number every run
/// ```
public struct SeededRandomNumberGenerator: RandomNumberGenerator, Sendable {
    /// Where the sequence stands: a generator made with `seed: state` goes on exactly as this one.
    public private(set) var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
