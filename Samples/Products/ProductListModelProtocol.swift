import RouterRuntime

/// What the view reads.
protocol ProductListModelStatePotocol {
    var contentState: ProductListTypes.Model.ContentState { get }
    var loadingText: String { get }
    var navigationTitle: String { get }
    /// What the list says when it has no product (each was deleted).
    var emptyText: String { get }
    /// How the next product opens (the three buttons pick it).
    var presentation: RouterScreenPresentationType { get }

    var routerEvents: ProductListRouter.RouterEventsType { get }
}

/// What the intent asks the model to show.
protocol ProductListModelActionsProtocol: AnyObject {
    func displayLoading()
    func update(products: [Product])
    func displayError(_ error: any Error)
}

/// Where the intent asks the model to go.
protocol ProductListModelRouterProtocol: AnyObject {
    func routeToProduct(_ product: Product, presentation: RouterScreenPresentationType)
    func askToDelete(_ product: Product)
}
