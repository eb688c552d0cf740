/// The seed's load state of one screen: what its ``StatefulView`` shows.
///
/// Equal when the cases are equal; two errors are equal when they read the same (a displayable error's title and
/// message, else its description), as the seed compares their descriptions.
public enum ContentLoadState: Equatable {
    /// The content is loading.
    case loading
    /// The content loaded and is empty.
    case noData
    /// The content loaded.
    case hasData
    /// Something went wrong.
    case error(error: any Error)

    /// Same case, and for errors the same text.
    public static func == (lhs: ContentLoadState, rhs: ContentLoadState) -> Bool {
        switch (lhs, rhs) {
        case (.loading, .loading), (.noData, .noData), (.hasData, .hasData): true
        case (.error(let left), .error(let right)): Self.describe(left) == Self.describe(right)
        default: false
        }
    }

    /// `loading`, `noData`, `hasData` or `error`: the name `/state` shows.
    public var caseName: String {
        switch self {
        case .loading: "loading"
        case .noData: "noData"
        case .hasData: "hasData"
        case .error: "error"
        }
    }

    /// The error's text, if this is `.error`.
    public var errorText: String? {
        if case .error(let error) = self { return Self.describe(error) }
        return nil
    }

    static func describe(_ error: any Error) -> String {
        if let displayable = error as? any DisplayableError { return "\(displayable.title): \(displayable.message)" }
        return String(describing: error)
    }
}

extension ContentLoadState: CustomStringConvertible {
    /// `.error(Unknown Error: You triggered an error!)`, `.hasData`: how the trace shows a state.
    public var description: String {
        if let text = errorText { return ".error(\(text))" }
        return ".\(caseName)"
    }
}
