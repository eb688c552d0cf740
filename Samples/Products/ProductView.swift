import PlaygroundUI
import RouterRuntime

/// The seed's `productScreen(id:)`: the product, and ways to open the next one on top of it.
struct ProductView: View {

    @StateObject var container: MVIContainer<ProductIntentProtocol, ProductModelStatePotocol>

    private var intent: ProductIntentProtocol { container.intent }
    private var state: ProductModelStatePotocol { container.model }

    var body: some View {
        NavigationStack {
            VStack(alignment: .leading, spacing: 8) {
                if let product = state.product {
                    Text(product.title)
                        .font(.headline)
                    Text("\(product.year) · ★ \(product.rating)")
                        .font(.caption)
                    Text(product.overview)
                        .font(.subheadline)
                } else {
                    Text("This product is gone.")
                }
                if let next = state.next {
                    Text("Next: \(next.title)")
                        .font(.caption)
                    HStack(spacing: 8) {
                        Button("Sheet") { intent.onTapOpenNext(presentation: .sheet) }
                        Button("Cover") { intent.onTapOpenNext(presentation: .fullScreenCover) }
                        Button("Push") { intent.onTapOpenNext(presentation: .navigationDestination) }
                    }
                }
                Button("Done") { intent.onTapDone() }
                    .buttonStyle(.bordered)
            }
            .modifier(ProductRouter(routerEvents: state.routerEvents, state: state))
        }
    }
}
