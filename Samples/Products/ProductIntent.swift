import RoomServices
import RouterRuntime

final class ProductIntent {

    // MARK: Model

    private weak var model: ProductModelActionsProtocol?
    private weak var routeModel: ProductModelRouterProtocol?

    // MARK: Business Data

    private let externalData: ProductTypes.Intent.ExternalData

    // MARK: Life cycle

    init(model: ProductModelActionsProtocol & ProductModelRouterProtocol, externalData: ProductTypes.Intent.ExternalData) {
        self.externalData = externalData
        self.model = model
        self.routeModel = model
    }
}

extension ProductIntent: ProductIntentProtocol {

    /// Opens the product after this one in the list, on top of this screen.
    func onTapOpenNext(presentation: RouterScreenPresentationType) {
        Stages.record(RouterStage.intent, "intent.onTapOpenNext(presentation: \(presentation))")
        let products = externalData.products
        guard let index = products.firstIndex(where: { $0.id == externalData.productID }), !products.isEmpty else { return }
        routeModel?.routeToProduct(products[(index + 1) % products.count], presentation: presentation)
    }

    /// Opens the product `id` on top of this screen; false when the list has no such product.
    @discardableResult
    func onTapOpen(id: Int, presentation: RouterScreenPresentationType) -> Bool {
        Stages.record(RouterStage.intent, "intent.onTapOpen(id: \(id), presentation: \(presentation))")
        guard let product = externalData.products.first(where: { $0.id == id }) else { return false }
        routeModel?.routeToProduct(product, presentation: presentation)
        return true
    }

    func onTapDone() {
        Stages.record(RouterStage.intent, "intent.onTapDone()")
        routeModel?.close()
    }
}
