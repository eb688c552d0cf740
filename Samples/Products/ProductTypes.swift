import RouterRuntime

/// The product screen's types.
enum ProductTypes {
    enum Intent {}
    enum Model {}
}

extension ProductTypes.Intent {
    /// What a product screen is built with: the product to show, and the list it came from (to open the next).
    struct ExternalData {
        let productID: Int
        let products: [Product]
    }
}
