/// What flows down the tree while rendering: position, environment, pending element attributes and
/// the container item (tab, list row) the next element-drawing view must wrap itself in.
struct RenderState {
    /// A container's per-child wrapper, drawn by the first non-transparent view of each child.
    enum Item {
        case tab(selection: AnyHashable?)
        case listRow
        /// An option of a ``Picker``: a submit button posting its tag's index; the picker collects the tags.
        case pickerOption(selection: AnyHashable?, options: PickerOptions)
    }

    /// The deepest path made so far, and the child indices below it that are not made yet: a path node is made
    /// only when a view asks for its path (a custom view, a control, a modifier keeping state, a view below one of
    /// them), so a `Text` or a `Spacer` costs no node (a room holds thousands of views). The path made later is the
    /// same as if it had been made at once: the same components, found or made by the same parents.
    private var base: ViewPath
    private var chain = IndexChain()
    var environment: EnvironmentValues
    var pending = ElementAttributes.none
    var item: Item?

    init(path: ViewPath, environment: EnvironmentValues) {
        base = path
        self.environment = environment
    }

    /// This view's path, made with the nodes above it that are not made yet.
    var path: ViewPath {
        get { chain.isEmpty ? base : chain.made(from: base) }
        set {
            base = newValue
            chain = IndexChain()
        }
    }

    /// Whether ``path`` is made already (then asking for it costs nothing).
    var hasPath: Bool { chain.isEmpty }

    func child(_ component: ViewPath.Component) -> RenderState {
        var state = self
        if case .index(let index) = component {
            if state.chain.append(index) { return state }
            state.path = path.appending(index: index)
            return state
        }
        state.path = path.appending(component)
        return state
    }

    /// The state for the children of a container element: nothing pending, no item to wrap.
    func containerChild(_ component: ViewPath.Component, item: Item? = nil) -> RenderState {
        var state = child(component)
        state.pending = .none
        state.item = item
        return state
    }
}

/// Up to fifteen child indices below 255, packed in two words (a render state is copied for every view, so no array):
/// a custom view's body is seldom more than fifteen levels of stacks, modifiers and labels down to its next custom view
/// or control, which makes the path anyway.
struct IndexChain {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    var isEmpty: Bool { high >> 56 == 0 }
    var count: Int { Int(high >> 56) }

    /// Appends `index`; false when it does not fit (the caller makes the path instead).
    mutating func append(_ index: Int) -> Bool {
        let count = self.count
        guard count < 15, index >= 0, index < 255 else { return false }
        if count < 8 {
            low |= UInt64(index) << (8 * UInt64(count))
        } else {
            high |= UInt64(index) << (8 * UInt64(count - 8))
        }
        high = (high & 0x00FF_FFFF_FFFF_FFFF) | UInt64(count + 1) << 56
        return true
    }

    /// `base` followed by the indices.
    func made(from base: ViewPath) -> ViewPath { base.descendant(self) }

    /// The index at `place` (below ``count``).
    func index(at place: Int) -> Int {
        let word = place < 8 ? low : high
        return Int(word >> (8 * UInt64(place % 8)) & 0xFF)
    }

    /// How many indices this chain and `other` start with alike.
    func commonPrefixCount(with other: IndexChain) -> Int {
        let limit = min(count, other.count)
        var place = 0
        while place < limit, index(at: place) == other.index(at: place) { place += 1 }
        return place
    }
}
