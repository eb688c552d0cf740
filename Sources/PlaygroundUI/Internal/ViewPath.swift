/// A view's structural position: the child indices from the root, plus explicit ids (`ForEach`, `.id`)
/// and types (custom views, `AnyView`), so that changing any of them gives the view a new identity.
///
/// Paths are interned: each one is a node of a tree its ``PositionStore`` keeps across renders, so the child
/// path a view asks for is found by its parent (an array index for the common `.index` case) instead of being
/// built and hashed, and the position stored there is reached without a lookup. Each render pass counts the
/// nodes it reaches; only when it did not reach them all does the store walk the tree to drop the others.
///
/// A node may stand for a run of up to seven indices (`0/0/0`: a row's two buttons below `T` are `0/0/0` → `0` and
/// `2`, not five nodes): nothing is kept at the indices between, so they need no node until a view asks for its path
/// there, which splits the run. No two index children of a node start with the same index, so every path has one node.
final class ViewPath {
    enum Component: Hashable {
        /// The i-th child of a builder block, a branch of a conditional, or a modifier's content (0).
        case index(Int)
        /// An explicit identity from `ForEach` or `.id(_:)`.
        case id(AnyHashable)
        /// A custom view (its storage lives here) or the type erased by `AnyView`.
        case type(ObjectIdentifier)
    }

    /// Read for ``description`` and ``recordChange()``; a node is always owned by its parent (a node for a run of
    /// indices gets a new one when a path between them is asked for: ``split(_:at:)``).
    private unowned var parent: ViewPath?
    private let census: Census
    /// The render pass that last reached this path, counted modulo 2³² (the pass that reused a subtree whole is its
    /// memo's, ``RenderMemo/reusedPass``).
    private(set) var pass: Int32
    /// The low 32 bits of the change count of the latest state change at or below this path (see ``hasChanged(since:)``):
    /// beside ``pass``, one word (a room has ~1,000 nodes, 88 bytes each).
    private var lastChange: Int32 = 0
    /// The last component, packed: 0 the root; `index << 2 | 1`; a type's metadata address `| 2` (it is 8-aligned);
    /// 3 an id (in ``extras``); a run of two to seven indices below 255 `0b110`, their count from bit 3 and one byte
    /// each from bit 8 (``indexKey(count:_:)``). A child is found by comparing this word, so it needs no key beside it.
    private var packed: UInt
    /// The persistent storage at this path, if any.
    var position: Position?
    /// FNV-1a of ``description``, once worked out (0 until then; a node's path never changes): what a control's id is
    /// made of.
    private var describedHash: UInt64 = 0
    var extras: Extras?

    /// The first child made (an index or a type: a modifier's content, a body, a custom view's node — most nodes have
    /// one child), kept out of ``rest`` so that reaching it reads no array buffer (walking the tree each render is
    /// bound by cache misses). Children with an id are in ``Extras/identified`` only.
    private var first: ViewPath?
    /// The other index and type children, mostly in index order (child `i` at `i - 1` when all are made).
    private var rest: [ViewPath] = []

    /// What the renderer knows about the view type last drawn here (almost always the same type; the info names it).
    var viewTypeInfo: ViewTypeInfo? {
        get { extras?.viewTypeInfo }
        set {
            if newValue == nil, extras == nil { return }
            madeExtras.viewTypeInfo = newValue
        }
    }

    /// What the custom view drawn here drew last time, if it may be skipped (see ``RenderMemo``).
    var memo: RenderMemo? {
        get { extras?.memo }
        set {
            if newValue == nil, extras == nil { return }
            madeExtras.memo = newValue
        }
    }

    /// The tag last drawn here (a tab's, or a keyed row's id) and its text: the same tag comes back on every render.
    var tagText: (tag: AnyHashable, text: String)? {
        get {
            guard let extras, let text = extras.tagTextText, let tag = extras.rare?.tagTextTag ?? extras.id else { return nil }
            return (tag, text)
        }
        set {
            guard let newValue else {
                extras?.tagTextText = nil
                extras?.rare?.tagTextTag = nil
                return
            }
            let extras = madeExtras
            extras.tagTextText = newValue.text
            if newValue.tag == extras.id {
                extras.rare?.tagTextTag = nil
            } else {
                madeRare.tagTextTag = newValue.tag
            }
        }
    }

    /// What the `.environment` modifier drawn here made last time (see ``EnvironmentWrite``).
    var environmentWrite: EnvironmentWrite? {
        get { extras?.rare?.environmentWrite }
        set { madeRare.environmentWrite = newValue }
    }

    private var madeExtras: Extras {
        if let extras { return extras }
        let made = Extras()
        extras = made
        return made
    }

    private var madeRare: Rare {
        let extras = madeExtras
        if let rare = extras.rare { return rare }
        let made = Rare()
        extras.rare = made
        return made
    }

    private var madeIdentified: Identified {
        let extras = madeExtras
        if let identified = extras.identified { return identified }
        let made = Identified()
        extras.identified = made
        return made
    }

    private init(_ component: Component?, parent: ViewPath?, census: Census) {
        switch component {
        case .index(let index): packed = UInt(index) << 2 | 1
        case .type(let type): packed = Self.key(type)
        case .id(let id):
            packed = 3
            extras = Extras()
            extras?.id = id
        case nil: packed = 0
        }
        self.parent = parent
        self.census = census
        pass = Int32(truncatingIfNeeded: census.pass)
    }

    /// A node for an index or type component (`packed` as ``packed`` has it).
    private init(packed: UInt, parent: ViewPath, census: Census) {
        self.packed = packed
        self.parent = parent
        self.census = census
        pass = Int32(truncatingIfNeeded: census.pass)
    }

    /// The root of a new tree.
    static func root() -> ViewPath { ViewPath(nil, parent: nil, census: Census()) }

    /// Starts a render pass from this root.
    func beginPass() {
        census.forgetChain()
        census.pass += 1
        census.reached = 0
        reach()
    }

    /// The packed component of a type (metadata is 8-aligned: the low bits are free).
    private static func key(_ type: ObjectIdentifier) -> UInt { UInt(bitPattern: type) | 2 }

    /// This path followed by `component`, marked as reached in the current pass.
    func appending(_ component: Component) -> ViewPath {
        switch component {
        case .index(let index):
            return appending(index: index)
        case .type(let type):
            let key = Self.key(type)
            if let child = self.child(key, hint: 0) { return child.reach() }
            return adopt(makeChild(packed: key))
        case .id(let id):
            if let child = extras?.identified?.child(id) { return child.reach() }
            let child = makeChild(component)
            madeIdentified.add(child)
            return child
        }
    }

    /// This path followed by `.index(index)` (without copying a ``Component``, whose payload may be an `AnyHashable`).
    func appending(index: Int) -> ViewPath {
        let key = UInt(index) << 2 | 1
        if let child = self.child(key, hint: index) { return child.reach() }
        if let run = indexChild(startingWith: index) { return split(run, at: 1) }
        return adopt(makeChild(packed: key))
    }

    /// The index or type child whose packed component is `key`: the first, the one in ``rest`` at `hint - 1` (where
    /// child `hint` is when all before it are made), or any other.
    @inline(__always)
    private func child(_ key: UInt, hint: Int) -> ViewPath? {
        if let first, first.packed == key { return first }
        let count = rest.count
        guard count > 0 else { return nil }
        if hint > 0, hint <= count, rest[hint - 1].packed == key { return rest[hint - 1] }
        for child in rest where child.packed == key { return child }
        return nil
    }

    private func adopt(_ child: ViewPath) -> ViewPath {
        if first == nil { first = child } else { rest.append(child) }
        return child
    }

    /// This path followed by the indices of `chain` (the node ``appending(_:)`` them one by one reaches), starting
    /// where the last chain walked from here in this pass parted from this one.
    func descendant(_ chain: IndexChain) -> ViewPath {
        let census = self.census
        var place = 0
        var path = self
        if census.chainBase == ObjectIdentifier(self), census.chainPass == census.pass {
            let done = census.chain.commonPrefixCount(with: chain)
            var kept = census.chainNodes.count
            while kept > 0, census.chainNodes[kept - 1].end > done { kept -= 1 }
            if kept > 0 { (path, place) = (census.chainNodes[kept - 1].node.takeUnretainedValue(), census.chainNodes[kept - 1].end) }
            census.chainNodes.removeSubrange(kept...)
        } else {
            census.chainBase = ObjectIdentifier(self)
            census.chainPass = census.pass
            census.chainNodes.removeAll(keepingCapacity: true)
        }
        while place < chain.count {
            path = path.step(chain, &place)
            census.chainNodes.append((Unmanaged.passUnretained(path), place))
        }
        census.chain = chain
        return path
    }

    /// The most indices one node stands for (a byte each, beside its kind and count in one word).
    private static let maxRun = 7

    /// One node down `chain` from `place` (moved past the indices it stands for): the index child that starts with the
    /// next index, split where the chain parts from its run, or a new node for as much of the rest as one holds.
    private func step(_ chain: IndexChain, _ place: inout Int) -> ViewPath {
        let index = chain.index(at: place)
        guard let child = indexChild(startingWith: index) else {
            let count = min(chain.count - place, Self.maxRun)
            let start = place
            place += count
            return adopt(makeChild(packed: Self.indexKey(count: count) { chain.index(at: start + $0) }))
        }
        let length = child.runLength
        var matched = 1
        while matched < length, place + matched < chain.count, child.runIndex(at: matched) == chain.index(at: place + matched) {
            matched += 1
        }
        place += matched
        return matched == length ? child.reach() : split(child, at: matched)
    }

    /// The packed component of `count` indices (`index(0)` …): one is `index << 2 | 1`, more a run (each below 255).
    private static func indexKey(count: Int, _ index: (Int) -> Int) -> UInt {
        if count == 1 { return UInt(index(0)) << 2 | 1 }
        var key = UInt(count) << 3 | 6
        for place in 0..<count { key |= UInt(index(place)) << (8 + 8 * UInt(place)) }
        return key
    }

    private var isRun: Bool { packed & 7 == 6 }

    /// How many indices this node stands for (0 for a type, an id or the root).
    private var runLength: Int { packed & 3 == 1 ? 1 : isRun ? Int(packed >> 3 & 7) : 0 }

    /// The index at `place` of those this node stands for.
    private func runIndex(at place: Int) -> Int { packed & 3 == 1 ? Int(packed >> 2) : Int(packed >> (8 + 8 * UInt(place)) & 0xFF) }

    /// The index child whose first index is `index` (there is at most one).
    private func indexChild(startingWith index: Int) -> ViewPath? {
        if let first, first.startsWith(index) { return first }
        for child in rest where child.startsWith(index) { return child }
        return nil
    }

    @inline(__always)
    private func startsWith(_ index: Int) -> Bool {
        packed & 3 == 1 ? packed >> 2 == UInt(bitPattern: index) : isRun && Int(packed >> 8 & 0xFF) == index
    }

    /// Puts a new node for the first `length` indices of `child`'s run between it and this node, and returns it: a
    /// path between them was asked for. The child keeps its path (and so its description, position and memo).
    private func split(_ child: ViewPath, at length: Int) -> ViewPath {
        let head = makeChild(packed: Self.indexKey(count: length) { child.runIndex(at: $0) })
        head.lastChange = child.lastChange
        if first === child {
            first = head
        } else if let at = rest.firstIndex(where: { $0 === child }) {
            rest[at] = head
        }
        let total = child.runLength
        child.packed = Self.indexKey(count: total - length) { child.runIndex(at: length + $0) }
        child.parent = head
        head.first = child
        return head
    }

    private func makeChild(_ component: Component) -> ViewPath {
        census.nodes += 1
        census.reached += 1
        return ViewPath(component, parent: self, census: census)
    }

    private func makeChild(packed: UInt) -> ViewPath {
        census.nodes += 1
        census.reached += 1
        return ViewPath(packed: packed, parent: self, census: census)
    }

    @discardableResult
    private func reach() -> ViewPath {
        let current = Int32(truncatingIfNeeded: census.pass)
        if pass != current {
            pass = current
            census.reached += 1
        }
        return self
    }

    /// The number of state changes recorded in this tree so far.
    var changeCount: Int { census.changes }

    /// Records a state change at this path: it and every path above it now have changed since any memo made
    /// before. Only called for a path still in the tree (its position is live), so every parent is alive.
    func recordChange() {
        census.changes += 1
        let stamp = Int32(truncatingIfNeeded: census.changes)
        var node: ViewPath? = self
        while let current = node {
            current.lastChange = stamp
            node = current.parent
        }
    }

    /// Whether a state at or below this path changed after the tree's change count was `stamp`. Only the low 32 bits
    /// of the latest change are kept: a change after `stamp` is always seen (it lies less than 2³¹ changes after it,
    /// or the stamp is that old and counts as changed); a change long before may read as after (drawn again, not
    /// wrong).
    func hasChanged(since stamp: Int) -> Bool {
        census.changes &- stamp >= 1 << 31 || lastChange &- Int32(truncatingIfNeeded: stamp) > 0
    }

    /// The number of paths reached in this pass so far.
    var reachedCount: Int { census.reached }

    /// Counts the `nodeCount` paths below this one as reached without visiting them (the subtree's output was
    /// reused from `memo`, this path's, so it is what it was when it last drew: exactly the paths it reached then,
    /// all still here).
    func reuseSubtree(of memo: RenderMemo, nodeCount: Int) {
        memo.reusedPass = Int32(truncatingIfNeeded: census.pass)
        census.reached += nodeCount
    }

    /// Drops this node's index and type children when nothing below them is kept between renders (no position, memo,
    /// id, tag or environment write: a keyed row whose views hold no state, its controls found by their paths' hashes).
    /// The next render makes them again, the same paths with the same descriptions (issue #27, memory: a Posts row kept
    /// five nodes; its own goes too, ``dropRowsHoldingNothing()``). Called right after the row is drawn, so no render
    /// state below it is still in use.
    func dropChildrenHoldingNothing() {
        guard first != nil else { return }
        var (count, reached) = (0, 0)
        let current = Int32(truncatingIfNeeded: census.pass)
        if let first, !first.holdsNothing(&count, &reached, current) { return }
        for child in rest where !child.holdsNothing(&count, &reached, current) { return }
        first = nil
        rest = []
        census.nodes -= count
        census.reached -= reached
        census.forgetChain()  // it may name the nodes that went
    }

    /// Drops this node's identified children (a list's rows) that keep nothing between renders but their id and its
    /// texts, their own children gone already (``dropChildrenHoldingNothing()``): the next render makes them again, in
    /// the same order, so with the same texts and paths. Called once the list is drawn: a row's id text is told apart
    /// from its siblings' (`~1`) while all are there. A list of 100 such rows keeps no node for them (~250 bytes a row).
    func dropRowsHoldingNothing() {
        guard let identified = extras?.identified, !identified.children.isEmpty else { return }
        let current = Int32(truncatingIfNeeded: census.pass)
        var reached = 0
        let dropped = identified.remove { child in
            guard child.first == nil, child.rest.isEmpty, child.position == nil else { return false }
            if let extras = child.extras, extras.memo != nil || extras.identified != nil || extras.rare != nil { return false }
            if child.pass == current { reached += 1 }
            return true
        }
        guard dropped > 0 else { return }
        if identified.children.isEmpty { extras?.identified = nil }
        census.nodes -= dropped
        census.reached -= reached
        census.forgetChain()  // it may name the nodes that went
    }

    /// Whether this subtree keeps nothing but its shape (and its view type infos); counts its nodes, and those reached
    /// in the pass `current`.
    private func holdsNothing(_ count: inout Int, _ reached: inout Int, _ current: Int32) -> Bool {
        guard position == nil else { return false }
        if let extras, extras.id != nil || extras.memo != nil || extras.identified != nil || extras.rare != nil || extras.tagTextText != nil {
            return false
        }
        count += 1
        if pass == current { reached += 1 }
        if let first, !first.holdsNothing(&count, &reached, current) { return false }
        for child in rest where !child.holdsNothing(&count, &reached, current) { return false }
        return true
    }

    /// Drops the paths below this root that the current pass did not reach.
    func endPass() {
        census.forgetChain()
        if census.reached < census.nodes { census.nodes -= prune() }
    }

    /// Drops the unreached children and returns how many nodes went with them.
    private func prune() -> Int {
        let current = Int32(truncatingIfNeeded: census.pass)
        if let memo = extras?.memo, memo.reusedPass == current { return 0 }
        var dropped = 0
        if let first {
            if first.pass == current {
                dropped += first.prune()
            } else {
                dropped += first.size
                self.first = nil
            }
        }
        if !rest.isEmpty {
            if rest.contains(where: { $0.pass != current }) {
                for child in rest where child.pass != current { dropped += child.size }
                rest.removeAll { $0.pass != current }
            }
            for child in rest { dropped += child.prune() }
        }
        if let identified = extras?.identified, !identified.children.isEmpty {
            dropped += identified.removeUnreached(current)
            for child in identified.children { dropped += child.prune() }
        }
        return dropped
    }

    /// The number of nodes the tree counts (the root's ``size`` when the count is right).
    var countedNodes: Int { census.nodes }

    /// The number of nodes in this subtree.
    var size: Int {
        1 + (first?.size ?? 0) + rest.reduce(0) { $0 + $1.size }
            + (extras?.identified?.children.reduce(0) { $0 + $1.size } ?? 0)
    }

    /// `/T/0/1/#id`, as shown in state snapshots: while this node is in the tree, no other node has the same text
    /// (see ``text(of:)``). Worked out when asked (rarely: snapshots, teardown order); controls post ``controlID``.
    var description: String {
        guard let parent else { return "/" }
        let above = parent.description
        return (above == "/" ? "/" : above + "/") + parent.text(of: self)
    }

    /// FNV-1a (64 bits) of ``description``, worked out from the parent's without building the text.
    var descriptionHash: UInt64 {
        if describedHash != 0 { return describedHash }
        var hash: UInt64
        if let parent {
            hash = parent.descriptionHash
            if parent.parent != nil { hash = FNV1a64.add("/", to: hash) }
            hash = FNV1a64.add(parent.text(of: self), to: hash)
        } else {
            hash = FNV1a64.add("/", to: FNV1a64.offsetBasis)
        }
        describedHash = hash
        return hash
    }

    /// The short, stable id a control at this path posts (``ControlID``): the same on every render while the view
    /// stays where it is, and the room finds the control by it (``ViewHost/perform(action:value:)``).
    var controlID: ControlID { ControlID(descriptionHash: descriptionHash) }

    /// A child's part of the description: its index (its indices `0/0/1`, for a run), `T`, or `#` and its id's text. An id's `String(describing:)`
    /// may contain `/` or read like a sibling's (a summary, a class), so it is escaped, cut to
    /// ``maxIDTextLength`` characters, and given a suffix `~1`, `~2` … when a sibling in the tree already has it.
    private func text(of child: ViewPath) -> String {
        if let known = child.extras?.idText { return known }
        if child.isRun { return (0..<child.runLength).map { String(child.runIndex(at: $0)) }.joined(separator: "/") }
        switch child.packed & 3 {
        case 1: return String(child.packed >> 2)
        case 3:
            let id = child.extras!.id!
            let identified = madeIdentified
            let base = "#" + Self.escapedIDText(String(describing: id.base))
            var text = base
            if identified.hasText(text) {
                var suffix = identified.lastSuffixes[base, default: 0]
                repeat {
                    suffix += 1
                    text = base + "~\(suffix)"
                } while identified.hasText(text)
                identified.lastSuffixes[base] = suffix
            }
            child.extras?.idText = text
            identified.addText(of: child)
            return text
        default: return "T"  // a type (2), or the root (0)
        }
    }
}
