/// An error meant to be logged.
///
/// The seed decides "connection error" from `NSURLErrorNotConnectedToInternet`; here the error says so itself
/// (``isConnectionError``, false unless it overrides it), since Linux's networking reports other codes.
public protocol LoggableError: Error {
    var typeDescription: StaticString { get }
    var errorDescription: String { get }
    /// True when the error means the network could not be reached: the ``ErrorService`` shows ``ConnectivityError``.
    var isConnectionError: Bool { get }
    /// Writes the error to `log` (the seed writes it to its global logger).
    func log(to log: NiceLog)
}

extension LoggableError {
    /// False: an error says so when it is one.
    public var isConnectionError: Bool { false }

    /// Records "typeDescription: errorDescription".
    public func log(to log: NiceLog) {
        log.record("\(typeDescription): \(errorDescription)")
    }
}
