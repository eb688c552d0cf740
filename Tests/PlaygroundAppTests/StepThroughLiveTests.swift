import PlaygroundTesting
import Testing

@testable import PlaygroundApp

/// A trace row's step-through over HTTP: its stages as JSON and as a page, and the files they point into.
@Suite("Step-through over HTTP")
struct StepThroughLiveTests {
    @Test func badStepsStagesAndFilesAreRefusedWithWhatIsAccepted() async throws {
        let live = try await LivePlayground(apps: RoomsLiveTests.eventDriven)
        defer { live.playground.shutdown() }
        let room = try await live.newRoom()
        #expect(try await live.post(room, RoomsLiveTests.changeColors).status == 202)
        let cases: [(path: String, status: Int, code: String)] = [
            ("\(room)/apps/ev/steps/x", 400, "invalid_step"), ("\(room)/apps/ev/steps/0", 400, "invalid_step"),
            ("\(room)/apps/ev/steps/99999999999999999999", 400, "invalid_step"), ("\(room)/apps/ev/steps/1?stage=0", 400, "invalid_stage"),
            ("\(room)/apps/ev/steps/1?stage=%3Cb%3E", 400, "invalid_stage"), ("\(room)/apps/ev/steps/5000", 404, "no_such_step"),
            ("\(room)/apps/nope/steps/1", 404, "unknown_app"), ("/rooms/0123456789abcdef01234567/apps/ev/steps/1", 404, "unknown_room"),
            ("/sources/EVRuntime/Nope.swift", 404, "unknown_source"), ("/sources/..%2F..%2Fetc/passwd", 404, "not_found"), ("/sources/EVRuntime/..%2Fx.swift", 404, "not_found"),
            ("/sources/RandomColorEV/CenterScreen.swift?lines=0-2", 400, "invalid_lines"),
            ("/sources/RandomColorEV/CenterScreen.swift?lines=5-1", 400, "invalid_lines"),
            ("/sources/RandomColorEV/CenterScreen.swift?lines=1-99999", 400, "invalid_lines"),
        ]
        for (path, status, code) in cases {
            let response = try await live.request("GET", path)
            #expect(response.status == status && response.text.contains("\"code\":\"\(code)\""), "\(path): \(response.status) \(response.text)")
        }
        let before = try await live.state(room)
        _ = try await live.request("GET", "\(room)/apps/ev/steps/1?stage=2")
        #expect(try await live.state(room) == before, "looking changes nothing")
    }

    @Test func aSourcePageNumbersItsLinesAndMarksTheAskedOnes() async throws {
        let live = try await LivePlayground(apps: RoomsLiveTests.eventDriven)
        defer { live.playground.shutdown() }
        let page = try await live.request("GET", "/sources/RandomColorEV/CenterScreen.swift?lines=2-3")
        #expect(page.status == 200 && page.header("Content-Type")?.hasPrefix("text/html") == true)
        #expect(page.text.contains(#"<span class="ln" id="L1" aria-hidden="true">1</span>"#))
        #expect(page.text.components(separatedBy: "<mark>").count == 3, "lines 2 and 3 are marked")
        let room = try await live.newRoom()
        let pane = try await live.request("GET", "\(room)/apps/ev", headers: ["Accept": "text/html"]).text
        for link in pane.matches(of: /<li><a href="(\/sources\/[^"]+)">/).map({ String($0.1) }) {
            #expect(try await live.request("GET", link).status == 200, "\(link)")
        }
    }
}
