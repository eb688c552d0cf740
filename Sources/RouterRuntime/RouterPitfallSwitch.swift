import AppSeam

extension RouterPitfall {
    /// The short words the trace marks a bite with.
    public var bites: String {
        switch self {
        case .defaultObjectWillChange: "notice reached nobody"
        case .screenKeyedByPosition: "old screen kept"
        }
    }

    /// Every pitfall as a room's switches show them, declared once for every app on this runtime (both fixes are the
    /// runtime's own files).
    public static let pitfalls: [Pitfall] = allCases.map { $0.pitfall(sampleModule: "RouterRuntime") }
}

extension RouterPitfalls: PitfallTally {}

extension MVIRouterHost {
    /// `setPitfall`: the runtime runs the article's code for the named pitfall (on) or its fix (off); a trace row and
    /// the flow's caption say which. The room's switches are `switches`.
    public func setPitfall(_ on: Bool, pitfall name: String?, switches: PitfallSwitches, from source: EventSource) {
        let pitfall = teaching.recordPitfallSwitch(on, pitfall: name, switches: switches, from: source)
        if let switched = RouterPitfall(pitfallName: pitfall.name) { pitfalls.set(switched, on: on) }
    }

    // What the room does with its switches is AppSeam's (``PitfallTally``), for the samples under the names they use.
    public func pitfallCounts(_ switches: PitfallSwitches) -> [PitfallCount] { pitfalls.counts(switches) }
    public var pitfallBites: [String: Int] { pitfalls.bitesByName }
    public func restorePitfalls(_ switches: PitfallSwitches, onNames: [String], bites: [String: Int]) {
        pitfalls.restore(switches, onNames: onNames, bites: bites)
    }
}
