import EVRuntime
import OpenCombine
import PlaygroundUI
import Testing

@Suite struct ViewStateTests {
    @Test func theTemplateAllowsOnlyItsTransitions() {
        #expect(ViewStateEnum.initial.changed(to: .isLoading) == .isLoading)
        #expect(ViewStateEnum.initial.changed(to: .failed(.error)) == .failed(.error))
        #expect(ViewStateEnum.isLoading.changed(to: .loaded) == .loaded)
        #expect(ViewStateEnum.isLoading.changed(to: .failed(.error)) == .failed(.error))
        #expect(ViewStateEnum.initial.canChange(to: .loaded) == false)
        #expect(ViewStateEnum.loaded.canChange(to: .isLoading) == false)
        #expect(ViewStateEnum.initial.changed(to: .loaded) == .failed(.error))
        #expect(String(describing: ViewStateError.error) == "Error of changing view state")
    }

    /// The seed's `InitialScreen` template, driven by `.changeStateTo` actions.
    struct InitialScreen: View {
        @Action(InnerAction.initial) var action
        @State var viewState: ViewStateEnum = .initial

        var body: some View {
            content
                .onReceive($action) { newAction in
                    switch newAction {
                    case let .changeStateTo(newState): viewState = viewState.changed(to: newState)
                    default: break
                    }
                }
        }

        private var content: some View {
            switch viewState {
            case .initial: AnyView(Text(""))
            case .isLoading: AnyView(ProgressView())
            case .loaded: AnyView(Text("Loaded"))
            case let .failed(error): AnyView(Text(String(describing: error)))
            }
        }

        enum InnerAction: InnerViewAction {
            static var `default`: Self { .initial }
            case initial
            case changeStateTo(ViewStateEnum)
        }
    }

    enum StateEvent: EventEnumProtocol {
        case initial, load, finish
        static func actionsByEvent(_ event: Self) -> [any InnerViewAction] {
            switch event {
            case .initial: []
            case .load: [InitialScreen.InnerAction.changeStateTo(.isLoading)]
            case .finish: [InitialScreen.InnerAction.changeStateTo(.loaded)]
            }
        }
    }

    @Test func aViewWalksThroughItsStates() {
        let app = EVAppInstance<StateEvent, InitialScreen>(InitialScreen())
        let context = RenderContext(formAction: "/e")
        #expect(app.render(context).html == #"<span class="text"></span>"#)
        app.send(.load)
        #expect(app.render(context).html == #"<progress></progress>"#)
        app.send(.finish)
        #expect(app.render(context).html == #"<span class="text">Loaded</span>"#)
        app.send(.load)  // loaded → isLoading is not in the template
        #expect(app.render(context).html == #"<span class="text">Error of changing view state</span>"#)
    }
}
