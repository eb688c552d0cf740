import Synchronization

/// A room's randomness, the one source every sample draws from (EV's colours, VVSI's Random count, length and
/// strings, the movie search's injected failures): seed it and a demo or a test replays exactly.
///
/// `Sendable`: the generator sits behind a `Mutex`, as a sample may draw in its own tasks. A concrete
/// ``SeededRandomNumberGenerator``, not `any RandomNumberGenerator`: draws through an existential run
/// unspecialized (BENCHMARKS.md, "Profiles").
///
/// ```swift
/// let random = RandomSource(seed: 7)
/// random.int(in: 1..<10)      // the same number every run
/// ```
public final class RandomSource: Sendable {
    private let generator: Mutex<SeededRandomNumberGenerator>

    /// Draws seeded once from the system's generator: the system generator is a `getrandom` call per draw, and
    /// the samples need no cryptographic randomness.
    public convenience init() {
        var system = SystemRandomNumberGenerator()
        self.init(seed: system.next())
    }

    /// A reproducible sequence fixed by `seed` (SplitMix64; not for cryptography).
    public init(seed: UInt64) {
        generator = Mutex(SeededRandomNumberGenerator(seed: seed))
    }

    /// Seeded by `seed`, or by the system when it is `nil`.
    public convenience init(seed: UInt64?) {
        if let seed { self.init(seed: seed) } else { self.init() }
    }

    /// Where the sequence stands, for a checkpoint; ``restore(position:)`` goes on from there.
    public var position: UInt64 {
        generator.withLock { $0.state }
    }

    /// Goes on from `position`, as the source was when ``position`` was read.
    public func restore(position: UInt64) {
        generator.withLock { $0 = SeededRandomNumberGenerator(seed: position) }
    }

    /// A random number in `range` (`Int.random(in:)`).
    public func int(in range: Range<Int>) -> Int {
        generator.withLock { Int.random(in: range, using: &$0) }
    }

    /// A random number in `range` (`Double.random(in:)`).
    public func double(in range: ClosedRange<Double>) -> Double {
        generator.withLock { Double.random(in: range, using: &$0) }
    }

    /// True with probability `probability` (0 never, 1 always).
    public func chance(_ probability: Double) -> Bool {
        generator.withLock { Double.random(in: 0..<1, using: &$0) } < probability
    }

    /// `length` characters, each drawn from `alphabet`.
    public func string(length: Int, from alphabet: [Character]) -> String {
        generator.withLock { generator in String((0..<length).map { _ in alphabet.randomElement(using: &generator)! }) }
    }
}
