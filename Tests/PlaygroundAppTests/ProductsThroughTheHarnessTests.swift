import AppSeam
import PlaygroundTesting
import ProductsRouter
import RouterRuntime
import Testing

/// The router app through the harness, its repository fetching from a live playground's own catalog API: press
/// what the page shows, then expect the exact trace rows (each router call) and snapshot.
@Suite("Products app through the harness")
struct ProductsThroughTheHarnessTests {
    @Test func aPressRoutesThroughTheModelAndTheRouterAndDeleteAsksTheAlert() async throws {
        let live = try await LivePlayground()
        defer { live.playground.shutdown() }
        let harness = AppHarness<ProductsPlayground>(seed: 1, ownBaseURL: "http://127.0.0.1:\(live.port)")
        #expect(await harness.render().html.contains(">Loading<"), "the list appears, and its onAppear loads")
        #expect(await harness.waitUntil { $0.app.snapshot.contentState == "content" })
        let products = await harness.run { $0.app.snapshot.products }
        #expect(products.count == 10)
        let loadTrace = await harness.trace
        #expect(loadTrace.first?.event == "the list appeared: .onAppear(perform: intent.viewOnAppear)")
        #expect(
            loadTrace.first?.became == [
                "model: contentState = .loading", "container: objectWillChange (one turn later) → contentState = .content(10 products)",
            ], "\(loadTrace)")

        let sheet = try await harness.press("Sheet")
        #expect(sheet.map(\.event) == ["press on the page"])
        #expect(sheet.first?.became == ["routeTo(.productScreen(id: \(products[0]))) → sheet slot"])
        #expect(Self.path(sheet.first) == ["Model: modelChangePublisher: the model will change", "Router: routerEvents.routeTo(.productScreen(id: \(products[0])))"])
        #expect(await harness.run { $0.app.snapshot.presented } == [.init(screen: "productScreen", id: products[0], presentation: "sheet")])

        let done = try await harness.press("Done")  // the sheet's own intent: routerEvents.dismiss()
        #expect(done.first?.became == ["dismiss()", "onScreenDismiss(type: .productScreen(id: \(products[0])))"])
        #expect(await harness.run { $0.app.snapshot.presented }.isEmpty)

        let delete = try await harness.send(.deleteProduct(id: products[1]))
        #expect(delete.first?.became.first?.hasPrefix("presentAlert(.error(title: \"Delete ") == true, "\(delete)")
        try await harness.send(.alertAction(action: "Yes"))
        let snapshot = await harness.run { $0.app.snapshot }
        #expect(snapshot.products == [products[0]] + products.dropFirst(2) && snapshot.alert == nil)
        #expect(await harness.trace.first?.became == ["model: contentState = .content(9 products)"])
    }

    /// `Stage: call`, with ` (later)` for what ran after the input returned.
    static func path(_ entry: Trace.Entry?) -> [String] {
        (entry?.stages ?? []).map { "\($0.stage): \($0.call)\($0.later ? " (later)" : "")" }
    }

    /// Each kind of event passes the stages the runtime saw run, in order: the model's change (the container hears it
    /// at once and tells the view one turn later), the router only when the model asks it, nothing for a refusal.
    @Test func eachEventRecordsTheStagesThatRan() async throws {
        let live = try await LivePlayground()
        defer { live.playground.shutdown() }
        let harness = AppHarness<ProductsPlayground>(seed: 1, ownBaseURL: "http://127.0.0.1:\(live.port)")
        await harness.draw()
        #expect(await harness.waitUntil { $0.app.snapshot.contentState == "content" })
        let products = await harness.run { $0.app.snapshot.products }
        let model = "Model: modelChangePublisher: the model will change"
        let container = "MVIContainer: objectWillChange.send() (later)"

        try await harness.input("openProduct", ["id": .integer(products[0]), "presentation": .string("sheet")])
        var trace = await harness.trace
        #expect(Self.path(trace.first) == [model, "Router: routerEvents.routeTo(.productScreen(id: \(products[0])))", container])
        #expect(await harness.flow.lit == [.model, .router, .container], "the products sample does not report its intent")
        let route = try #require(trace.first?.stages.dropFirst().first)
        #expect(route.file == "ProductsRouter/ProductListModel.swift" && !route.later, "the model's line that asked its router")

        try await harness.input("dismiss")
        #expect(Self.path(await harness.trace.first) == ["Router: onScreenDismiss(type: .productScreen(id: \(products[0])))"])
        #expect(await harness.flow.lit == [.router], "no model change, no container turn")

        try await harness.input("deleteProduct", ["id": .integer(products[1])])
        let alert = Self.path(await harness.trace.first)
        #expect(alert.count == 1 && alert.first?.hasPrefix("Router: routerEvents.presentAlert(.error(title: \"Delete ") == true, "\(alert)")

        try await harness.input("deleteProduct", ["id": .integer(products[1])])
        try await harness.input("alertAction", ["action": .string("Cancel")])
        #expect(await harness.trace.first?.stages == [], "Cancel closes the alert: no model change, no router call")
        try await harness.input("deleteProduct", ["id": .integer(products[1])])
        try await harness.input("alertAction", ["action": .string("Yes")])
        #expect(Self.path(await harness.trace.first) == [model, container], "the intent deleted it: the model changed, no router")

        try await harness.input("reload")
        #expect(await harness.waitUntil { $0.trace.first?.stages.count == 4 })
        #expect(Self.path(await harness.trace.first) == [model, container, "Model: modelChangePublisher: the model will change (later)", container])

        try await harness.input("openProduct", ["id": .integer(products[2]), "presentation": .string("navigationDestination")])
        let done = try await harness.press("Done")
        #expect(
            Self.path(done.first) == [
                "Router: routerEvents.dismiss()", "Router: onScreenDismiss(type: .productScreen(id: \(products[2])))",
            ], "the screen's own intent asked its router")

        trace = await harness.trace
        for record in trace.flatMap(\.stages) { #expect(StageSources.problem(with: record) == nil) }
    }

}
