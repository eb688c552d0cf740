import AppSeam

extension NicePitfall {
    /// The short words the trace marks a bite with.
    public var bites: String {
        switch self {
        case .listCacheNeverHits: "cache missed"
        case .favouritesKeptInRows: "favourites lost"
        case .unboundTaskApplies: "stale answer shown"
        }
    }

    /// The pitfalls whose fix is the runtime's own (not a sample's file): what any app on this runtime can switch.
    public static let runtimePitfalls: [NicePitfall] = allCases.filter { $0.entry.fixFile.hasPrefix("Sources/") }

    /// `pitfalls` as a room's switches show them; `sampleModule` names the module of a fix that lives in the sample.
    public static func pitfalls(_ pitfalls: [NicePitfall] = allCases, sampleModule: String) -> [Pitfall] {
        pitfalls.map { $0.pitfall(sampleModule: sampleModule) }
    }
}

extension NicePitfalls: PitfallTally {}

extension NiceRoom {
    /// `setPitfall`: the runtime runs the article's code for the named pitfall (on) or its fix (off), as a step of
    /// its own whose trace row says which. The room's switches are `switches`.
    public func setPitfall(_ on: Bool, pitfall name: String?, switches: PitfallSwitches, from source: EventSource) {
        let pitfall = pitfalls.set(on, pitfall: name, switches: switches)
        step("setPitfall \(pitfall.name) on: \(on)", from: source) { teaching.trace.appendStep(switches.caption(pitfall, on: on)) }
    }

    // What the room does with its switches is AppSeam's (``PitfallTally``), for the samples under the names they use.
    public func pitfallCounts(_ switches: PitfallSwitches) -> [PitfallCount] { pitfalls.counts(switches) }
    public var pitfallBites: [String: Int] { pitfalls.bitesByName }
    public func restorePitfalls(_ switches: PitfallSwitches, onNames: [String], bites: [String: Int]) {
        pitfalls.restore(switches, onNames: onNames, bites: bites)
    }
}
