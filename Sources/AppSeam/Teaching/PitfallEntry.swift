/// What the pane and the README say about one pitfall of a runtime that has several (NiceArchitecture's, the
/// Router's): the article's line, what goes wrong, the runtime's fix and where it is (a path in this repository and
/// its lines, for the source panel), how to see the bug here, and what its count of bites counts.
public struct PitfallEntry<Case: Sendable & Equatable>: Sendable, Equatable {
    public let pitfall: Case
    public let title: String
    /// One line of the seed, quoted.
    public let articleCode: String
    public let whatGoesWrong: String
    public let fix: String
    public let fixFile: String
    public let fixLines: ClosedRange<Int>
    public let howToSee: String
    /// What the runtime's count of bites counts for it.
    public let counted: String

    public init(
        pitfall: Case, title: String, articleCode: String, whatGoesWrong: String, fix: String, fixFile: String, fixLines: ClosedRange<Int>,
        howToSee: String, counted: String
    ) {
        (self.pitfall, self.title, self.articleCode, self.whatGoesWrong, self.fix) = (pitfall, title, articleCode, whatGoesWrong, fix)
        (self.fixFile, self.fixLines, self.howToSee, self.counted) = (fixFile, fixLines, howToSee, counted)
    }
}

/// A runtime's pitfalls as an enum whose cases name them (`favouritesKeptInRows` is `setPitfall`'s
/// `favourites-kept-in-rows`): each case's ``PitfallEntry`` and the short words the trace marks its bite with.
public protocol RuntimePitfall: RawRepresentable<String>, CaseIterable, Sendable, Equatable {
    /// Every pitfall, in the order of `allCases`.
    static var catalogue: [PitfallEntry<Self>] { get }
    /// The short words the trace marks a bite with (`cache missed`).
    var bites: String { get }
}

extension RuntimePitfall {
    /// This pitfall's entry of ``catalogue``.
    public var entry: PitfallEntry<Self> { Self.catalogue.first { $0.pitfall == self }! }

    /// The pitfall as the room's switch shows it (`setPitfall`'s `pitfall` is ``Pitfall/name``); `sampleModule` names
    /// the module of a fix that lives in the sample.
    public func pitfall(sampleModule: String) -> Pitfall {
        let entry = self.entry
        return Pitfall(
            name: Pitfall.hyphenated(rawValue), articleCode: entry.articleCode, goesWrong: entry.whatGoesWrong, fix: entry.fix,
            fixFile: Pitfall.fileID(entry.fixFile, sampleModule: sampleModule), fixLines: entry.fixLines, bites: bites)
    }

    /// The case `setPitfall` names.
    public init?(pitfallName: String) {
        guard let found = Self.allCases.first(where: { Pitfall.hyphenated($0.rawValue) == pitfallName }) else { return nil }
        self = found
    }
}
