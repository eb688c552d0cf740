/// An error meant for the user, in an alert or in line.
public protocol DisplayableError: Error {
    var title: String { get }
    var message: String { get }
}
