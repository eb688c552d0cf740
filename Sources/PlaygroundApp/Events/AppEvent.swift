import ListViewVVSI
import MovieSearchMVI
import PlaygroundHTTP

/// An event decoded and validated for one app, ready to cross into a room.
enum AppEvent: Sendable {
    case ev(EVPane.Event)
    case vvsi(ListViewEvent)
    case mvi(MovieSearchEvent)

    /// The apps events can name.
    static let apps = [EVPane.appName, VVSIPane.appName, MVIPane.appName]

    /// The app's name, as events name it.
    var app: String {
        switch self {
        case .ev: EVPane.appName
        case .vvsi: VVSIPane.appName
        case .mvi: MVIPane.appName
        }
    }

    /// Validates `envelope` for its app without touching any room state.
    init(_ envelope: EventEnvelope) throws(HTTPError) {
        switch envelope.app {
        case EVPane.appName: self = .ev(try EVPane.decode(envelope))
        case VVSIPane.appName: self = .vvsi(try VVSIPane.decode(envelope))
        case MVIPane.appName: self = .mvi(try MVIPane.decode(envelope))
        default:
            throw HTTPError(
                .badRequest, code: "unknown_app",
                message: "There is no app \(EventEnvelope.quoted(envelope.app)); accepted: \(AppEvent.apps.joined(separator: ", ")).")
        }
    }
}
