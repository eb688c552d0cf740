import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

/// SIGINT and SIGTERM handled by one action, in place before the server says it listens (keep the value alive).
///
/// A dispatch signal source installs its handler later, on libdispatch's own thread, once it is resumed; until then
/// a SIGINT (set to `SIG_IGN`, as the source needs) is discarded and a SIGTERM kills the process. So ``install(_:)``
/// waits until both sources are registered: a signal sent once the "listening" line is printed always stops the
/// server cleanly.
///
/// ```swift
/// let signals = ShutdownSignals.install { playground.shutdown(); exit(0) }
/// try playground.start()
/// withExtendedLifetime(signals) { dispatchMain() }
/// ```
struct ShutdownSignals {
    private let sources: [DispatchSourceSignal]

    /// Handles SIGINT and SIGTERM with `action` on a queue of its own; returns once both handlers are in place.
    static func install(_ action: @escaping @Sendable () -> Void) -> ShutdownSignals {
        // Not the main queue: the registration handlers run on the sources' queue, and the main thread waits here.
        let queue = DispatchQueue(label: "playground.signals")
        let registered = DispatchSemaphore(value: 0)
        let signals = [SIGINT, SIGTERM]
        let sources = signals.map { signalNumber in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
            source.setEventHandler(handler: action)
            source.setRegistrationHandler { registered.signal() }
            source.resume()
            return source
        }
        for _ in signals { registered.wait() }
        return ShutdownSignals(sources: sources)
    }
}
