import AppSeam

extension NicePitfall {
    /// The short words the trace marks a bite with.
    private var bites: String {
        switch self {
        case .listCacheNeverHits: "cache missed"
        case .favouritesKeptInRows: "favourites lost"
        case .unboundTaskApplies: "stale answer shown"
        }
    }

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
