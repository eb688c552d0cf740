import AppSeam
import Foundation
import PlaygroundTesting
import RoomServices
import StandardApps
import Testing

@testable import PlaygroundApp

/// `GET /rooms/{id}/export.swift` keeps `ScriptedSessionTests.swift` honest: a scripted session over HTTP that
/// touches every app it scripts is exported, given a fixed seed, imported, and exported as a Swift test, which must
/// be that file byte for byte. The room hosts the registry's apps the script drives (an app added to the registry
/// does not change the file; ``everyAppOfTheRegistryIsExported`` covers it). The file itself runs in this target (`make test`): the generator and its output
/// are checked together. `PLAYGROUND_RECORD_SESSION=1 swift test --filter SessionExportTests` rewrites it.
@Suite("A session exported as a Swift test")
struct SessionExportTests {
    static let generatedFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("ScriptedSessionTests.swift")

    /// The apps the script drives.
    static let scripted = ["ev", "vvsi", "mvi", "nice", "router"]

    @Test func theScriptedSessionRegeneratesTheCheckedInTest() async throws {
        let registry = StandardApps.registry(postsAPI: .init(loadDelay: .zero))
        let live = try await LivePlayground { configuration in
            configuration.apps = AppRegistry(registry.apps.filter { Self.scripted.contains($0.about.id) })
        }
        defer { live.playground.shutdown() }
        let room = try await live.newRoom()
        #expect(await live.waitForApp(room, "nice") { $0["contentLoadState"] as? String == "hasData" })
        #expect(await live.waitForApp(room, "router") { ($0["products"] as? [Int])?.isEmpty == false })
        let products = try await live.appState(room, "router")["products"] as? [Int] ?? []
        let product = try #require(products.first)
        let script = [
            #"{"app":"ev","event":"changeBothSidesColors"}"#,
            #"{"app":"vvsi","event":"add"}"#,
            #"{"app":"vvsi","event":"random","count":3,"length":2}"#,
            #"{"app":"mvi","event":"search","query":"star wars"}"#,
            #"{"app":"nice","event":"toggleFavourite","postId":3}"#,
            #"{"app":"nice","event":"openPost","postId":3}"#,
            #"{"app":"router","event":"openProduct","id":\#(product),"presentation":"sheet"}"#,
            #"{"app":"router","event":"dismiss"}"#,
            #"{"app":"router","event":"deleteProduct","id":\#(product)}"#,
            #"{"app":"router","event":"alertAction","action":"Yes"}"#,
        ]
        for event in script {
            let answer = try await live.post(room, event)
            #expect(answer.status == 202, "\(event): \(answer.text)")
            #expect(await live.waitForApp(room, "vvsi") { $0["actionRunning"] as? Bool == false && $0["pendingActions"] as? Int == 0 })
            #expect(await live.waitForApp(room, "mvi") { $0["inFlight"] as? Bool == false })
            #expect(await live.waitForApp(room, "nice") { $0["detailState"] as? String != "loading" })
        }
        let exported = try await live.request("GET", room + "/export").text
        let seeded = exported.replacing(/"seed":"[0-9]+"/, with: #""seed":"7""#)
        let imported = try await live.request("POST", "/rooms/import", headers: ["Content-Type": "application/json"], body: seeded)
        #expect(imported.status == 303, "\(imported.text)")
        let copy = try #require(imported.header("Location"))
        let swift = try await live.request("GET", copy + "/export.swift?name=ScriptedSession")
        #expect(swift.status == 200)
        #expect(swift.header("Content-Type") == "text/x-swift; charset=utf-8")
        if ProcessInfo.processInfo.environment["PLAYGROUND_RECORD_SESSION"] == "1" {
            try swift.text.write(to: Self.generatedFile, atomically: true, encoding: .utf8)
        }
        let checkedIn = try String(contentsOf: Self.generatedFile, encoding: .utf8)
        #expect(swift.text == checkedIn, "the generator no longer writes ScriptedSessionTests.swift (PLAYGROUND_RECORD_SESSION=1 rewrites it)")
        for app in Self.scripted { #expect(swift.text.contains("@Test func \(app)()")) }
        #expect(swift.text.contains("try await app.outcome(EffectOutcome(effect: 1, label: \"searchMovies\""), "asynchronous answers are replayed too")
    }

    /// Every app the room used, however many, is in the export: one test function each (a hyphenated id in camel
    /// case), its module imported; the compare page's apps once a shared input started them.
    @Test func everyAppOfTheRegistryIsExported() async throws {
        let registry = StandardApps.registry()
        let live = try await LivePlayground { $0.apps = registry }
        defer { live.playground.shutdown() }
        let room = try await live.newRoom()
        var swift = try await live.request("GET", room + "/export.swift?name=Everything")
        #expect(swift.status == 200)
        for index in registry.compareIndices { #expect(!swift.text.contains(registry.apps[index].typeName), "not used yet") }
        let shared = try await live.request(
            "POST", room + "/compare/events", headers: ["Content-Type": "application/json"], body: #"{"event":"toggleFavourite","id":7}"#)
        #expect(shared.status == 202)
        swift = try await live.request("GET", room + "/export.swift?name=Everything")
        for app in registry.apps {
            let name = app.about.id.split(separator: "-").enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.capitalized }.joined()
            #expect(swift.text.contains("@Test func \(name)()"), "\(app.about.id)")
            let module = app.typeName.split(separator: ".").first.map(String.init) ?? ""
            #expect(swift.text.contains("import \(module)\n"), "\(module)")
        }
    }

    @Test func aBadSuiteNameIsRefused() async throws {
        let live = try await LivePlayground(apps: RoomsLiveTests.eventDriven)
        defer { live.playground.shutdown() }
        let room = try await live.newRoom()
        for name in ["1abc", "a-b", "%3Cscript%3E", String(repeating: "a", count: 41)] {
            let answer = try await live.request("GET", room + "/export.swift?name=" + name)
            #expect(answer.status == 400 && answer.text.contains("invalid_name"), "\(name)")
        }
    }

    @Test func literalsHoldAnyTextExactly() {
        #expect(SwiftTestExport.literal("plain") == #""plain""#)
        #expect(SwiftTestExport.literal(#"{"a":1}"#) == ##"#"{"a":1}"#"##)
        #expect(SwiftTestExport.literal(##"a "# b"##) == ###"##"a "# b"##"###)
        #expect(SwiftTestExport.literal("line\nnext\"") == #""line\u{a}next\"""#)
    }
}

extension LivePlayground {
    /// The part of the room's state under `app`.
    func appState(_ room: String, _ app: String) async throws -> [String: Any] {
        let json = try JSONSerialization.jsonObject(with: Data(try await state(room).utf8)) as? [String: Any]
        return json?[app] as? [String: Any] ?? [:]
    }

    /// Waits until the part of the room's state under `app` satisfies `condition` (returning as soon as it does: the
    /// 30 s cover a parallel test run on a loaded two-core machine, not a target).
    func waitForApp(_ room: String, _ app: String, timeout: Duration = .seconds(30), _ condition: ([String: Any]) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let text = try? await state(room), let json = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                let part = json[app] as? [String: Any], condition(part)
            {
                return true
            }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return false
    }
}
