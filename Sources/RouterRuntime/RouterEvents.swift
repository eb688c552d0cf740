import OpenCombine
import RoomServices

/// The seed's way for a model to drive its router: `routeTo(_:)`, `presentAlert(_:)`, `dismiss()`. A struct whose
/// subjects are objects, so every copy (the model's, the router modifier's) sends to the same subscribers.
public struct RouterEvents<ScreenType: RouterScreenProtocol, AlertType: RouterAlertScreenProtocol> {
    let screenSubject = PassthroughSubject<ScreenType, Never>()
    let alertSubject = PassthroughSubject<AlertType, Never>()
    let dismissSubject = PassthroughSubject<Void, Never>()

    /// Whether this router has no screens (`RouterEmptyScreen`): then no screen slot is drawn.
    var screenIsEmpty: Bool { ScreenType.self == RouterEmptyScreen.self }

    public init() {}

    /// Shows `type` in the slot of its presentation type, replacing what that slot shows. `file` and `line` are the
    /// caller's (the model's), where the router stage is reported.
    public func routeTo(_ type: ScreenType, file: StaticString = #fileID, line: UInt = #line) {
        Stages.record(RouterStage.router, "routerEvents.routeTo(.\(type))", file: file, line: line)
        screenSubject.send(type)
    }

    /// Shows the alert `type`.
    public func presentAlert(_ type: AlertType, file: StaticString = #fileID, line: UInt = #line) {
        Stages.record(RouterStage.router, "routerEvents.presentAlert(.\(type))", file: file, line: line)
        alertSubject.send(type)
    }

    /// Dismisses the screen whose router this is (as the seed's `presentationMode.dismiss()`).
    public func dismiss(file: StaticString = #fileID, line: UInt = #line) {
        Stages.record(RouterStage.router, "routerEvents.dismiss()", file: file, line: line)
        dismissSubject.send()
    }
}

/// A screen a router can show.
public protocol RouterScreenProtocol {}

/// An alert a router can show.
public protocol RouterAlertScreenProtocol {}

/// How a screen is shown.
public enum RouterScreenPresentationType: String, Sendable, CaseIterable {
    case sheet
    case fullScreenCover
    /// Pushed inside a `NavigationStack`.
    case navigationDestination
}

/// The alert of a router that needs no alerts of its own.
public enum RouterDefaultAlert: RouterAlertScreenProtocol {
    case defaultAlert(title: String?, message: String?, cancelText: String)
}

/// The screens of a router that opens none.
public enum RouterEmptyScreen: RouterScreenProtocol {}
