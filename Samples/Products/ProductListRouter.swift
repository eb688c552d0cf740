import PlaygroundUI
import RouterRuntime

struct ProductListRouter: RouterModifierProtocol {
    typealias RouterEventsType = RouterEvents<ProductListRouterScreenType, ProductListRouterAlertType>

    let routerEvents: RouterEventsType
    let intent: ProductListIntentProtocol
    let state: ProductListModelStatePotocol
}

enum ProductListRouterScreenType: RouterScreenProtocol {
    case productScreen(id: Int)
}

extension ProductListRouter {

    /// The model's choice: the three buttons of a row set it before routing.
    func getScreenPresentationType(for type: ProductListRouterScreenType) -> RouterScreenPresentationType {
        state.presentation
    }

    @ViewBuilder
    func getScreen(for type: ProductListRouterScreenType) -> some View {
        switch type {
        case let .productScreen(id):
            ProductView.build(data: .init(productID: id, products: state.products))
        }
    }

    func onScreenDismiss(type: ProductListRouterScreenType) {}
}

enum ProductListRouterAlertType: RouterAlertScreenProtocol {
    case error(title: String, message: String)
}

extension ProductListRouter {

    func getAlertTitle(for type: ProductListRouterAlertType) -> Text? {
        switch type {
        case let .error(title, _):
            return Text(title)
        }
    }

    func getAlertMessage(for type: ProductListRouterAlertType) -> some View {
        switch type {
        case let .error(_, message):
            return Text(message)
        }
    }

    @ViewBuilder
    func getAlertActions(for type: ProductListRouterAlertType) -> some View {
        Button("Yes", role: .destructive, action: {
            intent.onTapConfirmDelete()
        })
        Button("Cancel", role: .cancel, action: {})
    }
}

extension ProductListModelStatePotocol {
    /// The products shown (none while loading or failed).
    var products: [Product] {
        if case .content(let products) = contentState { return products }
        return []
    }
}
