import AppSeam
import FilmsEV
import FilmsKit
import FilmsMVI
import FilmsNice
import FilmsRouter
import MVIRuntime
import NiceRuntime
import PlaygroundTesting
import PlaygroundUI
import RoomServices
import Testing

/// The Films apps' pitfall switches through the harness: the bug on versus off, a replayed history showing the same,
/// a checkpoint keeping the switch and its bites, and a switch refused by an app of another runtime.
@Suite("Films pitfalls")
struct FilmsPitfallTests {
    /// The "slow search overtaken" scenario: "a" waits 1 s, "star wars" answers at once, then the clock moves on.
    static func slowSearchOvertaken(_ harness: AppHarness<FilmsMVIPlayground>, _ clock: TestClock, on: Bool) async throws {
        try await harness.input("setPitfall", ["on": .boolean(on)])
        try await harness.input("setFaults", ["latencyMs": .integer(1_000), "failureRate": .number(0)])
        try await harness.input("search", ["query": .string("a")])
        #expect(await clock.waitForSleepers(1))
        try await harness.input("setFaults", ["latencyMs": .integer(0), "failureRate": .number(0)])
        try await harness.input("search", ["query": .string("star wars")])
        #expect(await harness.waitUntil { $0.app.snapshot.films.query == "star wars" && !$0.app.snapshot.films.loading })
        clock.advance(by: .seconds(1))
        #expect(await harness.waitUntil { !$0.app.viewModel.intents.isInFlight && $0.app.snapshot.staleAnswersShown == (on ? 1 : 0) })
    }

    @Test(arguments: [true, false])
    func mviEndsOnTheSlowSearchOnlyWithTheSwitchOn(on: Bool) async throws {
        let server = try await FilmsServer()
        let clock = TestClock()
        let harness = FilmsMVITests.harness(server, clock: clock)
        try await Self.slowSearchOvertaken(harness, clock, on: on)
        let snapshot = await harness.run { $0.app.snapshot }
        #expect(snapshot.films.query == "star wars")
        #expect(snapshot.films.resultIds == server.ids(on ? "a" : "star wars"))
        #expect(snapshot.pitfall == PitfallState(name: "stale-answer-wins", on: on))
        #expect(await harness.trace.contains { $0.became.contains { $0.hasPrefix("⚠ stale answer shown") } } == on)
    }

    @Test func filmsMVIKeepsItsSwitchAndItsStaleAnswersInItsCheckpoint() async throws {
        let server = try await FilmsServer()
        let clock = TestClock()
        let original = FilmsMVITests.harness(server, clock: clock)
        try await Self.slowSearchOvertaken(original, clock, on: true)
        let saved = try #require(await original.checkpoint())
        let copy = FilmsMVITests.harness(server, replaying: true)
        try await copy.restore(saved)
        #expect(await copy.snapshotJSON == original.snapshotJSON)
        #expect(await copy.checkpoint() == saved)
        #expect(await copy.run { $0.app.viewModel.intents.appliesEveryAnswer && $0.app.viewModel.filmIntents.appliesEveryAnswer })
        #expect(await copy.run { $0.app.snapshot.staleAnswersShown } == 1)
    }

    @Test func aSwitchForAnotherRuntimesPitfallIsRefused() async throws {
        let server = try await FilmsServer()
        let harness = FilmsMVITests.harness(server)
        let before = await harness.snapshotJSON
        for arguments: [String: EventArgument] in [
            ["on": .boolean(true), "pitfall": .string("leaked-subscription")], ["on": .string("true")], [:],
            ["on": .boolean(true), "extra": .integer(1)],
        ] {
            await #expect(throws: HarnessError.self, "\(arguments)") { try await harness.input("setPitfall", arguments) }
        }
        #expect(await harness.snapshotJSON == before)
        // Every Films app takes the one shared input; only its own runtime's names pass.
        #expect(throws: Never.self) { try Pitfall.check(FilmsEvent.setPitfall(on: true), for: FilmsEVPlayground.self) }
        #expect(throws: AppInputError.self) {
            try Pitfall.check(FilmsEvent.setPitfall(on: true, pitfall: "stale-answer-wins"), for: FilmsEVPlayground.self)
        }
        #expect(FilmsEVPlayground.pitfalls == [.leakedSubscription] && FilmsMVIPlayground.pitfalls == [.staleAnswerWins])
    }

    /// NiceArchitecture's `unbound-task-applies`: a film closed while it loads still applies its answer (a bite, and
    /// the trace's row) only with the switch on.
    @Test(arguments: [true, false])
    func niceAppliesAClosedFilmsAnswerOnlyWithTheSwitchOn(on: Bool) async throws {
        let server = try await FilmsServer()
        let clock = TestClock()
        var values = AppServiceValues()
        values[FilmsAPISettings.self] = FilmsAPISettings(baseURL: server.baseURL)
        let harness = AppHarness<FilmsNicePlayground>(seed: 5, values: values, ownBaseURL: server.baseURL, clock: clock)
        let ids = server.ids("alien")
        try await harness.input("setPitfall", ["on": .boolean(on)])
        try await harness.input("setFaults", ["latencyMs": .integer(1_000), "failureRate": .number(0)])
        try await harness.input("open", ["id": .integer(ids[0])])
        #expect(await clock.waitForSleepers(1))
        try await harness.input("back")
        clock.advance(by: .seconds(1))
        let bites = { (harness: AppHarness<FilmsNicePlayground>) async in await harness.run { $0.app.snapshot.pitfalls.first?.bites ?? -1 } }
        if on {
            #expect(await harness.waitUntil { $0.app.snapshot.pitfalls.first?.bites == 1 })
            #expect(await harness.trace.contains { $0.became.contains { $0.contains("stale answer shown") } })
        } else {
            try await harness.input("setFaults", ["latencyMs": .integer(0), "failureRate": .number(0)])
            #expect(await bites(harness) == 0)
        }
        #expect(await harness.run { $0.app.snapshot.pitfalls } == [PitfallCount(name: "unbound-task-applies", on: on, bites: on ? 1 : 0)])
        #expect(FilmsNicePlayground.pitfalls.map(\.name) == ["unbound-task-applies"])
    }

    /// The Router's `default-object-will-change`: the list's answer is not told to the view (a bite per lost notice)
    /// only with the switch on; `screen-keyed-by-position` is switched by name.
    @Test(arguments: [true, false])
    func routerLosesTheContainersNoticeOnlyWithTheSwitchOn(on: Bool) async throws {
        let server = try await FilmsServer()
        let harness = FilmsRouterTests.harness(server)
        try await harness.input("setPitfall", ["on": .boolean(on), "pitfall": .string("default-object-will-change")])
        try await harness.input("search", ["query": .string("alien")])
        #expect(await harness.waitUntil { $0.app.snapshot.films.resultIds == server.ids("alien") })
        let counts = await harness.run { $0.app.snapshot.pitfalls }
        #expect(counts.map(\.name) == ["default-object-will-change", "screen-keyed-by-position"])
        #expect(counts[0].on == on && counts[1].on == false)
        #expect((counts[0].bites > 0) == on, "\(counts)")
        #expect(await harness.trace.contains { $0.became.contains { $0.hasPrefix("pitfall defaultObjectWillChange") } } == on)
        // Several pitfalls: the name is needed.
        await #expect(throws: HarnessError.self) { try await harness.input("setPitfall", ["on": .boolean(true)]) }
        // The checkpoint keeps the switches and the bites, exactly: the restore's own notices are not bites (a copy
        // that counted them would not restore to the same state, and its room could never fold its history).
        let saved = try #require(await harness.checkpoint())
        let kept = await harness.run { $0.app.snapshot.pitfalls }
        let copy = FilmsRouterTests.harness(server, replaying: true)
        try await copy.restore(saved)
        let restored = await copy.run { $0.app.snapshot.pitfalls }
        #expect(restored.map(\.on) == kept.map(\.on), "\(restored) \(kept)")
        #expect(restored == kept, "\(restored) \(kept)")
        #expect(await copy.snapshotJSON == harness.snapshotJSON)
    }
}
