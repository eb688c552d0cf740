import PlaygroundUI

/// The seed's `randomColor()`: the screens call `color = randomColor()`, drawing from the room's ``RandomSource``.
///
/// A class: the renderer compares environment values by identity, so the same source keeps the views below
/// skippable (a struct holding a class compares as different every render).
public final class RandomColorSource {
    private let random: RandomSource

    /// Colours drawn from `random` (the room's source; seed it for reproducible runs).
    public init(random: RandomSource = RandomSource()) {
        self.random = random
    }

    /// Reproducible colours.
    public convenience init(seed: UInt64) {
        self.init(random: RandomSource(seed: seed))
    }

    /// A random opaque colour, each channel in 0…1.
    public func callAsFunction() -> Color {
        Color(red: random.double(in: 0...1), green: random.double(in: 0...1), blue: random.double(in: 0...1))
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
