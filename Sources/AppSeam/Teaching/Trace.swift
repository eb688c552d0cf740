import RoomServices

/// The last events of one pane: where each came from, what it became, and what it cost.
///
/// A room-isolated reference: the pane records an entry when it handles an event, the room
/// completes it with the render time and bytes once the patch is built.
public final class Trace {
    /// One handled event.
    public struct Entry: Equatable, Sendable {
        public let number: Int
        public let source: EventSource
        public let event: String
        /// What the architecture turned it into (actions, intents, updater calls, notifications).
        public var became: [String]
        public var renderMicroseconds: Int?
        public var bytes: Int?
        /// Steps past ``Trace/maxSteps``, counted so memory stays bounded.
        public var omittedSteps = 0
        /// The room's journal step this event is (its row links to the room as it was after it).
        public var step: Int?
        /// The stages it passed, in the order they ran, as the runtime reported them (later ones included).
        public var stages: [StageRecord] = []
        /// What it changed in the app's snapshot, one line per changed value (later changes included).
        public var changes: [String] = []
    }

    /// Where a row's step links to (`/rooms/ID?at=`), set by the room; nil: rows do not link.
    public var stepLink: String?
    /// Where a row's step-through is (`/rooms/ID/apps/APP/steps/`), set by the room; nil: rows have none.
    public var stepThroughLink: String?
    /// The journal step the next recorded event will be, set by the room around an input.
    public var nextStep: Int?

    public let capacity: Int
    public private(set) var entries: [Entry] = []
    private var nextNumber = 1
    /// Entries changed since the last ``takeChanges()``, and whether rows were removed or the table appeared.
    private var changedNumbers: Set<Int> = []
    private var structureChanged = true
    /// What the tabs hold of each row, by number: a row that grew (an effect's answer, its first stage) is patched
    /// with what it gained, not sent again whole.
    private var shown: [Int: Shown] = [:]

    /// How much of a row the tabs were sent.
    struct Shown: Equatable {
        var became: Int
        var omittedSteps: Int
        var changes: Int
        var linked: Bool
        var costed: Bool

        init(_ entry: Entry, linked: Bool) {
            became = entry.became.count
            omittedSteps = entry.omittedSteps
            changes = entry.changes.count
            self.linked = linked
            costed = entry.renderMicroseconds != nil && entry.bytes != nil
        }
    }

    public init(capacity: Int = 20) {
        precondition(capacity > 0, "a trace must hold something")
        self.capacity = capacity
    }

    /// Records a new event (newest first); the oldest beyond `capacity` is forgotten.
    public func record(source: EventSource, event: String, became: [String]) {
        // The oldest goes first, so the insert moves the rows within the array's room instead of growing it.
        if entries.count >= capacity { entries.removeLast(entries.count - capacity + 1) }
        entries.insert(Entry(number: nextNumber, source: source, event: event, became: became, step: nextStep, stages: stagesWaiting), at: 0)
        stagesWaiting = []
        if let openStep {
            entryByStep[openStep] = nextNumber
            if entryByStep.count > capacity, let oldest = entryByStep.keys.min() { entryByStep[oldest] = nil }
        }
        changedNumbers.insert(nextNumber)
        nextNumber += 1
    }

    /// Most stages one entry keeps (a runaway loop of deliveries must not grow a row without bound).
    public static let maxStages = 32

    /// The stage step (``StageContext/step``) the app is handling now; stages reported in it wait for its row.
    var openStep: Int?
    private var stagesWaiting: [StageRecord] = []
    /// Which row each recent stage step became, so a later stage (an effect's answer) joins its row.
    private var entryByStep: [Int: Int] = [:]

    /// Files a stage under the row of `step`: the row recorded in that step, or the next one it records.
    func add(_ stage: StageRecord, step: Int) {
        if let number = entryByStep[step] {
            guard let index = entries.firstIndex(where: { $0.number == number }), entries[index].stages.count < Self.maxStages else { return }
            // The row shows its stages only as its Step ▶ link: it is drawn again when the first one comes.
            if entries[index].stages.isEmpty { changedNumbers.insert(number) }
            entries[index].stages.append(stage)
        } else if step == openStep, stagesWaiting.count < Self.maxStages {
            stagesWaiting.append(stage)
        }
    }

    /// The row stage step `step` recorded, if it is still shown.
    public func entry(ofStep step: Int) -> Entry? {
        entryByStep[step].flatMap { number in entries.first { $0.number == number } }
    }

    /// The step's stages that no row took (its input recorded none): dropped when the step ends.
    func closeStep() {
        openStep = nil
        stagesWaiting = []
    }

    /// The number the next row gets.
    public var nextEntryNumber: Int { nextNumber }

    /// Shows `entries` (newest first) instead, numbering on from `nextNumber` (a room restored from its snapshot).
    public func replaceEntries(_ entries: [Entry], nextNumber: Int) {
        self.entries = entries
        self.nextNumber = max(nextNumber, (entries.map(\.number).max() ?? 0) + 1)
        structureChanged = true
    }

    /// Forgets the newest entry (an event that was refused after all).
    public func removeNewest() {
        if !entries.isEmpty { entries.removeFirst() }
        structureChanged = true
    }

    /// Most steps one entry keeps; later ones are counted, not stored.
    public static let maxSteps = 16

    /// Adds a step to the newest entry (e.g. an updater call that happened later).
    public func appendStep(_ step: String) {
        guard !entries.isEmpty else { return }
        changedNumbers.insert(entries[0].number)
        if entries[0].became.count < Self.maxSteps {
            entries[0].became.append(step)
        } else {
            entries[0].omittedSteps += 1
        }
    }

    /// What a later re-render of the newest entry adds to its steps: where it happened, not what it cost.
    public static let rerenderedStep = "re-rendered (counted in render and patch)"

    /// Most lines of snapshot changes one entry keeps.
    public static let maxChanges = 12

    /// Adds a render to the row of stage step `step` (the work of an effect or a turn reports its own step), or to the
    /// newest row: its render time and patch size, and what it changed in the app's snapshot. A later re-render of
    /// the same row (an asynchronous answer) adds to them, and marks where it happened as a step. The figures have
    /// one place, the row's detail: a step that said "0 B patched" beside a patch column of 20 KB read as a
    /// contradiction.
    public func complete(renderTime: Duration, bytes: Int, changes: [String] = [], step: Int? = nil) {
        let index = step.flatMap { step in entryByStep[step].flatMap { number in entries.firstIndex { $0.number == number } } } ?? 0
        guard entries.indices.contains(index) else { return }
        let (seconds, attoseconds) = renderTime.components
        let microseconds = Int(seconds) * 1_000_000 + Int(attoseconds / 1_000_000_000_000)
        changedNumbers.insert(entries[index].number)
        entries[index].changes.append(contentsOf: changes.prefix(max(0, Self.maxChanges - entries[index].changes.count)))
        if entries[index].renderMicroseconds == nil {
            entries[index].renderMicroseconds = microseconds
            entries[index].bytes = bytes
        } else {
            entries[index].renderMicroseconds? += microseconds
            entries[index].bytes = (entries[index].bytes ?? 0) + bytes
            if entries[index].became.count < Self.maxSteps {
                entries[index].became.append(Self.rerenderedStep)
            } else {
                entries[index].omittedSteps += 1
            }
        }
    }

    /// What changed since the last call: the whole table, or just the rows that are new or changed, each with what the
    /// tabs were sent of it before (nil: a new row).
    func takeChanges() -> (wholeTable: Bool, rows: [(entry: Entry, shown: Shown?)]) {
        let whole = structureChanged
        let rows = entries.filter { changedNumbers.contains($0.number) }.map { ($0, shown[$0.number]) }
        if whole { shown = [:] }
        for entry in whole ? entries : rows.map(\.0) { shown[entry.number] = Shown(entry, linked: isLinked(entry)) }
        // Past capacity by a row or two (the oldest went): those are removed in place, not the table rebuilt.
        if shown.count > capacity {
            for number in Array(shown.keys) where !entries.contains(where: { $0.number == number }) { shown[number] = nil }
        }
        changedNumbers.removeAll()
        structureChanged = false
        return (whole, rows)
    }

    /// Whether a row shows its Step ▶ link.
    func isLinked(_ entry: Entry) -> Bool { stepThroughLink != nil && entry.step != nil && !entry.stages.isEmpty }
}
