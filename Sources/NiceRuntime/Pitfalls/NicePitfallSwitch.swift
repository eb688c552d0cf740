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

extension NiceRoom {
    /// `setPitfall`: the runtime runs the article's code for the named pitfall (on) or its fix (off), as a step of
    /// its own whose trace row says which. The room's switches are `switches`.
    public func setPitfall(_ on: Bool, pitfall name: String?, switches: PitfallSwitches, from source: EventSource) {
        let pitfall = switches.set(on, pitfall: name)
        step("setPitfall \(pitfall.name) on: \(on)", from: source) {
            if let switched = NicePitfall(pitfallName: pitfall.name) { pitfalls.set(switched, on: on) }
            teaching.trace.appendStep(switches.caption(pitfall, on: on))
        }
    }

    /// `/state`'s `pitfalls`: each switch and how often its bug bit.
    public func pitfallCounts(_ switches: PitfallSwitches) -> [PitfallCount] {
        switches.states.map { state in
            PitfallCount(name: state.name, on: state.on, bites: NicePitfall(pitfallName: state.name).map(pitfalls.bites(of:)) ?? 0)
        }
    }

    /// Each pitfall's bites by name, for a checkpoint.
    public var pitfallBites: [String: Int] {
        Dictionary(uniqueKeysWithValues: NicePitfall.allCases.map { (Pitfall.hyphenated($0.rawValue), pitfalls.bites(of: $0)) })
    }

    /// A checkpoint's switches and bites, restored.
    public func restorePitfalls(_ switches: PitfallSwitches, onNames: [String], bites: [String: Int]) {
        switches.restore(onNames: onNames)
        for pitfall in NicePitfall.allCases {
            let name = Pitfall.hyphenated(pitfall.rawValue)
            pitfalls.set(pitfall, on: switches.isOn(name))
            pitfalls.restore(bites: bites[name] ?? 0, of: pitfall)
        }
    }
}
