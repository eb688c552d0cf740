import RouterRuntime

extension ProductView {

    static func build(data: ProductTypes.Intent.ExternalData) -> ProductView {
        let model = ProductModel(data: data)
        let intent = ProductIntent(model: model, externalData: data)
        let container = MVIContainer(
            intent: intent as ProductIntentProtocol,
            model: model as ProductModelStatePotocol,
            modelChangePublisher: model.objectWillChange)
        return ProductView(container: container)
    }
}
