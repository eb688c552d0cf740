import PlaygroundUI

/// The default error view: a displayable error's title and message, else "Error:" and its description.
public struct ErrorView: View {
    private let error: any Error

    /// Shows `error`.
    public init(error: any Error) {
        self.error = error
    }

    public var body: some View {
        VStack(alignment: .center) {
            if let error = error as? any DisplayableError {
                Text(error.title).bold()
                Text(error.message)
            } else {
                Text("Error:").bold()
                Text(String(describing: error))
            }
        }
    }
}
