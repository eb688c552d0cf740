import OpenCombine
import PlaygroundUI
import VVSIRuntime

/// The seed's example: a list of items with Add, Remove and Random, and an alert for the interactor's errors.
public struct ListView: View {

    enum AlertType: Identifiable {
        var id: String { "\(self)" }
        case error(String)
    }

    @StateObject
    var viewState = ViewState(.init(), Interactor())

    @State
    private var alertType: AlertType? = nil

    /// Random's count and length (the seed's `Int.random(in:)`), from the injected source.
    private let random: RandomSource

    /// The room's way in, as SwiftUI injects into a `@StateObject`: seeded dependencies and the queue's bound.
    init(dependencies: Dependencies = .shared, maxPendingActions: Int = 64) {
        random = dependencies.service
        _viewState = StateObject(
            wrappedValue: ViewState(.init(), Interactor(dependencies: dependencies), maxPendingActions: maxPendingActions))
    }

    /// The seed's body: the items, the three buttons, the alert and the notification handler.
    public var body: some View {
        ForEach(viewState.state.items, id: \.self) { item in
            Text(item)
        }

        // The seed's buttons call `viewState.trigger(…)`. On the web a press is a POST of the event
        // (`{"app":"vvsi","event":"add"}`), and the room calls `viewState.trigger(.add)` for it.
        HStack {
            Button(posting: ListViewEvent.add) {
                Text("Add")
            }

            Button(posting: ListViewEvent.remove) {
                Text("Remove")
            }
            // Count and length are drawn when the view renders, so the form carries them (it works without JS).
            Button(posting: ListViewEvent.random(count: random.int(in: 1..<10), length: random.int(in: 1..<5))) {
                Text("Random")
            }
        }
        .alert(item: $alertType) { item in
            switch item {
            case .error(let error):
                Alert(
                    title: Text("Error"),
                    message: Text(error),
                    dismissButton: .default(Text("Ok"))
                )
            }
        }
        .onReceive(viewState.notifications) { notification in
            switch notification {
            case .error(let message):
                alertType = .error(message)
            }
        }
    }
}
