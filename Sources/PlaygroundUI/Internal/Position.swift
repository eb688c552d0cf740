import OpenCombine

/// The persistent storage of one view position: one object per dynamic property (or modifier) slot.
/// Objects that are `Cancellable` are cancelled when the position leaves the tree.
final class Position {
    struct Slot {
        var label: String
        var object: AnyObject
    }

    /// The path this position is stored at (which holds it until ``tearDown()``).
    let path: ViewPath
    let viewType: Any.Type
    /// The slots by index; most positions have one to three.
    private var storage: [Slot?] = []
    /// When this position was last reached in a render pass (orders ``ViewHost/stateValues``).
    var visitOrder = 0
    /// The render pass that last reached this position.
    var pass = 0
    /// The view's value as last evaluated, for an inspected type (its `@State` read the position's current values).
    var latestValue: Any?

    init(path: ViewPath, viewType: Any.Type) {
        self.path = path
        self.viewType = viewType
    }

    /// The filled slots in index order.
    var filledSlots: [Slot] { storage.compactMap { $0 } }

    /// The filled slots by index.
    var slots: [Int: Slot] {
        Dictionary(uniqueKeysWithValues: storage.indices.compactMap { index in storage[index].map { (index, $0) } })
    }

    /// The object in `index`, made once; a slot whose object has another type is torn down and remade.
    func object<T: AnyObject>(at index: Int, label: String, make: () -> T) -> T {
        if index < storage.count, let existing = storage[index]?.object {
            if ObjectIdentifier(type(of: existing)) == ObjectIdentifier(T.self) { return unsafeDowncast(existing, to: T.self) }
            if let existing = existing as? T { return existing }
            (existing as? any Cancellable)?.cancel()
        }
        let made = make()
        if index >= storage.count { storage.append(contentsOf: repeatElement(nil, count: index + 1 - storage.count)) }
        storage[index] = Slot(label: label, object: made)
        return made
    }

    /// A state of this position was written: skipped renders above it are no longer valid.
    func stateDidChange() {
        if path.position === self { path.recordChange() }
    }

    /// Cancels every subscription this position owns; called once, when it disappears or the host unmounts.
    ///
    /// The path's memo goes too: a custom view's memo lists the positions its render reached, its own among them,
    /// and that position holds the path — a cycle that would keep the path, its subtree and everything their
    /// memos and positions hold (the environment, the room's subjects) after the tree let go of it.
    func tearDown() {
        if path.position === self { path.position = nil }
        path.memo = nil
        for slot in storage {
            (slot?.object as? any Cancellable)?.cancel()
        }
        storage.removeAll()
        latestValue = nil
    }
}
