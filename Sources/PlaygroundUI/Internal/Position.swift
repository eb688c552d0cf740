import OpenCombine

/// The persistent storage of one view position: one object per dynamic property (or modifier) slot.
/// Objects that are `Cancellable` are cancelled when the position leaves the tree.
final class Position {
    struct Slot {
        var label: String
        var object: AnyObject
    }

    let path: ViewPath
    let viewType: Any.Type
    private(set) var slots: [Int: Slot] = [:]
    /// When this position was last reached in a render pass (orders ``ViewHost/stateValues``).
    var visitOrder = 0

    init(path: ViewPath, viewType: Any.Type) {
        self.path = path
        self.viewType = viewType
    }

    /// The object in `index`, made once; a slot whose object has another type is torn down and remade.
    func object<T: AnyObject>(at index: Int, label: String, make: () -> T) -> T {
        if let existing = slots[index]?.object as? T { return existing }
        if let stale = slots[index]?.object as? any Cancellable { stale.cancel() }
        let made = make()
        slots[index] = Slot(label: label, object: made)
        return made
    }

    /// Cancels every subscription this position owns; called once, when it disappears or the host unmounts.
    func tearDown() {
        for index in slots.keys.sorted() {
            (slots[index]?.object as? any Cancellable)?.cancel()
        }
        slots.removeAll()
    }
}
