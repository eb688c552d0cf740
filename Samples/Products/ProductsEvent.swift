import AppSeam
import PlaygroundUI
import RouterRuntime

/// Glue: every event the products app accepts over HTTP, decoded from the flat envelope by `Codable`;
/// ``run(list:top:stack:pressAlert:)`` is the one mapping onto what the views' controls call.
public enum ProductsEvent: AppInput, Codable, Equatable {
    case openProduct(id: Int, presentation: String)
    case dismiss
    case deleteProduct(id: Int)
    case alertAction(action: String)
    case reload
    /// A pitfall switch: `on` runs the article's code as published where the runtime has a fix.
    case setPitfall(on: Bool, pitfall: String? = nil)

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
        case (.setPitfall, _): break  // the room's switches, set by the app
        }
        return true
    }

    /// The alert's buttons, by title.
    public static let alertActions = ["Yes", "Cancel"]

    /// Each event once: what it does over HTTP, and its arguments' limits (`presentation` is checked before `id`).
    public static let events: [EventDeclaration] = [
        .init(
            "openProduct",
            """
                MVI + Container + Router: the topmost screen's intent routes to `productScreen(id:)`, shown the way \
                `presentation` says. 409 `too_many_presented` with eight screens presented. \(noProduct)
                """,
            ["presentation": .oneOf(RouterScreenPresentationType.allCases.map(\.rawValue)), "id": productID]),
        .init("dismiss", "The topmost screen's Close or Back (`onScreenDismiss(type:)`). 409 `nothing_presented` when none is."),
        .init("deleteProduct", "A row's Delete: the alert `.error(title:message:)` with Yes and Cancel. \(noProduct)", ["id": productID]),
        .init(
            "alertAction", "Presses the alert's button `action` (Yes deletes). 409 `no_alert` when no alert is shown.",
            ["action": .oneOf(alertActions)]),
        .init("reload", "The list's intent loads the products again (Loading until they arrive)."),
        .setPitfall(pitfalls),
    ]

    static let productID = ArgumentRule.integer(1..., must: "a product's id, a whole number from 1")
    static let noProduct = "404 `no_such_product` for an id the list (`/state`'s `router.products`) does not have."

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
            ("Run the article's code as published: a screen kept by position", .setPitfall(on: true, pitfall: "screen-keyed-by-position")),
        ]
    }
}

extension ProductsEvent: PitfallSwitchable {
    public static let pitfallAppID = "router"
    /// RouterRuntime's fixes that a room can switch back to the article's code.
    public static let pitfalls = RouterPitfall.pitfalls

    public var pitfallSwitch: (on: Bool, pitfall: String?)? {
        if case .setPitfall(let on, let name) = self { (on, name) } else { nil }
    }

    public func validate() throws(AppInputError) { try Pitfall.check(self) }
}
