import AppSeam
import PlaygroundUI
import RoomServices
import RouterRuntime

/// Glue, not from the article: the products app as a playground app. HTTP's events go to the list's intent, to the
/// topmost presented screen's intent, to the routers' stack (dismiss) or to the alert's buttons (by title).
public final class ProductsPlayground: CheckpointingApp, PitfallHostingApp {
    public static let about = AppAbout(
        id: "router", title: "MVI · Container · Router",
        summary: "The view calls its intent; the intent tells the model; the container hands the model's change to the "
            + "view one turn later; the model's second output is its router, which presents screens and alerts.",
        sampleFolder: "Products",
        articleFiles: [
            "ProductListView.swift", "ProductListView+Build.swift", "ProductListIntent.swift", "ProductListIntentProtocol.swift",
            "ProductListModel.swift", "ProductListModelProtocol.swift", "ProductListRouter.swift", "ProductListTypes.swift",
            "ProductView.swift", "ProductView+Build.swift", "ProductIntent.swift", "ProductIntentProtocol.swift",
            "ProductModel.swift", "ProductModelProtocol.swift", "ProductRouter.swift", "ProductTypes.swift",
            "Product.swift", "ProductRepository.swift",
        ])

    public typealias Input = ProductsEvent

    let app: MVIRouterHost<ProductListView, ProductListIntentProtocol, ProductListModelStatePotocol>
    public var teaching: Teaching<RouterStage> { app.teaching }
    /// The room's pitfall switches and their counts of bites.
    public var pitfalls: RouterPitfalls { app.pitfalls }
    /// The room's pitfall switches as the pane and `setPitfall` show them.
    public let pitfallSwitches = PitfallSwitches(ProductsEvent.pitfalls)
    private var host: ViewHost<ProductListView> { app.host }
    private var stack: RouterStack { app.stack }
    private var listContainer: MVIContainer<ProductListIntentProtocol, ProductListModelStatePotocol>? { app.container }
    private let effects: Effects
    private let turns: Turns

    public init(services: AppServices) {
        (effects, turns) = (services.effects, services.turns)
        let root = ProductListView.build(data: .init(repository: ProductRepository(baseURL: services.ownBaseURL), effects: services.effects))
        app = MVIRouterHost(
            appID: Self.about.id, root: root, services: services, container: \.container, describe: Self.describe,
            appeared: ("the list appeared: .onAppear(perform: intent.viewOnAppear)", "The list appeared; its intent asked the repository for the products."))
        pitfallSwitches.switched = { [weak self] on, name in try? self?.handle(.setPitfall(on: on, pitfall: name), from: .browser) }
    }

    /// Each pitfall's bites by name, for a checkpoint.
    private var pitfallBites: [String: Int] { app.pitfallBites }

    /// The switch: RouterRuntime runs the article's code for this pitfall (on) or its fix (off).
    private func setPitfall(_ on: Bool, _ name: String?, from source: EventSource) {
        app.setPitfall(on, pitfall: name, switches: pitfallSwitches, from: source)
    }

    public func render(_ context: RenderContext) -> RenderedView { app.render(context) }

    /// Refusals come first and change nothing (the list is not even drawn for them); a valid event reaches the intent.
    public func handle(_ event: ProductsEvent, from source: EventSource) throws(AppError) {
        if case .setPitfall(let on, let name) = event { return setPitfall(on, name, from: source) }
        let products = listContainer?.model.products.map(\.id) ?? []
        switch event {
        case .openProduct(let id, _) where stack.entries.isEmpty && !products.contains(id), .deleteProduct(let id) where !products.contains(id):
            throw Self.noSuchProduct(id, in: products)
        case .openProduct where stack.isFull:
            throw AppError(
                .conflict, code: "too_many_presented",
                message: "\(stack.capacity) screens are presented already; dismiss one first ({\"app\":\"router\",\"event\":\"dismiss\"}).")
        case .dismiss where stack.entries.isEmpty:
            throw AppError(.conflict, code: "nothing_presented", message: "No screen is presented, so there is nothing to dismiss; send openProduct first.")
        case .alertAction where stack.alert == nil:
            throw Self.noAlert(event)
        default:
            break
        }
        app.mountIfNeeded(from: source)
        guard let list = listContainer else { throw AppError(.busy, code: "not_mounted", message: "The list could not be drawn.") }
        if case .alertAction = event { _ = host.render(RenderContext(formAction: "")) }  // the alert's buttons as drawn now
        let top = stack.entries.last.map { ($0.container as? MVIContainer<ProductIntentProtocol, ProductModelStatePotocol>)?.intent }
        guard event.run(list: list.intent, top: top, stack: stack, pressAlert: host.performAlertAction(titled:)) else {
            if case .openProduct(let id, _) = event { throw Self.noSuchProduct(id, in: products) }
            throw Self.noAlert(event)
        }
        app.record(event.spoken, from: source)
    }

    public func perform(action: String, value: String?) -> ActionOutcome { app.perform(action: action, value: value) }

    public var snapshot: ProductsSnapshot {
        let model = listContainer?.model
        let presented = stack.entries.compactMap { entry -> ProductsSnapshot.Presented? in
            guard let id = Self.productID(of: entry.screen) else { return nil }
            return .init(screen: "productScreen", id: id, presentation: entry.presentation.rawValue)
        }
        var alert: ProductsSnapshot.Alert?
        if case .error(let title, let message)? = stack.alert as? ProductListRouterAlertType { alert = .init(title: title, message: message) }
        let switches = app.pitfallCounts(pitfallSwitches)
        return ProductsSnapshot(
            contentState: contentStateName, products: model?.products.map(\.id) ?? [], presented: presented, alert: alert, pitfalls: switches)
    }

    public func unmount() { app.unmount() }

    // MARK: - Checkpoint

    /// What a room's snapshot keeps: the list's state, the presented screens in order (with their product, which
    /// the list may have deleted since) and the product an alert asks to delete.
    struct Checkpoint: Codable {
        struct Screen: Codable {
            var id: Int
            var presentation: String
            var product: Product?
        }
        var mounted: Bool
        var state: String
        var products: [Product]
        var screens: [Screen]
        var alert: Int?
        /// The pitfall switches on (absent in checkpoints written before there were any).
        var pitfalls: [String]? = nil
        var pitfallBites: [String: Int]? = nil
    }

    /// nil when an alert asks about a product the list does not have (now).
    public func checkpoint() -> String? {
        guard app.isMounted, let model = listContainer?.model else {
            return AppSeam.Checkpoint.write(Checkpoint(mounted: false, state: "loading", products: [], screens: [], pitfalls: pitfallSwitches.onNames, pitfallBites: pitfallBites))
        }
        let screens = stack.entries.compactMap { entry -> Checkpoint.Screen? in
            guard let id = Self.productID(of: entry.screen) else { return nil }
            let screen = entry.container as? MVIContainer<ProductIntentProtocol, ProductModelStatePotocol>
            // A screen that kept another route's container (the article's slot, switched on) cannot be rebuilt from
            // its route: no checkpoint then, and the room replays its journal instead.
            if let shown = screen?.model.product, shown.id != id { return nil }
            return .init(id: id, presentation: entry.presentation.rawValue, product: screen?.model.product)
        }
        guard screens.count == stack.entries.count else { return nil }
        var alert: Int?
        if case .error(let title, _)? = stack.alert as? ProductListRouterAlertType {
            guard let product = model.products.first(where: { "Delete \($0.title)?" == title }) else { return nil }
            alert = product.id
        }
        return AppSeam.Checkpoint.write(Checkpoint(
                mounted: true, state: contentStateName, products: model.products, screens: screens, alert: alert, pitfalls: pitfallSwitches.onNames,
                pitfallBites: pitfallBites))
    }

    /// Goes the way the page went: the list appears and its load is answered (with the presented products too), each
    /// screen opens from the one before, a reload answers with the list as it was, and the alert is asked again.
    public func restore(_ text: String) throws(CheckpointError) {
        let saved = try AppSeam.Checkpoint.read(Checkpoint.self, from: text, app: Self.about.id)
        defer {  // the switches as they were, once the screens are back the way they went
            app.restorePitfalls(pitfallSwitches, onNames: saved.pitfalls ?? [], bites: saved.pitfallBites ?? [:])
        }
        guard saved.mounted else { return }
        // The list has 10 products and the stack 8 screens: a checkpoint with far more was not written here.
        guard saved.products.count <= 100, saved.screens.count <= stack.capacity else {
            throw CheckpointError("the router app's checkpoint holds \(saved.products.count) products and \(saved.screens.count) screens; it writes at most 100 and \(stack.capacity)")
        }
        guard ["content", "error", "loading"].contains(saved.state) else { throw CheckpointError("the router app has no list state \(quoted(saved.state))") }
        let listed = Set(saved.products.map(\.id))
        var extras: [Product] = []
        for product in saved.screens.compactMap(\.product) where !listed.contains(product.id) && !extras.contains(where: { $0.id == product.id }) {
            extras.append(product)
        }
        let answer = { (products: [Product]) -> Result<[Product], any Error> in
            saved.state == "error" && products.isEmpty ? .failure(EffectFailure("the list could not be fetched")) : .success(products)
        }
        let context = RenderContext(formAction: "")
        let settle = { [self] in
            _ = host.render(context)
            turns.drain()
        }
        app.mountIfNeeded()
        // A load still waiting stays waiting (it is sent again as the room goes live), unless screens must open first.
        let waiting = saved.state == "loading"
        if !(waiting && saved.screens.isEmpty) {
            let first: Result<[Product], any Error> = saved.state == "error" && saved.screens.isEmpty ? answer([]) : .success(saved.products + extras)
            guard effects.completeOldest(label: "fetchProducts", with: first) else {
                throw CheckpointError("the router app's list did not start loading as it appeared")
            }
        }
        settle()
        var reloaded = true
        do throws(AppError) {
            for screen in saved.screens {
                try handle(.openProduct(id: screen.id, presentation: screen.presentation), from: .http)
                settle()
            }
            if !extras.isEmpty || saved.state != "content" && !saved.screens.isEmpty {
                listContainer?.intent.onTapReload()
                if !waiting {
                    reloaded = effects.completeOldest(label: "fetchProducts", with: answer(saved.state == "error" ? [] : saved.products))
                }
                settle()
            }
            if let alert = saved.alert {
                try handle(.deleteProduct(id: alert), from: .http)
                settle()
            }
        } catch {
            throw CheckpointError("the router app's checkpoint does not replay (\(error.message))")
        }
        guard reloaded else { throw CheckpointError("the router app's list did not reload") }
    }

    /// The list's `contentState` by its case, as `/state` and the checkpoint name it.
    private var contentStateName: String {
        switch listContainer?.model.contentState {
        case .content: "content"
        case .error: "error"
        case .loading, nil: "loading"
        }
    }

    private static func describe(_ model: ProductListModelStatePotocol?) -> String {
        switch model?.contentState {
        case .content(let products): "contentState = .content(\(products.count) products)"
        case .error(let text): "contentState = .error(\(text))"
        case .loading, nil: "contentState = .loading"
        }
    }

    private static func productID(of screen: Any) -> Int? {
        switch screen {
        case ProductListRouterScreenType.productScreen(let id): id
        case ProductRouterScreenType.productScreen(let id): id
        default: nil
        }
    }

    private static func noAlert(_ event: ProductsEvent) -> AppError {
        guard case .alertAction(let action) = event else { preconditionFailure("only an alert's answer asks for an alert") }
        return AppError(.conflict, code: "no_alert", message: "No alert is shown, so \(quoted(action)) answers nothing; deleteProduct asks one.")
    }

    private static func noSuchProduct(_ id: Int, in products: [Int]) -> AppError {
        AppError(
            .notFound, code: "no_such_product",
            message: products.isEmpty
                ? "There is no product \(id): the list is empty or still loading (send reload)."
                : "There is no product \(id); the list has \(products.map(String.init).joined(separator: ", ")).")
    }
}

/// What `/state` shows under `router`.
public struct ProductsSnapshot: Codable, Sendable, Equatable {
    public struct Presented: Codable, Sendable, Equatable {
        public let screen: String
        public let id: Int
        public let presentation: String

        public init(screen: String, id: Int, presentation: String) {
            (self.screen, self.id, self.presentation) = (screen, id, presentation)
        }
    }

    public struct Alert: Codable, Sendable, Equatable {
        public let title: String
        public let message: String
    }

    public let contentState: String
    public let products: [Int]
    public let presented: [Presented]
    @Nullable public var alert: Alert? = nil
    /// The pitfall switches (the article's code where RouterRuntime has a fix) and how often each bug bit.
    public var pitfalls: [PitfallCount] = []
}
