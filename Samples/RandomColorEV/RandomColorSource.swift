import PlaygroundUI

/// Where the screens get their random colours (`color = randomColor()`); seed it for reproducible runs.
///
/// Not `Sendable`: one per room, used on the room's executor.
public final class RandomColorSource {
    /// A concrete generator, not `any RandomNumberGenerator`: `Double.random(in:using:)` through an existential
    /// runs unspecialized (BENCHMARKS.md, "Profiles").
    private var seeded: SeededRandomNumberGenerator

    /// Colours from a generator seeded once by the system's: the system generator is a `getrandom` call per
    /// channel, and a colour needs no cryptographic randomness.
    public init() {
        var system = SystemRandomNumberGenerator()
        seeded = SeededRandomNumberGenerator(seed: system.next())
    }

    /// Reproducible colours from a ``SeededRandomNumberGenerator``.
    public init(seed: UInt64) {
        seeded = SeededRandomNumberGenerator(seed: seed)
    }

    /// A random opaque colour, each channel in 0…1.
    public func callAsFunction() -> Color {
        Color(red: nextUnit(), green: nextUnit(), blue: nextUnit())
    }

    private func nextUnit() -> Double {
        Double.random(in: 0...1, using: &seeded)
    }
}

@available(*, unavailable, message: "a RandomColorSource lives on one room executor")
extension RandomColorSource: Sendable {}

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
