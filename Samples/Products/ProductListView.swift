import PlaygroundUI
import RouterRuntime

/// The seed's list screen: products, each opening the product screen as a sheet, a cover or a pushed screen.
struct ProductListView: View {

    @StateObject var container: MVIContainer<ProductListIntentProtocol, ProductListModelStatePotocol>

    private var intent: ProductListIntentProtocol { container.intent }
    private var state: ProductListModelStatePotocol { container.model }

    var body: some View {
        NavigationStack {
            ZStack {
                switch state.contentState {
                case .loading:
                    loadingView

                case let .content(products):
                    listItemsView(products: products)

                case let .error(text):
                    errorView(text: text)
                }
            }
            .id("router-list")
            .onAppear(perform: intent.viewOnAppear)
            .modifier(ProductListRouter(routerEvents: state.routerEvents, intent: intent, state: state))
        }
    }
}

extension ProductListView {

    // Loading View
    private var loadingView: some View {
        Text(state.loadingText)
    }

    // ListItems View
    private func listItemsView(products: [Product]) -> some View {
        VStack(alignment: .leading, spacing: 8) {
            if products.isEmpty {
                Text(state.navigationTitle)
                    .font(.headline)
                emptyView
            } else {
                HStack(spacing: 8) {
                    Text(state.navigationTitle)
                        .font(.headline)
                    Button("Reload") { intent.onTapReload() }
                }
                rowsView(products: products)
            }
        }
    }

    // Empty View: every product was deleted
    private var emptyView: some View {
        VStack(alignment: .leading, spacing: 8) {
            Text(state.emptyText)
            Button("Reload") { intent.onTapReload() }
        }
    }

    private func rowsView(products: [Product]) -> some View {
        List(products, id: \.id) { product in
            VStack(alignment: .leading, spacing: 4) {
                Text("\(product.title) (\(product.year)) · ★ \(product.rating)")
                HStack(spacing: 8) {
                    Button("Sheet") { intent.onTapProduct(id: product.id, presentation: .sheet) }
                    Button("Cover") { intent.onTapProduct(id: product.id, presentation: .fullScreenCover) }
                    Button("Push") { intent.onTapProduct(id: product.id, presentation: .navigationDestination) }
                    Button("Delete", role: .destructive) { intent.onTapDelete(id: product.id) }
                }
            }
        }
    }

    // Error View
    private func errorView(text: String) -> some View {
        VStack(spacing: 8) {
            Text(text)
            Button("Reload") { intent.onTapReload() }
        }
    }
}
