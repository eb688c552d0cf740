import PlaygroundUI
import RoomServices
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
        /// The room's door to the outside: the request goes through it, and the answer is applied on the room's
        /// executor (the seed's main thread), after the room's journal keeps it.
        let effects: Effects
    }
}

extension ProductListTypes.Model {
    enum ContentState {
        case loading
        case content(products: [Product])
        case error(text: String)
    }
}
