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

    /// A row's Step ▶ is `?step=N` on the page it sits on: the room finds the app whose trace holds step N and answers
    /// as `…/apps/APP/steps/N` does (JSON, or the page whose stage links keep the step); the call's file and line are
    /// there, not in the strip.
    @Test func aRowsStepLinkIsTheStepOnThePage() async throws {
        let live = try await LivePlayground(apps: RoomsLiveTests.eventDriven)
        defer { live.playground.shutdown() }
        let room = try await live.newRoom()
        #expect(try await live.post(room, RoomsLiveTests.changeColors).status == 202)
        var page = ""
        for _ in 0..<500 {
            page = try await live.request("GET", room, headers: ["Accept": "text/html"]).text
            if page.contains("class=\"step-through\"") { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        let link = try #require(page.firstMatch(of: /<a class="step-through" href="\?step=(\d+)">Step ▶<\/a>/), "\(page.suffix(3_000))")
        let step = String(link.1)
        let own = try await live.request("GET", "\(room)/apps/ev/steps/\(step)")
        for path in ["\(room)?step=\(step)", "\(room)/apps/ev?step=\(step)"] {
            let answer = try await live.request("GET", path)
            #expect(answer.status == 200 && answer.text == own.text, "\(path): \(answer.status) \(answer.text.prefix(300))")
        }
        #expect(own.text.contains(#""fileID":"EVRuntime/EVAppInstance.swift","lines":["#), "the send's file and line: \(own.text.prefix(600))")
        let walk = try await live.request("GET", "\(room)?step=\(step)&stage=2", headers: ["Accept": "text/html"])
        #expect(walk.status == 200 && walk.text.contains("Stage 2 of"), "\(walk.text.prefix(600))")
        #expect(walk.text.contains(#"href="?step=\#(step)&amp;stage=3""#), "a stage link keeps the step")
        for (path, status, code) in [("\(room)?step=5000", 404, "no_such_step"), ("\(room)?step=x", 400, "invalid_step")] {
            let answer = try await live.request("GET", path)
            #expect(answer.status == status && answer.text.contains("\"code\":\"\(code)\""), "\(path): \(answer.status) \(answer.text)")
        }
    }
}
