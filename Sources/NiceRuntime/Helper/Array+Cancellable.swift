import OpenCombine

extension Array where Element: Cancellable {
    /// Cancels every element and empties the array.
    public mutating func cancelAll() {
        forEach { $0.cancel() }
        removeAll()
    }
}
