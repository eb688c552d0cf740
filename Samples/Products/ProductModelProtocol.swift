import RouterRuntime

protocol ProductModelStatePotocol {
    var product: Product? { get }
    var next: Product? { get }
    var presentation: RouterScreenPresentationType { get }
    var products: [Product] { get }

    var routerEvents: ProductRouter.RouterEventsType { get }
}

protocol ProductModelActionsProtocol: AnyObject {}

protocol ProductModelRouterProtocol: AnyObject {
    func routeToProduct(_ product: Product, presentation: RouterScreenPresentationType)
    func close()
}
