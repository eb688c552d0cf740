import PlaygroundUI

/// An app's teaching layer: its flow strip and its trace, rendered whole for the page and a resync, and as
/// small patches (the rows and strip that changed) for each event. Lives in the room's isolation.
public final class Teaching<Stage: FlowStage> {
    /// The architecture's flow, with the last event's path lit.
    public var flow: FlowStrip<Stage>
    /// The recent events.
    public let trace: Trace
    let traceID: String
    /// What the shown strip was drawn from (its stages never change), so an unchanged strip is not redrawn.
    private var shownFlow: (lit: Set<Stage>, caption: String)?

    /// The strip and trace of the app `appID`: fragments `<appID>-flow` and `<appID>-trace`.
    public init(appID: String, trace: Trace = Trace()) {
        self.flow = FlowStrip(id: "\(appID)-flow")
        self.traceID = "\(appID)-trace"
        self.trace = trace
    }
}

/// What a room asks of any app's teaching layer, whatever its stages.
public protocol TeachingFragments: AnyObject {
    /// Everything, for the page and a resync.
    func fragments() -> [Fragment]
    /// Only what changed since the last call: the strip if it differs, the whole trace or its changed rows.
    func patches() -> [Fragment]
    /// The trace, which the room completes with render times and patch sizes.
    var trace: Trace { get }
}

extension Teaching: TeachingFragments {
    public func fragments() -> [Fragment] {
        [Fragment(id: flow.id, html: flow.html()), Fragment(id: traceID, html: trace.html(id: traceID))]
    }

    public func patches() -> [Fragment] {
        var patches: [Fragment] = []
        if shownFlow?.lit != flow.lit || shownFlow?.caption != flow.caption {
            shownFlow = (flow.lit, flow.caption)
            patches.append(Fragment(id: flow.id, html: flow.html()))
        }
        let changes = trace.takeChanges()
        if changes.wholeTable {
            patches.append(Fragment(id: traceID, html: trace.html(id: traceID)))
        } else if !changes.rows.isEmpty {
            patches.append(Fragment(id: "\(traceID)-rows", html: trace.rowsPatchHTML(changes.rows, traceID: traceID)))
        }
        return patches
    }
}
