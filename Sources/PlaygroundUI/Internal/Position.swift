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
    /// Slot 0 (most positions have one slot: a control's action, a view's one `@State`), kept inline: a room has
    /// hundreds of positions, and an array of one slot costs 80 bytes more.
    private var firstSlot: Slot?
    /// Slots 1, 2 … (at 0, 1 …).
    private var moreSlots: [Slot?] = []
    /// When this position was last reached in its render pass (orders ``ViewHost/stateValues``).
    var visitOrder: Int32 = 0
    /// The render pass that last reached this position, modulo 2³² (``PositionStore/pass``).
    var pass: Int32 = 0

    init(path: ViewPath, viewType: Any.Type) {
        self.path = path
        self.viewType = viewType
    }

    /// The filled slots in index order.
    var filledSlots: [Slot] { (firstSlot.map { [$0] } ?? []) + moreSlots.compactMap { $0 } }

    /// The filled slots by index.
    var slots: [Int: Slot] {
        var slots: [Int: Slot] = [:]
        if let firstSlot { slots[0] = firstSlot }
        for (index, slot) in moreSlots.enumerated() { if let slot { slots[index + 1] = slot } }
        return slots
    }

    private func slot(at index: Int) -> Slot? {
        index == 0 ? firstSlot : index - 1 < moreSlots.count ? moreSlots[index - 1] : nil
    }

    /// The object in `index`, made once; a slot whose object has another type is torn down and remade.
    func object<T: AnyObject>(at index: Int, label: String, make: () -> T) -> T {
        if let existing = slot(at: index)?.object {
            if ObjectIdentifier(type(of: existing)) == ObjectIdentifier(T.self) { return unsafeDowncast(existing, to: T.self) }
            if let existing = existing as? T { return existing }
            (existing as? any Cancellable)?.cancel()
        }
        let made = make()
        if index == 0 {
            firstSlot = Slot(label: label, object: made)
        } else {
            if index > moreSlots.count { moreSlots.append(contentsOf: repeatElement(nil, count: index - moreSlots.count)) }
            moreSlots[index - 1] = Slot(label: label, object: made)
        }
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
        (firstSlot?.object as? any Cancellable)?.cancel()
        for slot in moreSlots {
            (slot?.object as? any Cancellable)?.cancel()
        }
        firstSlot = nil
        moreSlots.removeAll()
    }
}
