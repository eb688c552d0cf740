import RouterRuntime

/// The list's intent: it holds the model weakly, through the two protocols the model gives it.
final class ProductListIntent {

    // MARK: Model

    private weak var model: ProductListModelActionsProtocol?
    private weak var routeModel: ProductListModelRouterProtocol?

    // MARK: Services

    private let repository: any ProductRepositoryProtocol
    private let isolation: any Actor

    // MARK: Business Data

    private var products: [Product] = []
    /// The product whose "Delete" asked the alert.
    private var pendingDeletion: Int?

    // MARK: Life cycle

    init(model: ProductListModelActionsProtocol & ProductListModelRouterProtocol, externalData: ProductListTypes.Intent.ExternalData) {
        self.model = model
        self.routeModel = model
        self.repository = externalData.repository
        self.isolation = externalData.isolation
    }
}

extension ProductListIntent: ProductListIntentProtocol {

    func viewOnAppear() {
        model?.displayLoading()
        // The seed's completion ran on URLSession's queue; here the answer comes back on the room's executor.
        Self.startLoading(from: repository, into: RoomBoundIntent(self), on: isolation)
    }

    func onTapReload() {
        viewOnAppear()
    }

    func onTapProduct(id: Int, presentation: RouterScreenPresentationType) {
        guard let product = products.first(where: { $0.id == id }) else { return }
        routeModel?.routeToProduct(product, presentation: presentation)
    }

    func onTapDelete(id: Int) {
        guard let product = products.first(where: { $0.id == id }) else { return }
        pendingDeletion = id
        routeModel?.askToDelete(product)
    }

    /// The alert's "Yes".
    func onTapConfirmDelete() {
        guard let id = pendingDeletion else { return }
        pendingDeletion = nil
        products.removeAll { $0.id == id }
        model?.update(products: products)
    }

    private static func startLoading(from repository: any ProductRepositoryProtocol, into intent: RoomBoundIntent, on isolation: any Actor) {
        Task { await load(from: repository, into: intent, on: isolation) }
    }

    private static func load(from repository: any ProductRepositoryProtocol, into intent: RoomBoundIntent, on isolation: any Actor) async {
        let result: Result<[Product], any Error>
        do {
            result = .success(try await repository.fetchProducts())
        } catch {
            result = .failure(error)
        }
        await apply(result, to: intent, on: isolation)
    }

    private static func apply(_ result: Result<[Product], any Error>, to intent: RoomBoundIntent, on isolation: isolated any Actor) {
        switch result {
        case .success(let products):
            intent.value.products = products
            intent.value.model?.update(products: products)
        case .failure(let error):
            intent.value.model?.displayError(error)
        }
    }
}

/// The intent, carried to the room's executor (it is only touched there).
private struct RoomBoundIntent: @unchecked Sendable {
    let value: ProductListIntent
    init(_ value: ProductListIntent) { self.value = value }
}
