import PlaygroundUI
import RoomServices
import RouterRuntime

/// The list's intent: it holds the model weakly, through the two protocols the model gives it.
final class ProductListIntent {

    // MARK: Model

    private weak var model: ProductListModelActionsProtocol?
    private weak var routeModel: ProductListModelRouterProtocol?

    // MARK: Services

    private let repository: any ProductRepositoryProtocol
    private let effects: Effects

    // MARK: Business Data

    private var products: [Product] = []
    /// The product whose "Delete" asked the alert.
    private var pendingDeletion: Int?

    // MARK: Life cycle

    init(model: ProductListModelActionsProtocol & ProductListModelRouterProtocol, externalData: ProductListTypes.Intent.ExternalData) {
        self.model = model
        self.routeModel = model
        self.repository = externalData.repository
        self.effects = externalData.effects
    }
}

extension ProductListIntent: ProductListIntentProtocol {

    func viewOnAppear() {
        Stages.record(RouterStage.intent, "intent.viewOnAppear()")
        model?.displayLoading()
        // The seed's completion ran on URLSession's queue; here the answer comes back on the room's executor.
        effects.run("fetchProducts") { [repository] in
            try await repository.fetchProducts()
        } then: { [weak self] result in
            self?.apply(result)
        }
    }

    func onTapReload() {
        Stages.record(RouterStage.intent, "intent.onTapReload()")
        viewOnAppear()
    }

    func onTapProduct(id: Int, presentation: RouterScreenPresentationType) {
        Stages.record(RouterStage.intent, "intent.onTapProduct(id: \(id), presentation: \(presentation))")
        guard let product = products.first(where: { $0.id == id }) else { return }
        routeModel?.routeToProduct(product, presentation: presentation)
    }

    func onTapDelete(id: Int) {
        Stages.record(RouterStage.intent, "intent.onTapDelete(id: \(id))")
        guard let product = products.first(where: { $0.id == id }) else { return }
        pendingDeletion = id
        routeModel?.askToDelete(product)
    }

    /// The alert's "Yes".
    func onTapConfirmDelete() {
        Stages.record(RouterStage.intent, "intent.onTapConfirmDelete()")
        guard let id = pendingDeletion else { return }
        pendingDeletion = nil
        products.removeAll { $0.id == id }
        model?.update(products: products)
    }

    private func apply(_ result: Result<[Product], any Error>) {
        switch result {
        case .success(let products):
            self.products = products
            model?.update(products: products)
        case .failure(let error):
            model?.displayError(error)
        }
    }
}
