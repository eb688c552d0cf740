/// MVI's **Model**: the one value that says what the screen shows. The seed uses an enum with one case per
/// screen state, and a view for each case.
///
/// ```swift
/// enum SearchPageState: MVIState {
///     case Init
///     case Loading(String)
///     case NoResultsFound
/// }
/// SearchPageState.Loading("Querying for matrix").caseName  // "Loading"
/// ```
public protocol MVIState {
    /// The state's name without its payload, for the teaching trace and `/state` (`Loading`, not the message).
    var caseName: String { get }
}

extension MVIState {
    /// An enum case's name: the label of its payload when it has one, else the case itself.
    public var caseName: String {
        if let label = Mirror(reflecting: self).children.first?.label { return label }
        return String(describing: self)
    }
}
