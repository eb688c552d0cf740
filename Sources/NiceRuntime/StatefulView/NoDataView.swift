import PlaygroundUI

/// The default empty view: "No data." or a message of your own.
public struct NoDataView: View {
    private let message: String

    /// Shows `message`, or "No data.".
    public init(message: String? = nil) {
        self.message = message ?? "No data."
    }

    public var body: some View {
        VStack(alignment: .center) {
            Text(message)
        }
    }
}
