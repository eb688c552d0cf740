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

extension MVIRouterHost {
    /// `setPitfall`: the runtime runs the article's code for the named pitfall (on) or its fix (off); a trace row and
    /// the flow's caption say which. The room's switches are `switches`.
    public func setPitfall(_ on: Bool, pitfall name: String?, switches: PitfallSwitches, from source: EventSource) {
        let pitfall = switches.set(on, pitfall: name)
        if let switched = RouterPitfall(pitfallName: pitfall.name) { pitfalls.set(switched, on: on) }
        teaching.trace.record(source: source, event: "setPitfall \(pitfall.name) on: \(on)", became: [switches.caption(pitfall, on: on)])
        teaching.flow.describe(switches.caption(pitfall, on: on))
    }

    /// `/state`'s `pitfalls`: each switch and how often its bug bit.
    public func pitfallCounts(_ switches: PitfallSwitches) -> [PitfallCount] {
        switches.states.map { state in
            PitfallCount(name: state.name, on: state.on, bites: RouterPitfall(pitfallName: state.name).map(pitfalls.bites(of:)) ?? 0)
        }
    }

    /// Each pitfall's bites by name, for a checkpoint.
    public var pitfallBites: [String: Int] {
        Dictionary(uniqueKeysWithValues: RouterPitfall.allCases.map { (Pitfall.hyphenated($0.rawValue), pitfalls.bites(of: $0)) })
    }

    /// A checkpoint's switches and bites, restored.
    public func restorePitfalls(_ switches: PitfallSwitches, onNames: [String], bites: [String: Int]) {
        switches.restore(onNames: onNames)
        for pitfall in RouterPitfall.allCases {
            let name = Pitfall.hyphenated(pitfall.rawValue)
            pitfalls.set(pitfall, on: switches.isOn(name))
            pitfalls.restore(bites: bites[name] ?? 0, of: pitfall)
        }
    }
}
