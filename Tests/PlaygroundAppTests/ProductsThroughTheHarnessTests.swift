import AppSeam
import PlaygroundTesting
import ProductsRouter
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
        #expect(await harness.flow.lit == Set(ProductsPlayground.Stage.allCases))
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
}
