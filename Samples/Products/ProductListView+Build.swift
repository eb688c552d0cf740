import RouterRuntime

extension ProductListView {

    static func build(data: ProductListTypes.Intent.ExternalData) -> ProductListView {
        let model = ProductListModel()
        let intent = ProductListIntent(model: model, externalData: data)
        let container = MVIContainer(
            intent: intent as ProductListIntentProtocol,
            model: model as ProductListModelStatePotocol,
            modelChangePublisher: model.objectWillChange)
        return ProductListView(container: container)
    }
}
