import OpenCombine
import RouterRuntime

final class ProductListModel: ObservableObject, ProductListModelStatePotocol {

    @Published var contentState: ProductListTypes.Model.ContentState = .loading
    @Published var presentation: RouterScreenPresentationType = .sheet

    let loadingText = "Loading"
    let navigationTitle = "Products"
    let emptyText = "No products left: every one was deleted. Reload fetches the list again."
    let routerEvents = ProductListRouter.RouterEventsType()
}

extension ProductListModel: ProductListModelActionsProtocol {

    func displayLoading() {
        contentState = .loading
    }

    func update(products: [Product]) {
        contentState = .content(products: products)
    }

    func displayError(_ error: any Error) {
        contentState = .error(text: "Fail")
    }
}

extension ProductListModel: ProductListModelRouterProtocol {

    func routeToProduct(_ product: Product, presentation: RouterScreenPresentationType) {
        self.presentation = presentation
        routerEvents.routeTo(.productScreen(id: product.id))
    }

    func askToDelete(_ product: Product) {
        routerEvents.presentAlert(.error(title: "Delete \(product.title)?", message: "It leaves the list of every tab."))
    }
}
