/// A runtime's own record of its several pitfalls, over its catalogue (`Case`): which run the article's code, and
/// how often each has bitten (NiceRuntime's `NicePitfalls`, RouterRuntime's `RouterPitfalls`). What a room does with
/// it — `setPitfall`, `/state`'s `pitfalls`, a checkpoint's bites — is written once, here, for every such runtime.
public protocol PitfallTally: AnyObject {
    associatedtype Case: RuntimePitfall
    /// Switches `pitfall` on (the article's code) or off (the runtime's fix); the count of bites stays.
    func set(_ pitfall: Case, on: Bool)
    /// How many times `pitfall` has bitten in this room.
    func bites(of pitfall: Case) -> Int
    /// Sets the count of bites a checkpoint kept.
    func restore(bites count: Int, of pitfall: Case)
}

extension PitfallTally {
    /// `setPitfall`: the room's switch `name` (the only one when nil; the input was checked) and the runtime's own
    /// flag for it; returns the pitfall.
    @discardableResult
    public func set(_ on: Bool, pitfall name: String?, switches: PitfallSwitches) -> Pitfall {
        let pitfall = switches.set(on, pitfall: name)
        if let switched = Case(pitfallName: pitfall.name) { set(switched, on: on) }
        return pitfall
    }

    /// `/state`'s `pitfalls`: each switch and how often its bug bit.
    public func counts(_ switches: PitfallSwitches) -> [PitfallCount] {
        switches.states.map { state in
            PitfallCount(name: state.name, on: state.on, bites: Case(pitfallName: state.name).map(bites(of:)) ?? 0)
        }
    }

    /// Each pitfall's bites by name, for a checkpoint.
    public var bitesByName: [String: Int] {
        Dictionary(uniqueKeysWithValues: Case.allCases.map { (Pitfall.hyphenated($0.rawValue), bites(of: $0)) })
    }

    /// A checkpoint's switches and bites, restored.
    public func restore(_ switches: PitfallSwitches, onNames: [String], bites: [String: Int]) {
        switches.restore(onNames: onNames)
        for pitfall in Case.allCases {
            let name = Pitfall.hyphenated(pitfall.rawValue)
            set(pitfall, on: switches.isOn(name))
            restore(bites: bites[name] ?? 0, of: pitfall)
        }
    }
}

extension Teaching {
    /// `setPitfall` as a runtime's step records it: the room's switch set, a trace row saying what now runs (`became`,
    /// else the caption; the row names the pitfall when the app has several) and the flow's caption.
    @discardableResult
    public func recordPitfallSwitch(
        _ on: Bool, pitfall name: String?, switches: PitfallSwitches, from source: EventSource, became: String? = nil
    ) -> Pitfall {
        let pitfall = switches.set(on, pitfall: name)
        let caption = switches.caption(pitfall, on: on)
        let event = switches.pitfalls.count > 1 ? "setPitfall \(pitfall.name) on: \(on)" : "setPitfall on: \(on)"
        trace.record(source: source, event: event, became: [became ?? caption])
        flow.describe(caption)
        return pitfall
    }
}
