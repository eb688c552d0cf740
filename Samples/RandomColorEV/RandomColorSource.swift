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
