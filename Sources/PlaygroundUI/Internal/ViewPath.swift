/// A view's structural position: the child indices from the root, plus explicit ids (`ForEach`, `.id`)
/// and types (custom views, `AnyView`), so that changing any of them gives the view a new identity.
///
/// Paths are interned: each one is a node of a tree its ``PositionStore`` keeps across renders, so the child
/// path a view asks for is found by its parent (an array index for the common `.index` case) instead of being
/// built and hashed, and the position stored there is reached without a lookup. Each render pass counts the
/// nodes it reaches; only when it did not reach them all does the store walk the tree to drop the others.
final class ViewPath {
    enum Component: Hashable {
        /// The i-th child of a builder block, a branch of a conditional, or a modifier's content (0).
        case index(Int)
        /// An explicit identity from `ForEach` or `.id(_:)`.
        case id(AnyHashable)
        /// A custom view (its storage lives here) or the type erased by `AnyView`.
        case type(ObjectIdentifier)
    }

    /// The pass number and node counts shared by all the nodes of one tree, and its count of state changes.
    final class Census {
        var pass = 0
        var nodes = 1
        var reached = 0
        var changes = 0
        /// The last chain of indices walked from `chainBase` in this pass, and the node after each of its indices: a
        /// render goes depth first, so the next chain from the same base mostly starts the same way, and its nodes
        /// need not be read again (reached already in this pass). Not owned: nodes go only when a pass ends (``prune()``),
        /// which empties it first.
        var chainBase: ObjectIdentifier?
        var chainPass = -1
        var chain = IndexChain()
        var chainNodes: [Unmanaged<ViewPath>] = []

        func forgetChain() {
            chainBase = nil
            chainNodes.removeAll(keepingCapacity: true)
        }
    }

    /// What few nodes need, kept apart so that a node is 88 bytes (a room has ~1,000 of them; glibc's chunk 96, was
    /// 112): an explicit id, a keyed row's id text, the identified children, a memo and the view type drawn here.
    private final class Extras {
        /// The id of an `.id` component.
        var id: AnyHashable?
        /// The text of ``tagText`` (its tag is ``Rare/tagTextTag``, or ``id`` for a keyed row: kept once).
        var tagTextText: String?
        /// This node's id text in its parent's ``Identified/idTexts``, once described.
        var idText: String?
        /// The children with an id (a list's rows), apart: a row's extras need none of it.
        var identified: Identified?
        var memo: RenderMemo?
        var viewTypeInfo: ViewTypeInfo?
        /// What fewer nodes still need, apart: a keyed row's extras are 120 bytes (glibc's chunk 128, was 160).
        var rare: Rare?
    }

    /// A tab's tag when it is not the node's id, and an `.environment` modifier's last output.
    private final class Rare {
        var tagTextTag: AnyHashable?
        var environmentWrite: EnvironmentWrite?
    }

    /// A node's children with an id, and their id texts.
    private final class Identified {
        var children: [AnyHashable: ViewPath] = [:]
        /// The id texts given to children still in the tree, and to which child (see ``text(of:)``).
        var idTexts: [String: ObjectIdentifier] = [:]
        /// The last suffix given for an id text that was taken (so many rows that read the same are not quadratic).
        var lastSuffixes: [String: Int] = [:]
    }

    /// Read for ``description`` and ``recordChange()``; a node is always owned by its parent.
    private unowned let parent: ViewPath?
    private let census: Census
    /// The render pass that last reached this path, counted modulo 2³² (the pass that reused a subtree whole is its
    /// memo's, ``RenderMemo/reusedPass``).
    private var pass: Int32
    /// The low 32 bits of the change count of the latest state change at or below this path (see ``hasChanged(since:)``):
    /// beside ``pass``, one word (a room has ~1,000 nodes, 88 bytes each).
    private var lastChange: Int32 = 0
    /// The last component, packed: 0 the root; `index << 2 | 1`; a type's metadata address `| 2` (it is 8-aligned);
    /// 3 an id (in ``extras``). A child is found by comparing this word, so it needs no key beside it.
    private let packed: UInt
    /// The persistent storage at this path, if any.
    var position: Position?
    /// FNV-1a of ``description``, once worked out (0 until then; a node's path never changes): what a control's id is
    /// made of.
    private var describedHash: UInt64 = 0
    private var extras: Extras?

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
            if let child = extras?.identified?.children[id] { return child.reach() }
            let child = makeChild(component)
            madeIdentified.children[id] = child
            return child
        }
    }

    /// This path followed by `.index(index)` (without copying a ``Component``, whose payload may be an `AnyHashable`).
    func appending(index: Int) -> ViewPath {
        let key = UInt(index) << 2 | 1
        if let child = self.child(key, hint: index) { return child.reach() }
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

    /// This path followed by the indices of `chain` (each one ``appending(_:)``), starting where the last chain walked
    /// from here in this pass parted from this one.
    func descendant(_ chain: IndexChain) -> ViewPath {
        let census = self.census
        var done = 0
        var path = self
        if census.chainBase == ObjectIdentifier(self), census.chainPass == census.pass {
            done = census.chain.commonPrefixCount(with: chain)
            if done > 0 { path = census.chainNodes[done - 1].takeUnretainedValue() }
            census.chainNodes.removeSubrange(done...)
        } else {
            census.chainBase = ObjectIdentifier(self)
            census.chainPass = census.pass
            census.chainNodes.removeAll(keepingCapacity: true)
        }
        for place in done..<chain.count {
            path = path.appending(index: chain.index(at: place))
            census.chainNodes.append(Unmanaged.passUnretained(path))
        }
        census.chain = chain
        return path
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
            for (id, child) in identified.children where child.pass != current {
                dropped += child.size
                identified.children[id] = nil
                if let text = child.extras?.idText { identified.idTexts[text] = nil }
            }
            for child in identified.children.values { dropped += child.prune() }
        }
        return dropped
    }

    /// The number of nodes the tree counts (the root's ``size`` when the count is right).
    var countedNodes: Int { census.nodes }

    /// The number of nodes in this subtree.
    var size: Int {
        1 + (first?.size ?? 0) + rest.reduce(0) { $0 + $1.size }
            + (extras?.identified?.children.values.reduce(0) { $0 + $1.size } ?? 0)
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

    /// A child's part of the description: its index, `T`, or `#` and its id's text. An id's `String(describing:)`
    /// may contain `/` or read like a sibling's (a summary, a class), so it is escaped, cut to
    /// ``maxIDTextLength`` characters, and given a suffix `~1`, `~2` … when a sibling in the tree already has it.
    private func text(of child: ViewPath) -> String {
        if let known = child.extras?.idText { return known }
        switch child.packed & 3 {
        case 1: return String(child.packed >> 2)
        case 3:
            let id = child.extras!.id!
            let extras = madeIdentified
            let base = "#" + Self.escaped(String(describing: id.base))
            var text = base
            if extras.idTexts[text] != nil {
                var suffix = extras.lastSuffixes[base, default: 0]
                repeat {
                    suffix += 1
                    text = base + "~\(suffix)"
                } while extras.idTexts[text] != nil
                extras.lastSuffixes[base] = suffix
            }
            extras.idTexts[text] = ObjectIdentifier(child)
            child.extras?.idText = text
            return text
        default: return "T"  // a type (2), or the root (0)
        }
    }

    /// Longest id text in a description, so that an action id stays short whatever the ids are.
    static let maxIDTextLength = 40

    /// `%`, `/`, `#`, `~` and control characters percent-encoded (so that no id reads as more path or as a suffix),
    /// cut to ``maxIDTextLength`` characters with a trailing `…`.
    private static func escaped(_ text: String) -> String {
        var out = ""
        var length = 0
        for scalar in text.unicodeScalars {
            if length == maxIDTextLength {
                out += "…"
                break
            }
            switch scalar {
            case "%", "/", "#", "~", "\u{0}"..."\u{1F}", "\u{7F}":
                out += "%" + (scalar.value < 16 ? "0" : "") + String(scalar.value, radix: 16, uppercase: true)
            default:
                out.unicodeScalars.append(scalar)
            }
            length += 1
        }
        return out
    }
}
