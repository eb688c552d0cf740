import AppSeam
import Foundation
import OpenCombine
import PlaygroundTesting
import RoomServices
import Testing

@testable import PlaygroundUI
@testable import ProductsRouter
@testable import RouterRuntime

/// Each MVI + Container + Router pitfall switched on shows the article's bug; off (the default), the runtime's fix.
@Suite struct RouterPitfallsTests {
    static let context = RenderContext(formAction: "/e", actionURL: "/a", actionFields: [])

    enum Screen: RouterScreenProtocol {
        case detail(Int)
    }

    final class Model: ObservableObject {
        @Published var count = 0
        let routerEvents = RouterEvents<Screen, RouterDefaultAlert>()
    }

    /// A screen whose container remembers which route made it.
    struct DetailView: View {
        @StateObject var container: MVIContainer<Int, Model>
        var body: some View { Text("detail of \(container.intent)") }

        static func make(_ id: Int) -> DetailView {
            let model = Model()
            return DetailView(container: MVIContainer(intent: id, model: model, modelChangePublisher: model.objectWillChange))
        }
    }

    struct TestRouter: RouterModifierProtocol {
        let routerEvents: RouterEvents<Screen, RouterDefaultAlert>

        func getScreen(for type: Screen) -> DetailView {
            switch type {
            case .detail(let id): DetailView.make(id)
            }
        }
    }

    struct Root: View {
        let model: Model
        var body: some View {
            NavigationStack {
                Text("root").modifier(TestRouter(routerEvents: model.routerEvents))
            }
        }
    }

    @Test func everySwitchStartsOff() {
        let pitfalls = RouterPitfalls()
        #expect(RouterPitfall.allCases.allSatisfy { !pitfalls.isOn($0) && pitfalls.bites(of: $0) == 0 })
        pitfalls.set(.screenKeyedByPosition, on: true)
        #expect(pitfalls.on == [.screenKeyedByPosition])
        pitfalls.set(.screenKeyedByPosition, on: false)
        #expect(pitfalls.on.isEmpty)
    }

    /// A route that replaces the sheet's screen: a new screen with its own container, or (switched on) the old one's.
    @Test(arguments: [false, true]) func aReplacingRouteKeepsTheOldContainerOnlyWithTheSwitchOn(on: Bool) {
        let model = Model(), stack = RouterStack(), pitfalls = RouterPitfalls()
        pitfalls.set(.screenKeyedByPosition, on: on)
        let environment = EnvironmentValues().with(\.routerStack, stack).with(\.routerPitfalls, pitfalls).with(\.routerFragmentPrefix, "t")
        let host = ViewHost(Root(model: model), environment: environment)
        _ = host.render(Self.context)
        model.routerEvents.routeTo(.detail(1))
        #expect(host.render(Self.context).html.contains(">detail of 1<"))
        _ = stack.takeNotes()
        model.routerEvents.routeTo(.detail(2))
        let html = host.render(Self.context).html
        #expect(html.contains(">detail of \(on ? 1 : 2)<") && !html.contains(">detail of \(on ? 2 : 1)<"), "\(html)")
        #expect(stack.entries.map { "\($0.screen)" } == ["detail(2)"], "the route is recorded either way")
        #expect((stack.entries.first?.container as? MVIContainer<Int, Model>)?.intent == (on ? 1 : 2))
        #expect(pitfalls.bites(of: .screenKeyedByPosition) == (on ? 1 : 0))
        #expect(
            stack.takeNotes() == [
                on
                    ? "routeTo(.detail(2)) → sheet slot at .detail(1)'s position: the screen kept that one's container"
                    : "routeTo(.detail(2)) → sheet slot"
            ])
    }

    actor Room {
        func turn() {}
    }

    final class Seen: @unchecked Sendable {
        var values: [Int] = []
    }

    /// The container's notice one turn later reaches its subscriber, or (switched on) a publisher nobody holds.
    @Test(arguments: [false, true]) func theContainersNoticeReachesTheViewOnlyWithTheSwitchOff(on: Bool) async throws {
        let room = Room(), model = Model(), pitfalls = RouterPitfalls()
        pitfalls.set(.defaultObjectWillChange, on: on)
        let container = MVIContainer(intent: 0, model: model, modelChangePublisher: model.objectWillChange)
        let turns = Turns(isolation: room)
        container.link(to: EnvironmentValues().with(\.turns, turns).with(\.routerPitfalls, pitfalls))
        let seen = Seen()
        let subscription = container.objectWillChange.sink { seen.values.append(model.count) }
        model.count = 5
        await room.turn()
        for _ in 0..<200 where turns.waitingCount > 0 || (seen.values.isEmpty && pitfalls.bites(of: .defaultObjectWillChange) == 0) {
            await Task.yield()
            try await Task.sleep(for: .milliseconds(1))
        }
        #expect(seen.values == (on ? [] : [5]))
        #expect(pitfalls.bites(of: .defaultObjectWillChange) == (on ? 1 : 0))
        subscription.cancel()
    }

    // MARK: - Through the products app, replayed: its fetch answered by the test

    static let products = [
        Product(id: 1, title: "Alpha", year: "1977", rating: 8, overview: "a"),
        Product(id: 2, title: "Bravo", year: "1980", rating: 7, overview: "b"),
        Product(id: 3, title: "Charlie", year: "1983", rating: 6, overview: "c"),
    ]

    /// The products app, replaying (its fetch never runs), drawn, its list's load answered with ``products``.
    private func loaded(_ pitfall: RouterPitfall, on: Bool) async throws -> (
        harness: AppHarness<ProductsPlayground>, changes: Int, bites: Int
    ) {
        let harness = AppHarness<ProductsPlayground>(replaying: true)
        await harness.run { $0.app.pitfalls.set(pitfall, on: on) }
        await harness.draw()
        #expect(await harness.pendingEffects == 1, "the list's onAppear asked for the products")
        let (changes, bites) = await harness.run { ($0.changes, $0.app.pitfalls.bites(of: pitfall)) }
        let value = String(decoding: try JSONEncoder().encode(Self.products), as: UTF8.self)
        try await harness.outcome(EffectOutcome(effect: 1, label: "fetchProducts", value: value, error: nil, errorDetail: nil))
        #expect(await harness.run { $0.app.snapshot.contentState } == "content", "the model holds the answer either way")
        return (harness, changes, bites)
    }

    /// The list's answer comes after the event that asked for it: only the container's notice tells the room to draw
    /// it. Switched on, the notice goes nowhere: the room is never told, and the trace says so.
    @Test(arguments: [false, true]) func theAnswerIsDrawnOnlyWhenTheNoticeReachesTheView(on: Bool) async throws {
        let (harness, changes, bites) = try await loaded(.defaultObjectWillChange, on: on)
        let told = await harness.changes > changes
        #expect(told == !on, "the room was told the views changed")
        let bitten = await harness.run { $0.app.pitfalls.bites(of: .defaultObjectWillChange) } > bites
        #expect(bitten == on)
        let became = await harness.trace.first?.became ?? []
        #expect(
            became.contains("pitfall defaultObjectWillChange: the container's notice went to a new objectWillChange: the view was not told")
                == on,
            "\(became)")
        #expect(became.contains("container: objectWillChange (one turn later) → contentState = .content(3 products)") == !on, "\(became)")
    }

    /// With a sheet open on Alpha, the list's Sheet of Bravo routes the same slot: Bravo's screen, or (switched on)
    /// Alpha's screen still, while the stack says Bravo.
    @Test(arguments: [false, true]) func theListsSecondSheetShowsTheFirstProductOnlyWithTheSwitchOn(on: Bool) async throws {
        let (harness, _, _) = try await loaded(.screenKeyedByPosition, on: on)
        try await harness.press(action: try #require(Self.controls(labelled: "Sheet", in: await harness.render().html).first))
        #expect(await harness.render().html.contains(">Next: Bravo<"), "Alpha's sheet")
        let bravo = try #require(
            Self.controls(labelled: "Sheet", in: await harness.render().html).dropFirst().first, "the list's second row")
        try await harness.press(action: bravo)
        let html = await harness.render().html
        #expect(html.contains(">Next: \(on ? "Bravo" : "Charlie")<"), "the sheet draws \(on ? "Alpha" : "Bravo")'s screen")
        #expect(await harness.run { $0.app.snapshot.presented } == [.init(screen: "productScreen", id: 2, presentation: "sheet")])
        #expect(await harness.run { $0.app.pitfalls.bites(of: .screenKeyedByPosition) } == (on ? 1 : 0))
        let became = await harness.trace.first?.became ?? []
        #expect(became.contains { $0.hasSuffix("the screen kept that one's container") } == on, "\(became)")
    }

    /// The control ids of the forms whose button reads `label`, in page order.
    static func controls(labelled label: String, in html: String) -> [String] {
        html.split(separator: "<form").dropFirst().compactMap { form in
            let body = String(form.split(separator: "</form>").first ?? "")
            guard let id = body.firstMatch(of: /name="control" value="([^"]*)"/)?.1 else { return nil }
            return String(body.drop { $0 != ">" }.dropFirst()).replacing(/<[^>]*>/, with: "") == label ? String(id) : nil
        }
    }

    /// The catalogue names every pitfall once, and its fix's lines hold the fix.
    @Test func theCatalogueNamesEachPitfallAndTheLinesOfItsFix() throws {
        #expect(RouterPitfall.catalogue.map(\.pitfall) == RouterPitfall.allCases)
        let markers: [RouterPitfall: String] = [
            .defaultObjectWillChange: "public let objectWillChange = ObservableObjectPublisher()",
            .screenKeyedByPosition: "ForEach([generation]",
        ]
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        for entry in RouterPitfall.catalogue {
            #expect(
                !entry.title.isEmpty && !entry.articleCode.isEmpty && !entry.whatGoesWrong.isEmpty && !entry.fix.isEmpty
                    && !entry.howToSee.isEmpty)
            let text = try String(contentsOf: root.appendingPathComponent(entry.fixFile), encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let fix = lines[(entry.fixLines.lowerBound - 1)..<min(entry.fixLines.upperBound, lines.count)].joined(separator: "\n")
            #expect(fix.contains(try #require(markers[entry.pitfall])), "\(entry.fixFile):\(entry.fixLines) reads \(fix)")
        }
    }
}
