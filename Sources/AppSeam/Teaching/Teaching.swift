import PlaygroundUI
import RoomServices

/// An app's teaching layer: its flow strip and its trace, rendered whole for the page and a resync, and as
/// small patches (the rows and strip that changed) for each event. Lives in the room's isolation.
public final class Teaching<Stage: FlowStage> {
    /// The architecture's flow, with the last event's path lit.
    public var flow: FlowStrip<Stage>
    /// The recent events.
    public let trace: Trace
    let traceID: String
    /// What the shown strip was drawn from (its stages never change), so an unchanged strip is not redrawn.
    private var shownFlow: (lit: Set<Stage>, caption: String, path: [StageRecord])?
    /// The last stage step begun (``beginStep(isolation:)``).
    private var stageStep = 0
    /// The stages that ran inside it, by name, for its journal entry.
    private var stepStageNames: [String] = []

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
    /// Only what changed since the last call: the strip's lit stages and caption if they differ, the whole trace or its
    /// changed rows.
    func patches() -> [Fragment]
    /// The trace, which the room completes with render times and patch sizes.
    var trace: Trace { get }
    /// The strip's stages in order: their names and the line under each.
    var stages: [(name: String, detail: String)] { get }
    /// Starts a step (an input or a press): the stages reported until ``endStep()``, and those of the work it starts,
    /// go to the strip and to the row the step records.
    func beginStep(isolation: any Actor) -> StageContext
    func endStep()
    /// What the last step did, for its journal entry: the event its row names (a press is named as its curl twin is)
    /// and the stages that ran inside it, in order.
    func lastStep() -> (event: String?, stages: [String])
    /// The trace and the flow strip, for a room's snapshot.
    func checkpoint() -> TeachingCheckpoint
    func restore(_ checkpoint: TeachingCheckpoint, firstStep: Int)
}

extension Teaching: TeachingFragments {
    public var stages: [(name: String, detail: String)] { Stage.allCases.map { ($0.name, $0.detail) } }

    public func fragments() -> [Fragment] {
        [Fragment(id: flow.id, html: flow.html()), Fragment(id: traceID, html: trace.html(id: traceID))]
    }

    public func patches() -> [Fragment] {
        var patches: [Fragment] = []
        // Equal non-empty paths light the same places: the lit set (built from the stages) is compared only without one.
        let flowChanged = shownFlow.map { $0.path != flow.path || $0.caption != flow.caption || (flow.path.isEmpty && $0.lit != flow.lit) } ?? true
        if flowChanged {
            // A path that only grew (a later stage) sends the new items; the tab keeps the ones it has.
            let shown = shownFlow?.path ?? []
            let from = !shown.isEmpty && flow.path.starts(with: shown) ? shown.count : 0
            // The caption goes only when it changed (a later stage of the same step keeps it).
            let caption = shownFlow?.caption != flow.caption
            shownFlow = (flow.lit, flow.caption, flow.path)
            patches.append(Fragment(id: flow.id, html: flow.litPatchHTML(from: from, caption: caption)))
        }
        let changes = trace.takeChanges()
        if changes.wholeTable {
            patches.append(Fragment(id: traceID, html: trace.html(id: traceID)))
        } else if !changes.rows.isEmpty {
            // The strip as the tabs show it once its patch above is applied: a row's line may name its calls and caption.
            let rows = trace.rowsPatchHTML(changes.rows, traceID: traceID, calls: flow.path.map(\.call), caption: flow.caption, inStrip: flowChanged)
            if flowChanged, let lit = patches.indices.last {
                // Inside the strip's patch, which the script applies first (one carrier, not two).
                patches[lit].html.removeLast("</template>".utf8.count)
                patches[lit].html += rows
                patches[lit].html += "</template>"
            } else {
                patches.append(Fragment(id: "\(traceID)-rows", html: rows))
            }
        }
        return patches
    }
}

extension Teaching: StageSink {
    public func beginStep(isolation: any Actor) -> StageContext {
        stageStep += 1
        stepStageNames = []
        trace.openStep = stageStep
        flow.begin(step: stageStep)
        return StageContext(sink: self, isolation: isolation, step: stageStep)
    }

    public func endStep() { trace.closeStep() }

    public func lastStep() -> (event: String?, stages: [String]) {
        (trace.entry(ofStep: stageStep)?.event, stepStageNames)
    }

    public func receive(_ record: StageRecord, step: Int) {
        if step == stageStep, !record.later, stepStageNames.count < Trace.maxStages { stepStageNames.append(record.stage) }
        trace.add(record, step: step)
        flow.add(record, step: step)
    }
}

/// The teaching layer written down with a checkpoint: the trace's rows and the flow strip as they were.
public struct TeachingCheckpoint: Codable, Sendable, Equatable {
    struct Row: Codable, Sendable, Equatable {
        var number: Int
        var source: String
        var event: String
        var became: [String]
        var renderMicroseconds: Int?
        var bytes: Int?
        var omittedSteps: Int
        var step: Int?
        var stages: [StageRecord]?
        var changes: [String]?
    }

    var rows: [Row]
    var nextNumber: Int
    /// The lit stages by their place in the strip.
    var lit: [Int]
    var caption: String
    /// The newest event's path (absent in snapshots written before stages were reported).
    var path: [StageRecord]?
}

extension Teaching {
    public func checkpoint() -> TeachingCheckpoint {
        let stages = Array(Stage.allCases)
        return TeachingCheckpoint(
            rows: trace.entries.map {
                .init(
                    number: $0.number, source: $0.source.rawValue, event: $0.event, became: $0.became, renderMicroseconds: $0.renderMicroseconds,
                    bytes: $0.bytes, omittedSteps: $0.omittedSteps, step: $0.step, stages: $0.stages.isEmpty ? nil : $0.stages,
                    changes: $0.changes.isEmpty ? nil : $0.changes)
            },
            nextNumber: trace.nextEntryNumber, lit: stages.indices.filter { flow.lit.contains(stages[$0]) }, caption: flow.caption,
            path: flow.path.isEmpty ? nil : flow.path)
    }

    /// Shows the trace and flow of `checkpoint` (rows past the trace's capacity and stages the strip lacks are left out;
    /// counters are kept far from overflowing, as an imported snapshot is a client's text). Rows of steps before
    /// `firstStep` (folded away) no longer link to them.
    public func restore(_ checkpoint: TeachingCheckpoint, firstStep: Int = 0) {
        let counter = { (value: Int) in min(max(value, 0), 1 << 40) }
        let stages = Array(Stage.allCases)
        let bounded = { (records: [StageRecord]?) in (records ?? []).prefix(Trace.maxStages).map { $0.bounded(places: stages.count) } }
        flow.show(
            bounded(checkpoint.path), guessed: Set(checkpoint.lit.filter { stages.indices.contains($0) }.map { stages[$0] }), caption: checkpoint.caption)
        trace.replaceEntries(
            checkpoint.rows.prefix(trace.capacity).map {
                Trace.Entry(
                    number: counter($0.number), source: EventSource(rawValue: $0.source) ?? .http, event: $0.event,
                    became: Array($0.became.prefix(Trace.maxSteps)), renderMicroseconds: $0.renderMicroseconds, bytes: $0.bytes,
                    omittedSteps: counter($0.omittedSteps), step: $0.step.flatMap { $0 >= firstStep ? $0 : nil }, stages: bounded($0.stages),
                    changes: ($0.changes ?? []).prefix(Trace.maxChanges).map { $0.count <= 200 ? $0 : String($0.prefix(200)) + "…" })
            }, nextNumber: counter(checkpoint.nextNumber))
    }
}

extension StageRecord {
    /// The record cut to what a strip can show: an imported snapshot is a client's text.
    func bounded(places: Int) -> StageRecord {
        let cut = { (text: String, limit: Int) in text.count <= limit ? text : String(text.prefix(limit)) + "…" }
        let first = min(max(lines.lowerBound, 1), 1 << 30)
        return StageRecord(
            stage: cut(stage, 60), place: min(max(place, 0), max(places - 1, 0)), call: cut(call, 200), file: cut(file, 200),
            lines: first...min(max(lines.upperBound, first), first + 1_000), later: later)
    }
}
