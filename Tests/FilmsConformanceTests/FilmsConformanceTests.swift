import AppSeam
import FilmsEV
import FilmsKit
import FilmsMVI
import FilmsNice
import FilmsRouter
import FilmsVVSI
import Foundation
import PlaygroundTesting
import Testing

/// The Films implementations the suite runs: adding one is a case here and a line in ``run(_:server:)``.
enum FilmsImplementation: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case ev, vvsi, mvi, nice, router

    var testDescription: String { rawValue }

    /// The `films` snapshot after each step of `scenario`, run against this implementation.
    func run(_ scenario: FilmsScenario, server: FilmsServer) async throws -> [FilmsState] {
        switch self {
        case .ev: try await runScenario(FilmsEVPlayground.self, scenario, server: server)
        case .vvsi: try await runScenario(FilmsVVSIPlayground.self, scenario, server: server)
        case .mvi: try await runScenario(FilmsMVIPlayground.self, scenario, server: server)
        case .nice: try await runScenario(FilmsNicePlayground.self, scenario, server: server)
        case .router: try await runScenario(FilmsRouterPlayground.self, scenario, server: server)
        }
    }
}

/// The Films spec run against every implementation, hosted as a room hosts it and fetching over real HTTP from the
/// playground's own film API: after every step, each must show the very same `films` snapshot.
@Suite("Films conformance")
struct FilmsConformanceTests {
    @Test(arguments: FilmsImplementation.allCases, FilmsScenario.all)
    func scenario(_ implementation: FilmsImplementation, _ scenario: FilmsScenario) async throws {
        let server = try await FilmsServer()
        let expected = scenario.steps(FilmsCatalogIDs(server.catalog)).map(\.expected)
        let seen = try await implementation.run(scenario, server: server)
        #expect(seen.count == expected.count)
        for (index, (seen, expected)) in zip(seen, expected).enumerated() {
            #expect(seen == expected, "step \(index + 1) of \(scenario.name)")
        }
    }
}

/// Runs a scenario's steps through an ``AppHarness`` with a ``TestClock`` (the injected latency passes when a step
/// says so), waiting after each until the app shows the expected snapshot and every request that is not asleep
/// has answered, then reading what it shows.
func runScenario<App: HostedApp>(_ type: App.Type, _ scenario: FilmsScenario, server: FilmsServer) async throws -> [FilmsState]
where App.Input == FilmsEvent {
    let clock = TestClock()
    var values = AppServiceValues()
    values[FilmsAPISettings.self] = FilmsAPISettings(baseURL: server.baseURL)
    let harness = AppHarness<App>(seed: 5, values: values, ownBaseURL: server.baseURL, clock: clock)
    await harness.draw()
    var seen: [FilmsState] = []
    for step in scenario.steps(FilmsCatalogIDs(server.catalog)) {
        switch step {
        case .send(let event, _):
            let fields = event.envelopeFields
            guard case .string(let name)? = fields.first?.value else { Issue.record("\(event) has no event name"); return seen }
            try await harness.input(name, Dictionary(uniqueKeysWithValues: fields.dropFirst().map { ($0.name, $0.value) }))
        case .advanceClock(let ms, _):
            // A request asleep on the injected latency wakes; one its architecture cancelled (a newer intent won) has
            // nothing left to wake, and the expected state says what must show either way.
            if await clock.waitForSleepers(1, timeout: .seconds(5)) { clock.advance(by: .milliseconds(ms)) }
        }
        let expected = step.expected
        _ = await harness.waitUntil(timeout: .seconds(10)) { films(of: $0.snapshotJSON) == expected }
        // Answers still on their way (not asleep on the clock) must arrive before the snapshot is read, so one
        // applied late is seen.
        _ = await harness.waitUntil(timeout: .seconds(10)) { $0.pendingEffects <= clock.sleeperCount }
        await harness.draw()
        seen.append(films(of: await harness.snapshotJSON) ?? FilmsState(query: "<no films object in the snapshot>"))
    }
    return seen
}

/// The `films` object of a snapshot's JSON.
func films(of snapshotJSON: String) -> FilmsState? {
    struct Snapshot: Decodable { let films: FilmsState }
    return try? JSONDecoder().decode(Snapshot.self, from: Data(snapshotJSON.utf8)).films
}
