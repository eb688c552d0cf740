import PlaygroundUI

/// A pane's teaching layer: its flow strip and its trace, rendered whole for the page and a resync, and
/// as small patches (the rows and strip that changed) for each event.
final class Teaching {
    /// The architecture's flow, with the last event's path lit.
    var flow: FlowStrip
    /// The recent events.
    let trace: Trace
    let traceID: String
    /// What the shown strip was drawn from (its stages never change), so an unchanged strip is not redrawn.
    private var shownFlow: (lit: Set<Int>, caption: String)?

    init(flow: FlowStrip, traceID: String, trace: Trace = Trace()) {
        self.flow = flow
        self.traceID = traceID
        self.trace = trace
    }

    /// Everything, for the page and a resync.
    func fragments() -> [Fragment] {
        [Fragment(id: flow.id, html: flow.html()), Fragment(id: traceID, html: trace.html(id: traceID))]
    }

    /// Only what changed since the last call: the strip if it differs, the whole trace or its changed rows.
    func patches() -> [Fragment] {
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
