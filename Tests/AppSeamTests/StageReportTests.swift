import AppSeam
import Foundation
import PlaygroundTesting
import PlaygroundUI
import RoomServices
import Testing

/// Stages reported where they run go to the row of the step that started them, in order; what an effect's answer or
/// a later turn reports joins that row as `later`; nothing is recorded outside a step.
@MainActor
@Suite struct StageReportTests {
    enum Stage: FlowStage {
        case send, turn, answer, unused
        var name: String { "\(self)" }
        var detail: String { "" }
    }

    struct Empty: View {
        var body: some View { Text("") }
    }

    final class App: ViewHostedApp {
        enum Input: AppInput, Codable {
            case go(number: Int)
            static let examples: [(label: String, input: Input)] = [("Go", .go(number: 1))]
        }
        struct Snapshot: Encodable {}

        static let about = AppAbout(id: "stages", title: "Stages", summary: "", sampleFolder: "Stages", articleFiles: [])
        let teaching = Teaching<Stage>(appID: "stages")
        let host = ViewHost(Empty())
        let services: AppServices
        static let sendLine = #line + 6

        init(services: AppServices) { self.services = services }

        func handle(_ input: Input, from source: EventSource) throws(AppError) {
            guard case .go(let number) = input else { return }
            Stages.record(Stage.send, "send(\(number))")
            teaching.trace.record(source: source, event: "go \(number)", became: [])
            services.effects.run("work") { number } then: { _ in Stages.record(Stage.answer, "answer(\(number))") }
            services.turns.later { Stages.record(Stage.turn, "turn(\(number))") }
        }

        var snapshot: Snapshot { Snapshot() }
    }

    let effects = Effects(isolation: MainActor.shared, mode: .replay)
    let turns = Turns(isolation: MainActor.shared)

    func make() -> AnyHostedApp {
        AppRegistration.app(App.self).make(
            AppServices(
                isolation: MainActor.shared, randomSeed: 1, changed: {}, ownBaseURL: "", values: .init(), effects: effects, turns: turns))
    }

    func calls(_ entry: Trace.Entry?) -> [String] { (entry?.stages ?? []).map { "\($0.call)\($0.later ? " later" : "")" } }

    @Test func stagesJoinTheRowOfTheStepThatStartedThem() throws {
        let app = make()
        let teaching = try #require(app.teaching as? Teaching<Stage>)
        let registry = AppRegistry([.app(App.self)])
        try app.handle(registry.decode(app: "stages", event: "go", arguments: ["number": .integer(1)]), from: .http)
        #expect(calls(teaching.trace.entries.first) == ["send(1)"], "only what ran inside the input so far")
        #expect(teaching.flow.lit == [.send])

        turns.drain()
        try app.handle(registry.decode(app: "stages", event: "go", arguments: ["number": .integer(2)]), from: .http)
        #expect(effects.complete(EffectOutcome(effect: 1, label: "work", value: "1", error: nil, errorDetail: nil)))

        let rows = teaching.trace.entries
        #expect(rows.count == 2)
        #expect(calls(rows.last) == ["send(1)", "turn(1) later", "answer(1) later"], "the first input's later stages joined its row")
        #expect(calls(rows.first) == ["send(2)"])
        #expect(teaching.flow.path.map(\.call) == ["send(2)"], "an older step's answer leaves the newest path alone")
        #expect(!teaching.flow.lit.contains(.unused), "a stage that did not run stays dark")

        let send = try #require(rows.first?.stages.first)
        #expect(send.file == "AppSeamTests/StageReportTests.swift" && send.lines == App.sendLine...App.sendLine, "the line that ran it")
        #expect(send.place == 0 && send.stage == "send")
        #expect(StageSources.problem(with: send) == nil, "its line contains the call")
        var elsewhere = send
        elsewhere.lines = 1...1
        #expect(StageSources.problem(with: elsewhere) != nil, "a line without the call is caught")
    }

    @Test func nothingIsRecordedOutsideAStep() throws {
        let app = make()
        let teaching = try #require(app.teaching as? Teaching<Stage>)
        Stages.record(Stage.send, "outside")
        teaching.trace.record(source: .http, event: "by hand", became: [])
        #expect(teaching.trace.entries.first?.stages == [])
        #expect(teaching.flow.path.isEmpty)
    }

    @Test func aRestoredPathIsCutToWhatAStripShows() throws {
        let app = make()
        let teaching = try #require(app.teaching as? Teaching<Stage>)
        let registry = AppRegistry([.app(App.self)])
        try app.handle(registry.decode(app: "stages", event: "go", arguments: ["number": .integer(7)]), from: .http)
        let saved = teaching.checkpoint()
        let copy = try #require(make().teaching as? Teaching<Stage>)
        copy.restore(saved)
        #expect(copy.flow.path == teaching.flow.path && copy.trace.entries.first?.stages == teaching.trace.entries.first?.stages)

        let huge = StageRecord(stage: "x", place: 99, call: String(repeating: "a", count: 5_000), file: "f", lines: 5...999_999, later: false)
        var text = try String(decoding: JSONEncoder().encode(saved), as: UTF8.self)
        let record = try String(decoding: JSONEncoder().encode(huge), as: UTF8.self)
        text = text.replacingOccurrences(of: "\"path\":[", with: "\"path\":[\(record),")
        let hostile = try JSONDecoder().decode(TeachingCheckpoint.self, from: Data(text.utf8))
        copy.restore(hostile)
        let cut = try #require(copy.flow.path.first)
        #expect(cut.call.count <= 201 && cut.place == Stage.allCases.count - 1 && cut.lines == 5...1_005)
    }
}
