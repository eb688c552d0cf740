import PlaygroundUI

/// Where the screens get their random colours (`color = randomColor()`); seed it for reproducible runs.
///
/// Not `Sendable`: one per room, used on the room's executor.
public final class RandomColorSource {
    private var generator: any RandomNumberGenerator

    /// Colours from `generator` (the system's by default).
    public init(generator: any RandomNumberGenerator = SystemRandomNumberGenerator()) {
        self.generator = generator
    }

    /// Reproducible colours from a ``SeededRandomNumberGenerator``.
    public convenience init(seed: UInt64) {
        self.init(generator: SeededRandomNumberGenerator(seed: seed))
    }

    /// A random opaque colour, each channel in 0…1.
    public func callAsFunction() -> Color {
        Color(red: nextUnit(), green: nextUnit(), blue: nextUnit())
    }

    private func nextUnit() -> Double {
        Double.random(in: 0...1, using: &generator)
    }
}

@available(*, unavailable, message: "a RandomColorSource lives on one room executor")
extension RandomColorSource: Sendable {}

/// SplitMix64: a tiny, fast, seedable generator (not for cryptography).
public struct SeededRandomNumberGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

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

private struct RandomColorKey: EnvironmentKey {
    static var defaultValue: RandomColorSource { RandomColorSource() }
}

extension EnvironmentValues {
    /// The random colour source of the screens below.
    var randomColor: RandomColorSource {
        get { self[RandomColorKey.self] }
        set { self[RandomColorKey.self] = newValue }
    }
}
