import OpenCombine
import PlaygroundUI
import RoomServices

/// One presentation slot of a router (the seed's `RouterSheetModifier` and `RouterNavigationDestinationModifier`):
/// the screen it shows, fed by the routes of its presentation type. A new route replaces the screen (a fresh one:
/// its container is made anew); the user's dismissal calls `onDismiss` (the router's `onScreenDismiss(type:)`)
/// once and empties the slot.
struct RouterScreenSlotModifier<ScreenView: View, ScreenType: RouterScreenProtocol>: ViewModifier {
    let presentation: RouterScreenPresentationType
    let isEmpty: Bool
    let publisher: AnyPublisher<ScreenType, Never>
    let screen: (ScreenType) -> ScreenView
    let onDismiss: ((ScreenType) -> Void)?

    @State private var screenType: ScreenType?
    /// Counts routes, so each one shows a new screen rather than the last one's state.
    @State private var generation = 0
    @Environment(\.routerStack) private var stack
    @Environment(\.routerStackParent) private var parent
    @Environment(\.routerFragmentPrefix) private var fragmentPrefix
    @Environment(\.routerPitfalls) private var pitfalls
    @StateObject private var entry = RouterStackEntry()

    private var isPresented: Binding<Bool> {
        Binding(
            get: { screenType != nil },
            set: { presented in
                guard !presented, let type = screenType else { return }
                screenType = nil
                entry.leave()
                Stages.record(RouterStage.router, "onScreenDismiss(type: .\(type))", line: #line + 1, lastLine: #line + 2)
                stack?.note("onScreenDismiss(type: .\(type))")
                onDismiss?(type)
            })
    }

    @ViewBuilder private var screenContent: some View {
        if let type = screenType {
            ForEach([generation], id: \.self) { _ in
                if let fragmentPrefix {
                    // Each presented screen is a fragment of its own: a change inside it patches it alone.
                    screen(type).environment(\.routerStackParent, entry.id).id("\(fragmentPrefix)-screen-\(entry.id ?? 0)")
                } else {
                    screen(type).environment(\.routerStackParent, entry.id)
                }
            }
        }
    }

    func body(content: Content) -> some View {
        if isEmpty {
            content
        } else {
            presented(content)
                .onReceive(publisher) { type in
                    if let stack, stack.isFull, screenType == nil {
                        stack.note("routeTo(.\(type)) refused: \(stack.capacity) screens are presented already")
                        return
                    }
                    if let shown = screenType, let pitfalls, pitfalls.isOn(.screenKeyedByPosition) {
                        return keepScreen(of: shown, routedTo: type, pitfalls)
                    }
                    screenType = type
                    generation += 1
                    let isPresented = self.isPresented
                    entry.enter(stack, parent: parent, screen: type, presentation: presentation) { isPresented.wrappedValue = false }
                    stack?.note("routeTo(.\(type)) → \(presentation.rawValue) slot")
                }
        }
    }

    /// The seed's slot with ``RouterPitfall/screenKeyedByPosition`` on: the new route's screen takes the shown one's
    /// position (same generation, same stack entry), so its `@StateObject` container, made for `shown`, stays.
    private func keepScreen(of shown: ScreenType, routedTo type: ScreenType, _ pitfalls: RouterPitfalls) {
        screenType = type
        entry.replaceScreen(with: type)
        pitfalls.bit(.screenKeyedByPosition, nil)
        stack?.note("routeTo(.\(type)) → \(presentation.rawValue) slot at .\(shown)'s position: the screen kept that one's container")
    }

    @ViewBuilder private func presented(_ content: Content) -> some View {
        switch presentation {
        case .sheet: content.sheet(isPresented: isPresented) { screenContent }
        case .fullScreenCover: content.fullScreenCover(isPresented: isPresented) { screenContent }
        case .navigationDestination: content.navigationDestination(isPresented: isPresented) { screenContent }
        }
    }
}

/// The seed's `RouterAlertModifier`: the alert a router shows, with the actions and message its router draws.
struct RouterAlertModifier<Actions: View, Message: View, AlertType: RouterAlertScreenProtocol>: ViewModifier {
    let publisher: AnyPublisher<AlertType, Never>
    let title: (AlertType) -> Text?
    let message: (AlertType) -> Message
    let actions: (AlertType) -> Actions

    @State private var alertType: AlertType?
    @Environment(\.routerStack) private var stack

    private var isPresented: Binding<Bool> {
        Binding(
            get: { alertType != nil },
            set: { presented in
                guard !presented else { return }
                alertType = nil
                stack?.alert = nil
            })
    }

    func body(content: Content) -> some View {
        content
            .alert(alertType.flatMap(title) ?? Text(""), isPresented: isPresented) {
                if let alertType { actions(alertType) }
            } message: {
                if let alertType { message(alertType) }
            }
            .onReceive(publisher) { type in
                alertType = type
                stack?.alert = type
                stack?.note("presentAlert(.\(type))")
            }
    }
}

/// The seed's `RouterDismissModifier`: `routerEvents.dismiss()` dismisses the presentation the screen is in.
struct RouterDismissModifier: ViewModifier {
    let publisher: AnyPublisher<Void, Never>

    @Environment(\.dismiss) private var dismiss
    @Environment(\.routerStack) private var stack

    func body(content: Content) -> some View {
        content.onReceive(publisher) { _ in
            stack?.note("dismiss()")
            dismiss()
        }
    }
}
