import OpenCombine
import PlaygroundUI

/// The seed's router: a view modifier that shows a model's routes. A screen's router lists its screens and alerts,
/// draws each screen (`getScreen(for:)`), says how it is presented (`getScreenPresentationType(for:)`, `.sheet`
/// unless it says otherwise) and hears when the user dismisses one (`onScreenDismiss(type:)`).
///
/// Applied with `.modifier(ProductListRouter(routerEvents: model.routerEvents, intent: intent))`, it keeps one slot
/// per presentation type (a new route replaces what that slot shows), an alert and a dismiss channel.
public protocol RouterModifierProtocol: ViewModifier {
    associatedtype RouterScreenType: RouterScreenProtocol
    associatedtype RouterAlertType: RouterAlertScreenProtocol

    associatedtype RouterScreenView: View
    associatedtype AlertMessageView: View
    associatedtype AlertActionsView: View

    var routerEvents: RouterEvents<RouterScreenType, RouterAlertType> { get }

    // MARK: Screens

    func getScreen(for type: RouterScreenType) -> RouterScreenView
    func getScreenPresentationType(for type: RouterScreenType) -> RouterScreenPresentationType
    func onScreenDismiss(type: RouterScreenType)

    // MARK: Alerts

    func getAlertTitle(for type: RouterAlertType) -> Text?
    func getAlertMessage(for type: RouterAlertType) -> AlertMessageView
    func getAlertActions(for type: RouterAlertType) -> AlertActionsView
}

extension RouterModifierProtocol {
    /// The slots: a pushed screen, a sheet and a full-screen cover (each filled by the routes of its presentation
    /// type), the alert, and the dismiss channel.
    public func body(content: Content) -> some View {
        content
            .modifier(slot(.navigationDestination))
            .modifier(slot(.sheet))
            .modifier(slot(.fullScreenCover))
            .modifier(
                RouterAlertModifier(
                    publisher: routerEvents.alertSubject.eraseToAnyPublisher(),
                    title: getAlertTitle, message: getAlertMessage, actions: getAlertActions))
            .modifier(RouterDismissModifier(publisher: routerEvents.dismissSubject.eraseToAnyPublisher()))
    }

    private func slot(_ presentation: RouterScreenPresentationType) -> RouterScreenSlotModifier<RouterScreenView, RouterScreenType> {
        RouterScreenSlotModifier(
            presentation: presentation, isEmpty: routerEvents.screenIsEmpty,
            publisher: routerEvents.screenSubject.filter { getScreenPresentationType(for: $0) == presentation }.eraseToAnyPublisher(),
            screen: getScreen, onDismiss: onScreenDismiss)
    }
}

extension RouterModifierProtocol {
    public func getScreenPresentationType(for type: RouterScreenType) -> RouterScreenPresentationType { .sheet }

    public func getScreen(for type: RouterScreenType) -> EmptyView { EmptyView() }

    public func onScreenDismiss(type: RouterScreenType) {}

    public func getAlertTitle(for type: RouterAlertType) -> Text? {
        guard case .defaultAlert(let title, _, _) = type as? RouterDefaultAlert else { return nil }
        return title.map { Text($0) }
    }

    public func getAlertMessage(for type: RouterAlertType) -> Text? {
        guard case .defaultAlert(_, let message, _) = type as? RouterDefaultAlert else { return nil }
        return message.map { Text($0) }
    }

    public func getAlertActions(for type: RouterAlertType) -> Button<Text>? {
        guard case .defaultAlert(_, _, let cancelText) = type as? RouterDefaultAlert else { return nil }
        return Button(role: .cancel, action: {}, label: { Text(cancelText) })
    }
}
