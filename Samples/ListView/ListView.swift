import OpenCombine
import PlaygroundUI
import RoomServices
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
    /// The buttons draw from `random`, the interactor's tasks from `dependencies`: two sequences, so a task's
    /// draws can never interleave with a press's.
    init(dependencies: Dependencies = .shared, random: RandomSource = RandomSource(), maxPendingActions: Int = 64) {
        self.random = random
        _viewState = StateObject(
            wrappedValue: ViewState(.init(), Interactor(dependencies: dependencies), maxPendingActions: maxPendingActions))
    }

    /// The seed's body: the items, the three buttons, the alert and the notification handler.
    public var body: some View {
        ForEach(viewState.state.items, id: \.self) { item in
            Text(item)
        }

        HStack {
            Button {
                viewState.trigger(.add)
            } label: {
                Text("Add")
            }

            Button {
                viewState.trigger(.remove)
            } label: {
                Text("Remove")
            }

            // The seed's `Int.random(in:)`, drawn from the room's seeded source so a demo can be replayed.
            Button {
                viewState.trigger(.random(.init(count: random.int(in: 1..<10), length: random.int(in: 1..<5))))
            } label: {
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
