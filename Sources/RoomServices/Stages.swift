/// One box of an architecture's flow strip, as its runtime declares them: a `CaseIterable` enum, in the seed's order.
///
/// ```swift
/// public enum EVStage: FlowStage {
///     case eventSubject, actionsByEvent, action
///     public var name: String { … }     // "eventSubject"
///     public var detail: String { … }   // ".send(event)"
/// }
/// ```
public protocol FlowStage: CaseIterable, Hashable, Sendable {
    /// The box's title, e.g. "eventSubject".
    var name: String { get }
    /// A line under it, e.g. ".send(event)".
    var detail: String { get }
}

/// One stage an event passed through, reported by the runtime where it happened: the concrete call and the source
/// line that made it (the caller's line, for a call the article's code makes).
public struct StageRecord: Codable, Sendable, Equatable {
    /// The stage's name in its strip ("eventSubject").
    public var stage: String
    /// Its place in the strip (0-based).
    public var place: Int
    /// What ran, e.g. `eventSubject.send(.changeBothSidesColors)`.
    public var call: String
    /// `#fileID` of the line that ran it: `Module/File.swift`.
    public var file: String
    /// The line range in `file` (first and last, 1-based).
    public var lines: ClosedRange<Int>
    /// It ran after the input returned (an effect's answer, one turn later), not inside it.
    public var later: Bool

    public init(stage: String, place: Int, call: String, file: String, lines: ClosedRange<Int>, later: Bool) {
        (self.stage, self.place, self.call, self.file, self.lines, self.later) = (stage, place, call, file, lines, later)
    }
}

/// Where an app's stage records go: its teaching layer, which files each under the step that started it.
public protocol StageSink: AnyObject {
    /// Files `record` under the step numbered `step` by ``StageContext``.
    func receive(_ record: StageRecord, step: Int)
}

/// The step being worked on and where its stages go; carried into the work it starts (effects, turns), which then
/// reports its stages as `later`.
public struct StageContext: Sendable {
    @usableFromInline let sink: RoomBound<any StageSink>
    /// The sink's own number for the step (not the room's journal step).
    public let step: Int
    /// Work that runs after the input returned.
    public let later: Bool

    public init(sink: any StageSink, isolation: any Actor, step: Int) {
        self.init(sink: RoomBound(sink, isolation: isolation), step: step, later: false)
    }

    private init(sink: RoomBound<any StageSink>, step: Int, later: Bool) {
        (self.sink, self.step, self.later) = (sink, step, later)
    }

    /// Whether the step's stages go to `sink` (read on the room's executor).
    public func reports(to sink: AnyObject) -> Bool { self.sink.value === sink }

    /// The same step, for work that runs after the input returned.
    public var carriedLater: StageContext { StageContext(sink: sink, step: step, later: true) }
}

/// How a runtime reports a stage where it happens. Nothing is recorded outside an app's step (a runtime used on its
/// own, a test without a room), and the call's text is not even built then.
///
/// ```swift
/// public func trigger(_ action: Action, file: StaticString = #fileID, line: UInt = #line) {
///     Stages.record(VVSIStage.trigger, "viewState.trigger(.\(action))", file: file, line: line)
///     …
/// }
/// ```
public enum Stages {
    /// The step being worked on, bound by the app's host around an input and carried by ``Effects`` and ``Turns``.
    @TaskLocal public static var current: StageContext?

    /// Records that `stage` ran `call` at `file`:`line` (to `lastLine` when the call spans lines). Inlinable: each
    /// runtime's calls are specialised for its own stage enum (finding the stage's place unspecialised cost more than
    /// the rest of the report).
    @inlinable
    public static func record<Stage: FlowStage>(
        _ stage: Stage, _ call: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line, lastLine: UInt? = nil
    ) {
        guard let context = current else { return }
        let place = Stage.allCases.firstIndex(of: stage).map { Stage.allCases.distance(from: Stage.allCases.startIndex, to: $0) } ?? 0
        let first = Int(line)
        let record = StageRecord(
            stage: stage.name, place: place, call: call(), file: "\(file)", lines: first...max(first, Int(lastLine ?? line)),
            later: context.later)
        context.sink.value.receive(record, step: context.step)
    }

    /// Runs `work` with `context` as the current step (nil: outside any step).
    public static func with<Value, Failure: Error>(_ context: StageContext?, _ work: () throws(Failure) -> Value) throws(Failure) -> Value {
        var result: Result<Value, Failure>?
        $current.withValue(context) { result = Result(catching: work) }
        return try result!.get()
    }
}
