import AppSeam

extension Pitfall {
    /// VVSI's pitfall, declared once for every VVSI app: the article's `trigger` runs every action at once, so an
    /// action's check of the state and its update can interleave with another's. An app switches it with
    /// ``ViewStateHost/setPitfall(_:pitfall:switches:from:)``.
    public static let unserialisedActions = Pitfall(
        name: "unserialised-actions",
        articleCode: "trigger(_:) calls interactor.execute at once for every action; add checks `await state().items.count < 5` in its own task",
        goesWrong: "concurrent Adds all read fewer than 5 items before any appends, so the list passes its cap of 5",
        fix: "ViewState runs one action at a time: the next queued action starts only once the running one has released its state and updater",
        fixFile: "VVSIRuntime/ViewState.swift", fixLines: 156...166, bites: "cap exceeded")
}

extension ViewStateHost {
    /// `setPitfall` for ``Pitfall/unserialisedActions``: `trigger` runs the article's way (every action at once) or the
    /// fix's (one at a time); a trace row and the flow's caption say which. The room's switches are `switches`.
    public func setPitfall(_ on: Bool, pitfall name: String? = nil, switches: PitfallSwitches, from source: EventSource) {
        viewState.runsActionsAtOnce = on
        teaching.recordPitfallSwitch(
            on, pitfall: name, switches: switches, from: source,
            became: on ? "trigger runs every action at once (the article's)" : "trigger queues actions (the fix)")
    }

    /// A checkpoint's switches, restored.
    public func restorePitfall(_ switches: PitfallSwitches, onNames: [String]) {
        switches.restore(onNames: onNames)
        viewState.runsActionsAtOnce = switches.isOn()
    }
}

extension ViewStateHost {
    /// Gives the app the room's switches for `pitfalls`: the pane's toggle and a `setPitfall` input both reach
    /// ``setPitfall(_:pitfall:switches:from:)``, `/state` and the checkpoint show them. `bites` marks the trace's step
    /// where the bug bites, for a state change (nil where it does not).
    public func switches(_ pitfalls: [Pitfall], bites: @escaping (_ before: Interactor.S, _ after: Interactor.S) -> String?) {
        let switches = PitfallSwitches(pitfalls)
        switches.switched = { [weak self, unowned switches] on, name in
            self?.setPitfall(on, pitfall: name, switches: switches, from: .browser)
        }
        (pitfallSwitches, self.bites) = (switches, bites)
    }
}
