import EVRuntime
import OpenCombine
import Foundation
@testable import PlaygroundUI
import Testing
@testable import RandomColorEV

@Suite struct RandomColorEVTests {
    let context = RenderContext(formAction: "/rooms/r1/events", actionURL: "/rooms/r1/actions", actionFields: [FormField("app", "ev")])

    static func side(_ id: String, _ name: String, _ background: String, label: String, model: String? = nil) -> String {
        let colorModel =
            model.map {
                #"<div class="zstack"><div class="color" style="background-color:\#($0)"></div><span class="text">\#($0)</span></div>"#
            } ?? ""
        return #"<div id="\#(id)" class="zstack"><div class="color" style="background-color:\#(background)"></div>"#
            + #"<div class="vstack" style="color:\#(label)"><span class="text font-largeTitle">\#(name)</span>\#(colorModel)</div></div>"#
    }

    /// The Center page: its button is a form posting the button's action id (the short id of its position in the
    /// view tree, which also names the form).
    static let center =
        #"<div id="ev-center" class="zstack"><div class="color" style="background-color:#008299"></div>"#
        + #"<div class="vstack"><span class="text font-largeTitle" style="color:#ffffff">Center</span>"#
        + #"<form id="c\#(centerButtonID)" class="button-form" method="post" action="/rooms/r1/actions"><input type="hidden" name="app" value="ev">"#
        + #"<input type="hidden" name="control" value="\#(centerButtonID)"><button class="button button-bordered" type="submit">"#
        + #"<span class="text">Change colors</span></button></form></div></div>"#
    static let centerButtonPath = "/T/0/0/0/0/1/0/#ev-center/T/0/0/1/0/1/0"
    static let centerButtonID = ControlID(posted: centerButtonPath)!.description

    static func page(left: String, right: String) -> String {
        #"<div class="tabview tabview-page"><div class="tab" data-tag="left">\#(left)</div>"#
            + #"<div class="tab tab-selected" data-tag="center">\#(center)</div><div class="tab" data-tag="right">\#(right)</div></div>"#
    }

    /// An event changes Left and Right only: Center (it holds the send-only eventSubject) is drawn from its last
    /// output, so an EV event costs what it did before the button held a closure.
    @Test func anEventReevaluatesTheChangedScreensAndSkipsCenter() {
        let app = RandomColorEVInstance(randomColor: RandomColorSource(seed: 42))
        app.host.recordsEvaluations = true
        _ = app.render(context)
        #expect(app.host.lastEvaluated.contains { $0 == CenterScreen.self })
        for _ in 0..<2 {
            app.send(.changeBothSidesColors)
            _ = app.render(context)
            let evaluated = app.host.lastEvaluated.map { String(describing: $0) }
            #expect(evaluated.contains("LeftScreen") && evaluated.contains("RightScreen"))
            #expect(!evaluated.contains("CenterScreen"), "\(evaluated)")
        }
    }

    @Test func theCenterButtonsClosureSendsIntoEventSubject() {
        let app = RandomColorEVInstance(randomColor: RandomColorSource(seed: 42))
        let html = app.render(context).html
        let id = html.firstMatch(of: /name="control" value="([^"]*)"/).map { String($0.1) }
        #expect(id == Self.centerButtonID)
        var sent: [EventEnum] = []
        let subscription = app.eventSubject.sink { sent.append($0) }
        #expect(app.host.perform(action: id ?? "", value: nil) == .performed)
        #expect(sent == [.initial, .changeBothSidesColors], "the press is eventSubject.send(.changeBothSidesColors)")
        #expect(app.snapshot.leftColor != nil && app.snapshot.rightColor != nil)
        subscription.cancel()
    }

    /// The colours a source seeded with 42 gives, in the order Left then Right asks for them.
    static func expectedColors(seed: UInt64) -> (left: String, right: String) {
        let source = RandomColorSource(seed: seed)
        return (source().hex, source().hex)
    }

    @Test func endToEnd() throws {
        let app = RandomColorEVInstance(randomColor: RandomColorSource(seed: 42))
        let before = app.render(context)
        #expect(
            before.html
                == Self.page(
                    left: Self.side("ev-left", "Left", "#ffffff", label: "#000000"),
                    right: Self.side("ev-right", "Right", "#ffffff", label: "#000000")))
        #expect(before.fragments.map(\.id) == ["ev-left", "ev-center", "ev-right"])
        #expect(app.snapshot == RandomColorEVSnapshot(selectedTab: "center", leftColor: nil, rightColor: nil, liveActionSubscriptions: 2))

        app.eventSubject.send(.changeBothSidesColors)
        let after = app.render(context)

        let (left, right) = Self.expectedColors(seed: 42)
        #expect((left, right) == ("#571321", "#280466"))  // pinned: a change in the generator shows up here
        #expect(left != right)
        #expect(
            after.html
                == Self.page(
                    left: Self.side("ev-left", "Left", left, label: "#ffffff", model: left),
                    right: Self.side("ev-right", "Right", right, label: "#ffffff", model: right)))
        #expect(after.fragments[1] == before.fragments[1])
        #expect(after.fragments[1].html == Self.center)
        #expect(app.snapshot == RandomColorEVSnapshot(selectedTab: "center", leftColor: left, rightColor: right, liveActionSubscriptions: 2))
    }

    @Test func eachPressGivesNewColoursAndKeepsTheSubscriptionsFlat() {
        let app = RandomColorEVInstance(randomColor: RandomColorSource(seed: 7))
        var seen: Set<String> = []
        for _ in 0..<5 {
            _ = app.render(context)
            app.send(.changeBothSidesColors)
            let snapshot = app.snapshot
            seen.insert(snapshot.leftColor ?? "none")
            seen.insert(snapshot.rightColor ?? "none")
        }
        #expect(seen.count == 10)
        #expect(app.actionSource.liveSubscriptionCount == 2)
        app.unmount()
        #expect(app.actionSource.liveSubscriptionCount == 0)
    }

    @Test func whiteTextOnEveryDrawnColourMeetsWCAGAA() {
        let source = RandomColorSource(seed: 5)
        func linear(_ channel: Double) -> Double {
            let byte = (channel * 255).rounded() / 255
            return byte <= 0.03928 ? byte / 12.92 : pow((byte + 0.055) / 1.055, 2.4)
        }
        let worst = (0..<2_000).map { _ -> Double in
            let color = source()
            let luminance = 0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
            return 1.05 / (luminance + 0.05)
        }.min() ?? 0
        #expect(worst >= 4.5, "white on a drawn colour: \(worst):1")
        // The brightest colour allowed is the worst case.
        let brightest = linear(RandomColorSource.brightestChannel)
        #expect(1.05 / (brightest + 0.05) >= 4.5)
    }

    @Test func sameSeedSameColours() {
        let first = RandomColorSource(seed: 99), second = RandomColorSource(seed: 99)
        #expect((0..<4).map { _ in first() } == (0..<4).map { _ in second() })
    }

    @Test func eventsDecodeAndPostTheirName() {
        #expect(EventEnum.acceptedNames == ["changeBothSidesColors"])
        #expect(EventEnum(name: "changeBothSidesColors") == .changeBothSidesColors)
        #expect(EventEnum.actionsByEvent(.changeBothSidesColors).count == 2)
    }

    @Test func snapshotEncodesMissingColoursAsNull() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = try encoder.encode(RandomColorEVSnapshot(selectedTab: "center", leftColor: "#010203", rightColor: nil, liveActionSubscriptions: 2))
        #expect(
            String(decoding: json, as: UTF8.self) == ##"{"leftColor":"#010203","liveActionSubscriptions":2,"pitfall":{"name":"leaked-subscription","on":false},"rightColor":null,"selectedTab":"center"}"##)
    }
}
