import PlaygroundUI
import RouterRuntime

/// A product screen's router: it opens another product on top (any presentation), and has no alerts of its own.
struct ProductRouter: RouterModifierProtocol {
    typealias RouterEventsType = RouterEvents<ProductRouterScreenType, RouterDefaultAlert>

    let routerEvents: RouterEventsType
    let state: ProductModelStatePotocol
}

enum ProductRouterScreenType: RouterScreenProtocol {
    case productScreen(id: Int)
}

extension ProductRouter {

    func getScreenPresentationType(for type: ProductRouterScreenType) -> RouterScreenPresentationType {
        state.presentation
    }

    @ViewBuilder
    func getScreen(for type: ProductRouterScreenType) -> some View {
        switch type {
        case let .productScreen(id):
            ProductView.build(data: .init(productID: id, products: state.products))
        }
    }
}
