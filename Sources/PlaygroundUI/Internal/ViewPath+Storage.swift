/// The storage a ``ViewPath`` node shares with its tree or keeps apart (so that a node itself stays small).
extension ViewPath {
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
        /// The nodes that chain reached, each with how many of its indices lie above and at it.
        var chainNodes: [(node: Unmanaged<ViewPath>, end: Int)] = []

        func forgetChain() {
            chainBase = nil
            chainNodes.removeAll(keepingCapacity: true)
        }
    }

    /// What few nodes need, kept apart so that a node is 88 bytes (a room has ~1,000 of them; glibc's chunk 96, was
    /// 112): an explicit id, a keyed row's id text, the identified children, a memo and the view type drawn here.
    final class Extras {
        /// The id of an `.id` component.
        var id: AnyHashable?
        /// The text of ``tagText`` (its tag is ``Rare/tagTextTag``, or ``id`` for a keyed row: kept once).
        var tagTextText: String?
        /// This node's id text among its parent's identified children, once described.
        var idText: String?
        /// The children with an id (a list's rows), apart: a row's extras need none of it.
        var identified: Identified?
        var memo: RenderMemo?
        var viewTypeInfo: ViewTypeInfo?
        /// What fewer nodes still need, apart: a keyed row's extras are 120 bytes (glibc's chunk 128, was 160).
        var rare: Rare?
    }

    /// A tab's tag when it is not the node's id, and an `.environment` modifier's last output.
    final class Rare {
        var tagTextTag: AnyHashable?
        var environmentWrite: EnvironmentWrite?
    }

    /// A node's children with an id (a list's rows), in one array found by two open-addressed tables of their indices:
    /// by id (kept in each child's ``Extras/id``) and by id text. Two dictionaries cost ~180 bytes a row (a list of 100
    /// rows: 256 buckets of 48-byte entries, and of 24-byte ones); these ~30.
    final class Identified {
        private(set) var children: [ViewPath] = []
        /// `index + 1` of a child in ``children`` by its id's hash (0: empty); a power of two, at least twice the children.
        private var byID: [Int32] = []
        /// The same by the id text of each child given one (see ``text(of:)``), with as many slots.
        private var byText: [Int32] = []
        /// The last suffix given for an id text that was taken (so many rows that read the same are not quadratic).
        var lastSuffixes: [String: Int] = [:]

        /// The child whose id is `id`.
        func child(_ id: AnyHashable) -> ViewPath? {
            guard let slot = slot(in: byID, hash: id.hashValue, where: { $0.extras?.id == id }) else { return nil }
            return children[Int(byID[slot]) - 1]
        }

        func add(_ child: ViewPath) {
            children.append(child)
            if children.count * 2 > byID.count { return rebuild() }
            Self.insert(Int32(children.count), hash: child.extras!.id!.hashValue, into: &byID)
        }

        /// Whether a child has the id text `text`.
        func hasText(_ text: String) -> Bool { slot(in: byText, hash: text.hashValue, where: { $0.extras?.idText == text }) != nil }

        /// Records the id text `child` (one of ``children``) was given.
        func addText(of child: ViewPath) {
            guard let slot = slot(in: byID, hash: child.extras!.id!.hashValue, where: { $0 === child }) else { return }
            Self.insert(byID[slot], hash: child.extras!.idText!.hashValue, into: &byText)
        }

        /// Drops the children the pass `current` did not reach; returns how many nodes went with them.
        func removeUnreached(_ current: Int32) -> Int {
            guard children.contains(where: { $0.pass != current }) else { return 0 }
            var dropped = 0
            for child in children where child.pass != current { dropped += child.size }
            children.removeAll { $0.pass != current }
            rebuild()
            return dropped
        }

        /// Drops the children `drops` picks; returns how many went. The suffixes given start again (the children that
        /// went are made again in order, and take their texts as the first time).
        func remove(where drops: (ViewPath) -> Bool) -> Int {
            let before = children.count
            children.removeAll(where: drops)
            guard children.count < before else { return 0 }
            lastSuffixes = [:]
            if children.isEmpty {
                (byID, byText) = ([], [])
            } else {
                rebuild()
            }
            return before - children.count
        }

        private func slot(in table: [Int32], hash: Int, where matches: (ViewPath) -> Bool) -> Int? {
            guard !table.isEmpty else { return nil }
            let mask = table.count - 1
            var slot = hash & mask
            while table[slot] != 0 {
                if matches(children[Int(table[slot]) - 1]) { return slot }
                slot = (slot + 1) & mask
            }
            return nil
        }

        private static func insert(_ entry: Int32, hash: Int, into table: inout [Int32]) {
            let mask = table.count - 1
            var slot = hash & mask
            while table[slot] != 0 { slot = (slot + 1) & mask }
            table[slot] = entry
        }

        private func rebuild() {
            var size = 4
            while size < children.count * 2 { size *= 2 }
            byID = [Int32](repeating: 0, count: size)
            byText = [Int32](repeating: 0, count: size)
            for (index, child) in children.enumerated() {
                let extras = child.extras!
                Self.insert(Int32(index + 1), hash: extras.id!.hashValue, into: &byID)
                if let text = extras.idText { Self.insert(Int32(index + 1), hash: text.hashValue, into: &byText) }
            }
        }
    }
}
