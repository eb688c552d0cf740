import NiceRuntime
import OpenCombine
import Testing

private struct Suppressed: SuppressibleError {
    var shouldDisplay: Bool { false }
}

private struct Offline: LoggableError {
    var typeDescription: StaticString { "Offline" }
    var errorDescription: String { "no route to host" }
    var isConnectionError: Bool { true }
}

private struct Decoding: LoggableError {
    var typeDescription: StaticString { "Decoding Error" }
    var errorDescription: String { "not a post" }
}

private struct EmailTaken: DisplayableError {
    var title: String { "Email Address Already Taken" }
    var message: String { "An account with that email already exists, try logging in?" }
}

private struct LoggedAndShown: LoggableError, DisplayableError {
    var typeDescription: StaticString { "Quota" }
    var errorDescription: String { "quota exceeded" }
    var title: String { "Quota" }
    var message: String { "You have used today's quota." }
}

private struct Plain: Error {}

@Suite("ErrorService routing")
struct ErrorServiceTests {
    /// Sends `error` through a room's service; returns what it forwarded ("title: message") and what it logged.
    private func route(_ error: any Error) -> (shown: [String], logged: [String]) {
        let room = InjectedValues()
        let service = InjectedValues.withValues(room) { ErrorService() }
        var shown: [String] = []
        let subscription = service.didReceiveDisplayableError.sink { shown.append("\($0.title): \($0.message)") }
        service.error.send(error)
        subscription.cancel()
        return (shown, room.log.drain())
    }

    @Test func aSuppressibleErrorIsLoggedAndDropped() {
        let (shown, logged) = route(Suppressed())
        #expect(shown == [])
        #expect(logged.count == 1 && logged[0].hasPrefix("Suppressed error:"), "\(logged)")
    }

    @Test func aLoggableConnectionErrorBecomesConnectivityError() {
        let (shown, logged) = route(Offline())
        #expect(shown == ["Network Connectivity Error: Please check your internet connection and try again."])
        #expect(logged == ["Offline: no route to host"])
    }

    @Test func anotherLoggableErrorIsLoggedThenReplacedByUnknown() {
        let (shown, logged) = route(Decoding())
        #expect(shown == ["Unknown Error: Please try again later."])
        #expect(logged.first == "Decoding Error: not a post")
    }

    @Test func aLoggableDisplayableErrorIsLoggedAndForwarded() {
        let (shown, logged) = route(LoggedAndShown())
        #expect(shown == ["Quota: You have used today's quota."])
        #expect(logged == ["Quota: quota exceeded"])
    }

    @Test func aDisplayableErrorIsForwarded() {
        let (shown, logged) = route(EmailTaken())
        #expect(shown == ["Email Address Already Taken: An account with that email already exists, try logging in?"])
        #expect(logged == [])
    }

    @Test func anythingElseIsLoggedAndReplacedByUnknown() {
        let (shown, logged) = route(Plain())
        #expect(shown == ["Unknown Error: Please try again later."])
        #expect(logged.first?.hasPrefix("An unknown or unhandled error occurred:") == true, "\(logged)")
    }

    @Test func twoRoomsHaveTheirOwnService() {
        let (roomA, roomB) = (InjectedValues(), InjectedValues())
        #expect(roomA.errorService !== roomB.errorService)
        #expect(roomA.errorService === roomA.errorService)
    }
}
