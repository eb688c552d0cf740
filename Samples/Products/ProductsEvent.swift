import AppSeam
import PlaygroundUI
import RouterRuntime

/// Glue: every event the products app accepts over HTTP, decoded from the flat envelope by `Codable`;
/// ``run(list:top:stack:pressAlert:)`` is the one mapping onto what the views' controls call.
///
/// | event | arguments |
/// |---|---|
/// | `openProduct` | `id` (a product of the list), `presentation`: `sheet`, `fullScreenCover` or `navigationDestination` |
/// | `dismiss`, `reload` | none |
/// | `deleteProduct` | `id` |
/// | `alertAction` | `action`: `Yes` or `Cancel` |
public enum ProductsEvent: AppInput, Codable, Equatable {
    case openProduct(id: Int, presentation: String)
    case dismiss
    case deleteProduct(id: Int)
    case alertAction(action: String)
    case reload

    /// Calls what the page's control calls: a row, Delete and Reload call the list's intent (a row of a presented
    /// screen, `top`, its intent); the close button the routers' stack; the alert's buttons are pressed by title.
    /// False when the top screen has no such product, or no alert has that button.
    func run(
        list: ProductListIntentProtocol, top: ProductIntentProtocol??, stack: RouterStack, pressAlert: (String) -> Bool
    ) -> Bool {
        switch (self, top) {
        case (.openProduct(let id, let presentation), nil):
            list.onTapProduct(id: id, presentation: RouterScreenPresentationType(rawValue: presentation)!)
        case (.openProduct(let id, let presentation), let top?):
            return top?.onTapOpen(id: id, presentation: RouterScreenPresentationType(rawValue: presentation)!) ?? false
        case (.dismiss, _): stack.dismissTop()
        case (.deleteProduct(let id), _): list.onTapDelete(id: id)
        case (.alertAction(let action), _): return pressAlert(action)
        case (.reload, _): list.onTapReload()
        }
        return true
    }

    /// The alert's buttons, by title.
    public static let alertActions = ["Yes", "Cancel"]

    public func validate() throws(AppInputError) {
        switch self {
        case .openProduct(let id, let presentation):
            guard RouterScreenPresentationType(rawValue: presentation) != nil else {
                let accepted = RouterScreenPresentationType.allCases.map(\.rawValue).joined(separator: ", ")
                throw AppInputError(.invalidArgument, "\"presentation\" must be one of: \(accepted); got \(quoted(presentation)).")
            }
            try Self.checkID(id)
        case .deleteProduct(let id):
            try Self.checkID(id)
        case .alertAction(let action):
            guard Self.alertActions.contains(action) else {
                throw AppInputError(.invalidArgument, "\"action\" must be one of: Yes, Cancel; got \(quoted(action)).")
            }
        case .dismiss, .reload:
            break
        }
    }

    private static func checkID(_ id: Int) throws(AppInputError) {
        guard id >= 1 else { throw AppInputError(.invalidArgument, "\"id\" must be a product's id, a whole number from 1; got \(id).") }
    }

    /// A product the list shows: its second row, Star Wars, whose id is the film's id in the shipped catalog (the list
    /// is the catalog's first ten films for "star"). An id the list does not hold answers 404 `no_such_product`.
    public static let exampleProduct = (id: 48908, title: "Star Wars")

    public static var examples: [(label: String, input: ProductsEvent)] {
        let (id, title) = exampleProduct
        return [
            ("Open \(title) (\(id)) as a sheet", .openProduct(id: id, presentation: "sheet")),
            ("Push \(title) (\(id)) over the top screen", .openProduct(id: id, presentation: "navigationDestination")),
            ("Dismiss the top screen", .dismiss), ("Dismiss the next one", .dismiss),
            ("Ask to delete \(title) (\(id))", .deleteProduct(id: id)), ("Answer the alert: Yes", .alertAction(action: "Yes")),
            ("Reload the list", .reload),
        ]
    }
}
