import RouterRuntime

/// The list screen's types, as the seed's `ListTypes`.
enum ProductListTypes {
    enum Intent {}
    enum Model {}
}

extension ProductListTypes.Intent {
    /// What the list is built with.
    struct ExternalData {
        let repository: any ProductRepositoryProtocol
        /// Where the repository's answers are applied: the room (the seed's main thread).
        let isolation: any Actor
    }
}

extension ProductListTypes.Model {
    enum ContentState {
        case loading
        case content(products: [Product])
        case error(text: String)
    }
}
