import PlaygroundUI
import RoomServices

/// The seed's `randomColor()`: the screens call `color = randomColor()`, drawing from the room's ``RandomSource``.
///
/// A class: the renderer compares environment values by identity, so the same source keeps the views below
/// skippable (a struct holding a class compares as different every render).
public final class RandomColorSource {
    /// The room's source the colours are drawn from.
    public let random: RandomSource

    /// Colours drawn from `random` (the room's source; seed it for reproducible runs).
    public init(random: RandomSource = RandomSource()) {
        self.random = random
    }

    /// Reproducible colours.
    public convenience init(seed: UInt64) {
        self.init(random: RandomSource(seed: seed))
    }

    /// The brightest a channel may be: the screens write white text on the colour, and with every channel at most
    /// this, white on it has a contrast of at least 4.5:1 (WCAG AA for text of any size).
    public static let brightestChannel = 0.46

    /// A random opaque colour, each channel in 0…``brightestChannel``.
    public func callAsFunction() -> Color {
        let channel = 0...Self.brightestChannel
        return Color(red: random.double(in: channel), green: random.double(in: channel), blue: random.double(in: channel))
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
