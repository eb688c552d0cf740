import OpenCombine
import RoomServices

/// Receives every error through ``error`` and routes it (the seed's rules, in order):
///
/// 1. a ``SuppressibleError`` is logged as suppressed and dropped;
/// 2. a ``LoggableError`` that is a connection error becomes ``ConnectivityError``; any other is logged;
/// 3. a ``DisplayableError`` is forwarded on ``didReceiveDisplayableError``;
/// 4. anything else is logged and replaced by `UnknownError("Please try again later.")`.
///
/// ``didReceiveDisplayableError`` is a broadcast: every bound ``ObservableVM`` of the room moves to `.error`.
/// Delivery is synchronous: errors are sent on the room's executor, where the seed hops to `RunLoop.main`.
public final class ErrorService {
    @Injected(\.log) private var log: NiceLog
    private var cancellables = [AnyCancellable]()

    /// Where errors come in.
    public let error = PassthroughSubject<any Error, Never>()
    /// What view models show.
    public let didReceiveDisplayableError = PassthroughSubject<any DisplayableError, Never>()

    /// A service logging to the current room's log.
    public init() {
        error
            .sink { [weak self] error in self?.route(error) }
            .store(in: &cancellables)
    }

    private func route(_ error: any Error) {
        if let suppressible = error as? any SuppressibleError {
            Stages.record(NiceStage.errorService, "error: suppressed \(suppressible)")
            log.record("Suppressed error: \(suppressible) (shouldDisplay: \(suppressible.shouldDisplay))")
            return
        }
        if let loggable = error as? any LoggableError {
            if loggable.isConnectionError {
                loggable.log(to: log)
                broadcast(ConnectivityError())
                return
            }
            loggable.log(to: log)
        }
        if let displayable = error as? any DisplayableError {
            broadcast(displayable)
            return
        }
        log.record("An unknown or unhandled error occurred: \(error)")
        let displayable = UnknownError(message: "Please try again later.")
        broadcast(displayable)
        log.record("Showing displayable error: \(displayable.title): \(displayable.message)")
    }

    /// Every bound view model hears `displayable`.
    private func broadcast(_ displayable: any DisplayableError) {
        Stages.record(NiceStage.errorService, "didReceiveDisplayableError.send(\(displayable.title): \(displayable.message))")
        didReceiveDisplayableError.send(displayable)
    }
}

@available(*, unavailable, message: "an ErrorService lives on its room's executor")
extension ErrorService: Sendable {}

/// The key of ``InjectedValues/errorService``.
public struct ErrorServiceKey: InjectionKey {
    /// A new service for each room.
    public static var currentValue: ErrorService { ErrorService() }
}

extension InjectedValues {
    /// The room's error service.
    public var errorService: ErrorService {
        get { self[ErrorServiceKey.self] }
        set { self[ErrorServiceKey.self] = newValue }
    }
}
