import OpenCombine
import PlaygroundTesting
import RoomServices
import Testing

@testable import PlaygroundUI
@testable import ProductsRouter
@testable import RouterRuntime

/// The runtime's semantics with a small router of its own: the container, the slots, dismissal and alerts.
@Suite struct RouterRuntimeTests {
    static let context = RenderContext(formAction: "/e", actionURL: "/a", actionFields: [])

    enum Screen: RouterScreenProtocol {
        case detail(Int)
    }

    enum Alert: RouterAlertScreenProtocol {
        case confirm(String)
    }

    final class Model: ObservableObject {
        @Published var count = 0
        var presentation = RouterScreenPresentationType.sheet
        let routerEvents = RouterEvents<Screen, Alert>()
        var dismissed: [String] = []
        var answered: [String] = []
    }

    struct TestRouter: RouterModifierProtocol {
        let routerEvents: RouterEvents<Screen, Alert>
        let model: Model

        func getScreenPresentationType(for type: Screen) -> RouterScreenPresentationType { model.presentation }

        func getScreen(for type: Screen) -> some View {
            switch type {
            case .detail(let id): Text("detail \(id)")
            }
        }

        func onScreenDismiss(type: Screen) { model.dismissed.append("\(type)") }

        func getAlertTitle(for type: Alert) -> Text? {
            switch type {
            case .confirm(let title): Text(title)
            }
        }

        func getAlertMessage(for type: Alert) -> some View { Text("Sure?") }

        @ViewBuilder func getAlertActions(for type: Alert) -> some View {
            Button("Yes") { model.answered.append("yes") }
            Button("Cancel", role: .cancel) { model.answered.append("cancel") }
        }
    }

    struct Root: View {
        let model: Model
        var body: some View {
            NavigationStack {
                Text("root").modifier(TestRouter(routerEvents: model.routerEvents, model: model))
            }
        }
    }

    func host(_ model: Model, stack: RouterStack = RouterStack()) -> ViewHost<Root> {
        let host = ViewHost(Root(model: model), environment: EnvironmentValues().with(\.routerStack, stack))
        _ = host.render(Self.context)
        return host
    }

    @Test func eachPresentationTypeFillsItsOwnSlotAndANewRouteReplacesIt() {
        let model = Model(), stack = RouterStack()
        let host = host(model, stack: stack)
        model.routerEvents.routeTo(.detail(1))
        model.presentation = .navigationDestination
        model.routerEvents.routeTo(.detail(2))
        model.presentation = .fullScreenCover
        model.routerEvents.routeTo(.detail(3))
        var html = host.render(Self.context).html
        #expect(html.contains("presentation-sheet") && html.contains(">detail 1<"))
        #expect(html.contains("presentation-push") && html.contains(">detail 2<"))
        #expect(html.contains("presentation-cover") && html.contains(">detail 3<"))
        #expect(stack.entries.map(\.presentation) == [.sheet, .navigationDestination, .fullScreenCover])

        model.presentation = .sheet
        model.routerEvents.routeTo(.detail(4))
        html = host.render(Self.context).html
        #expect(!html.contains(">detail 1<") && html.contains(">detail 4<"), "one slot per type: the sheet shows 4 now")
        #expect(html.components(separatedBy: "presentation-sheet").count == 2)
        #expect(stack.entries.map { "\($0.screen)" } == ["detail(2)", "detail(3)", "detail(4)"])
        #expect(model.dismissed.isEmpty, "a replaced screen was not dismissed by the user")
        #expect(stack.takeNotes().first == "routeTo(.detail(1)) → sheet slot")
    }

    @Test func aFullStackRefusesNewScreensButNotReplacements() {
        let model = Model(), stack = RouterStack(capacity: 2)
        let host = host(model, stack: stack)
        model.routerEvents.routeTo(.detail(1))
        model.presentation = .fullScreenCover
        model.routerEvents.routeTo(.detail(2))
        model.presentation = .navigationDestination
        model.routerEvents.routeTo(.detail(3))
        #expect(stack.entries.count == 2 && stack.isFull)
        #expect(stack.takeNotes().last == "routeTo(.detail(3)) refused: 2 screens are presented already")
        model.presentation = .sheet
        model.routerEvents.routeTo(.detail(4))
        #expect(stack.entries.map { "\($0.screen)" } == ["detail(2)", "detail(4)"], "a replacement is not a new screen")
        #expect(!host.render(Self.context).html.contains("presentation-push"))
    }

    @Test func onScreenDismissIsCalledExactlyOncePerDismissal() {
        let model = Model(), stack = RouterStack()
        let host = host(model, stack: stack)
        model.routerEvents.routeTo(.detail(1))
        let html = host.render(Self.context).html
        let close = html.matches(of: /name="control" value="([^"]*)"/).map { String($0.1) }[0]
        #expect(host.perform(action: close, value: nil) == .performed)
        #expect(model.dismissed == ["detail(1)"])
        _ = host.perform(action: close, value: nil)  // a second press before the page changed: no second call
        #expect(model.dismissed == ["detail(1)"])
        _ = host.render(Self.context)
        #expect(host.perform(action: close, value: nil) != .performed, "the closed sheet's Close is stale")
        #expect(model.dismissed == ["detail(1)"])
        #expect(stack.entries.isEmpty)

        model.routerEvents.routeTo(.detail(2))
        _ = host.render(Self.context)
        #expect(stack.dismissTop())
        #expect(!stack.dismissTop())
        #expect(model.dismissed == ["detail(1)", "detail(2)"])
    }

    @Test func alertActionsDismissTheAlertThenRun() {
        let model = Model(), stack = RouterStack()
        let host = host(model, stack: stack)
        model.routerEvents.presentAlert(.confirm("Delete?"))
        _ = host.render(Self.context)
        #expect(host.presentedAlertActions == ["Yes", "Cancel"])
        #expect(host.presentedAlertText?.title == "Delete?")
        #expect(stack.alert != nil)
        #expect(host.performAlertAction(titled: "Cancel"))
        #expect(model.answered == ["cancel"] && stack.alert == nil && host.presentedAlertText == nil)
        model.routerEvents.presentAlert(.confirm("Again?"))
        _ = host.render(Self.context)
        #expect(host.performAlertAction(titled: "Yes"))
        #expect(model.answered == ["cancel", "yes"])
    }

    /// The seed's `RouterEvents` is a struct of subjects: a copy sends to the same router.
    @Test func copiesOfRouterEventsShareTheirSubjects() {
        let model = Model()
        let host = host(model)
        let copy = model.routerEvents
        copy.routeTo(.detail(9))
        #expect(host.render(Self.context).html.contains(">detail 9<"))
    }

    /// The container is the view's `@StateObject`: re-created view values find the same intent and model.
    @Test func theContainerKeepsIntentAndModelAcrossReCreation() throws {
        final class Holder {
            var renders = 0
        }
        struct Screen: View {
            @StateObject var container: MVIContainer<String, Model>
            var body: some View { Text("\(container.model.count)") }
        }
        struct Root: View {
            let holder: Holder
            var body: some View {
                holder.renders += 1
                let model = Model()
                return Screen(container: MVIContainer(intent: "intent \(holder.renders)", model: model, modelChangePublisher: model.objectWillChange))
            }
        }
        let host = ViewHost(Root(holder: Holder()), inspecting: [Screen.self])
        _ = host.render(Self.context)
        let first = try #require(host.view(Screen.self)?.container)
        for _ in 0..<3 { _ = host.render(Self.context) }
        let again = try #require(host.view(Screen.self)?.container)
        #expect(first === again && again.intent == "intent 1")
        #expect(first.isForwarding, "linked to its position")
    }

    actor Room {}

    /// The model's `objectWillChange` fires before its properties change; the container forwards it one turn
    /// later on the room's executor, when the new value can be read.
    @Test func theContainerForwardsTheModelsChangeOneTurnLater() async throws {
        let room = Room()
        let model = Model()
        let container = MVIContainer(intent: 0, model: model, modelChangePublisher: model.objectWillChange)
        let turns = Turns(isolation: room)
        container.link(to: EnvironmentValues().with(\.turns, turns))
        let seen = Seen()
        let subscription = container.objectWillChange.sink { seen.values.append(model.count) }
        model.count = 5
        #expect(seen.values.isEmpty, "not in the same turn")
        await room.turn()
        for _ in 0..<100 where seen.values.isEmpty { await Task.yield() ; try await Task.sleep(for: .milliseconds(1)) }
        #expect(seen.values == [5], "one turn later, the view reads the new value")
        subscription.cancel()
    }

    final class Seen: @unchecked Sendable {
        var values: [Int] = []
    }

    /// The intent holds its model weakly (through the model's two protocols): freeing the container frees the
    /// model even while something still holds the intent.
    @MainActor @Test func theIntentDoesNotKeepTheModelAlive() {
        weak var weakModel: ProductListModel?
        var intent: ProductListIntent?
        do {
            let model = ProductListModel()
            let data = ProductListTypes.Intent.ExternalData(
                repository: ProductRepository(baseURL: "http://127.0.0.1:9"), effects: Effects(isolation: MainActor.shared))
            let strongIntent = ProductListIntent(model: model, externalData: data)
            let container = MVIContainer(
                intent: strongIntent as ProductListIntentProtocol, model: model as ProductListModelStatePotocol,
                modelChangePublisher: model.objectWillChange)
            weakModel = model
            intent = strongIntent
            #expect(container.model is ProductListModel)
        }
        #expect(weakModel == nil, "the container was the model's only owner")
        #expect(intent != nil)
        intent?.onTapReload()  // talks to a model that is gone: nothing happens
    }
}

extension RouterRuntimeTests.Room {
    func turn() {}
}
