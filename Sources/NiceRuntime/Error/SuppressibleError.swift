/// An error that may be neither logged nor shown: the ``ErrorService`` drops it.
public protocol SuppressibleError: Error {
    var shouldDisplay: Bool { get }
}
