import PlaygroundUI

/// The default loading view: a spinner.
public struct LoadingView: View {
    /// The spinner.
    public init() {}

    public var body: some View {
        VStack(alignment: .center) {
            ProgressView()
        }
    }
}
