import OpenCombine
import RouterRuntime

final class ProductModel: ObservableObject, ProductModelStatePotocol {

    let product: Product?
    let next: Product?
    let products: [Product]
    @Published var presentation: RouterScreenPresentationType = .sheet
    let routerEvents = ProductRouter.RouterEventsType()

    init(data: ProductTypes.Intent.ExternalData) {
        products = data.products
        let index = data.products.firstIndex { $0.id == data.productID }
        product = index.map { data.products[$0] }
        next = index.map { data.products[($0 + 1) % data.products.count] }
    }
}

extension ProductModel: ProductModelActionsProtocol {}

extension ProductModel: ProductModelRouterProtocol {

    func routeToProduct(_ product: Product, presentation: RouterScreenPresentationType) {
        self.presentation = presentation
        routerEvents.routeTo(.productScreen(id: product.id))
    }

    func close() {
        routerEvents.dismiss()
    }
}
