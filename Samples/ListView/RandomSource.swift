import PlaygroundUI
import Synchronization

/// Seedable randomness shared by the view (Random's count and length) and the interactor's tasks (the strings).
///
/// `Sendable`: the generator sits behind a `Mutex`, as the interactor draws from it in its own tasks.
public final class RandomSource: Sendable {
    private let generator: Mutex<any RandomNumberGenerator>

    /// The system's generator.
    public init() {
        generator = Mutex(SystemRandomNumberGenerator())
    }

    /// A reproducible sequence fixed by `seed` (SplitMix64; not for cryptography).
    public init(seed: UInt64) {
        generator = Mutex(SeededRandomNumberGenerator(seed: seed))
    }

    /// A random number in `range` (the seed's `Int.random(in:)`).
    public func int(in range: Range<Int>) -> Int {
        generator.withLock { Int.random(in: range, using: &$0) }
    }

    /// `length` characters, each drawn from `alphabet`.
    public func string(length: Int, from alphabet: [Character]) -> String {
        generator.withLock { generator in String((0..<length).map { _ in alphabet.randomElement(using: &generator)! }) }
    }
}
