import AppSeam
import EVRuntime
import PlaygroundUI

/// Not in the seed: the fault injection the catalog's requests go through, shown and set like any view's state.
struct FaultsScreen: View {

    @Action(InnerAction.initial) var action

    @State var settings = FaultSettings.none

    @Environment(\.eventSubject) var eventSubject
    @Environment(\.filmsCatalog) var catalog

    var body: some View {
        FaultInjectionControls(settings: settings) { chosen in
            eventSubject.send(.setFaults(chosen))
        }

        .onReceive($action) { newAction in
            switch newAction {

            case let .setFaults(newSettings):
                settings = newSettings
                catalog?.faults.setFaults(newSettings)

            case .initial:
                break
            }
        }
    }

    enum InnerAction: InnerViewAction {
        static var `default`: FaultsScreen.InnerAction { .initial }

        case initial
        case setFaults(FaultSettings)
    }
}
