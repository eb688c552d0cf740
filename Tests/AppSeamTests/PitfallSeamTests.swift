import PlaygroundUI
import RoomServices
import Testing

@testable import AppSeam

/// The pitfall seam for an app with several pitfalls (as NiceArchitecture and the Router will have): `setPitfall`
/// must name one, the pane draws a named switch for each, and a press names the one it switches.
@Suite("Pitfall seam")
struct PitfallSeamTests {
    static let pitfalls = [
        Pitfall(name: "first-bug", articleCode: "a()", goesWrong: "it breaks", fix: "it does not", fixFile: "X/A.swift", fixLines: 1...2, bites: "bit"),
        Pitfall(name: "second-bug", articleCode: "b()", goesWrong: "it breaks too", fix: "nor this", fixFile: "X/B.swift", fixLines: 3...4, bites: "bit too"),
    ]

    /// A counter's input, as an app the article's input cannot take a case of.
    enum Base: AppInput, PitfallDeclaring, Equatable {
        case tick
        init(event: String, arguments: [String: EventArgument]) throws(AppInputError) {
            guard event == "tick" else { throw AppInputError(.unknownEvent, "no event \(event); accepted: tick.") }
            guard arguments.isEmpty else { throw AppInputError(.unexpectedArgument, "tick takes no arguments") }
            self = .tick
        }
        var envelopeFields: [(name: String, value: EventArgument)] { [("event", .string("tick"))] }
        static var examples: [(label: String, input: Base)] { [("Tick", .tick)] }
        static let pitfallAppID = "counter"
        static let pitfalls = PitfallSeamTests.pitfalls
    }

    typealias Input = PitfallSwitchInput<Base>

    @Test func setPitfallMustNameOneOfSeveral() throws {
        #expect(try Input(event: "setPitfall", arguments: ["on": .boolean(true), "pitfall": .string("second-bug")]) == .setPitfall(on: true, pitfall: "second-bug"))
        #expect(try Input(event: "setPitfall", arguments: ["on": .formText("false"), "pitfall": .formText("first-bug")]) == .setPitfall(on: false, pitfall: "first-bug"))
        #expect(try Input(event: "tick", arguments: [:]) == .app(.tick))
        for (arguments, code) in [
            (["on": EventArgument.boolean(true)], AppInputError.Code.missingArgument),
            (["on": .boolean(true), "pitfall": .string("third-bug")], .invalidArgument),
            (["on": .string("yes"), "pitfall": .string("first-bug")], .invalidArgument),
            (["pitfall": .string("first-bug")], .missingArgument),
            (["on": .boolean(true), "pitfall": .string("first-bug"), "more": .integer(1)], .unexpectedArgument),
        ] {
            #expect(throws: AppInputError.self) { try Input(event: "setPitfall", arguments: arguments) }
            do { _ = try Input(event: "setPitfall", arguments: arguments) } catch { #expect(error.code == code, "\(arguments): \(error.message)") }
        }
        do { _ = try Input(event: "nope", arguments: [:]) } catch {
            #expect(error.message == #"The counter app has no event "nope"; accepted: tick, setPitfall."#)
        }
    }

    @Test func theEventsDescribeSetPitfallWithItsNames() {
        let declared = Input.events.map(\.name)
        #expect(declared == ["tick", "setPitfall"])
        #expect(Input.examples.last?.input == .setPitfall(on: true))
        #expect(Input.setPitfall(on: true, pitfall: "first-bug").envelopeFields.map(\.name) == ["event", "on", "pitfall"])
    }

    @Test func thePaneDrawsANamedSwitchPerPitfallAndAPressNamesIt() async {
        await RoomExecutorTestRoom().run {
            let switches = PitfallSwitches(Self.pitfalls)
            var pressed: [(Bool, String?)] = []
            switches.switched = { on, name in
                pressed.append((on, name))
                switches.set(on, pitfall: name)
            }
            let host = ViewHost(PitfallPane(appID: "counter", switches: switches))
            let context = RenderContext(formAction: "/rooms/r/events")
            let html = host.render(context).html
            #expect(html.contains(#"<div id="counter-pitfall""#))
            #expect(html.contains("Run the article&#39;s code as published (first-bug)"))
            #expect(html.contains("Run the article&#39;s code as published (second-bug)"))
            // The second switch's control: the last one before its label.
            let before = String(html[..<(html.range(of: "(second-bug)")?.lowerBound ?? html.endIndex)])
            let second = before.matches(of: /name="control" value="([^"]*)"/).last.map { String($0.1) }
            #expect(host.perform(action: second ?? "", value: "true") == .performed)
            #expect(pressed.map(\.1) == ["second-bug"] && switches.states.map(\.on) == [false, true])
            let on = host.render(context).html
            #expect(on.contains(#"href="/sources/X/B.swift?lines=3-4#L3""#) && !on.contains("X/A.swift"))
        }
    }
}

/// Runs work on a room's executor, as an app's code runs.
actor RoomExecutorTestRoom {
    private let executor = RoomExecutor(label: "pitfall-seam")
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    func run(_ work: () -> Void) { work() }
}
