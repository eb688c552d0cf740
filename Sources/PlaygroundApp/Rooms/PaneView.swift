import PlaygroundUI

/// What the tabs show of one pane's view, and how to patch it with the least HTML.
///
/// The app's view is wrapped in `<div id="ev-view">`. Every element with an `id` in it is a node of a tree
/// (``RenderedView/nodes``): the view's `.id` fragments, and inside them the keyed lists of `ForEach` and their rows.
/// Of each node only hashes are kept: its *shell* (its HTML with every child node cut out and replaced by the
/// child's id), its *whole* HTML, and, for a node whose content is nothing but its child nodes (a keyed list), its
/// *frame* (its start and end tags). A render is diffed against them from the root down:
/// - the same shell: the node is patched child by child (a heart press sends its row);
/// - another shell but the same frame: the list's rows are removed, inserted and moved by id (``keyedPatch``), and the
///   rows it kept are patched in turn;
/// - otherwise the node is sent whole.
///
/// HTML the tabs already hold is not sent again: the page script keeps every element a patch takes off the page
/// (tagged with that patch's sequence number), and a node sent whole or inserted names such an element instead of
/// its HTML, `<i data-reuse="ID" data-seq="SEQ"></i>`, when its whole hash is the one it had when it was taken off.
/// That is a node of the replaced node's old content (taken off by this very patch), or a keyed list or row taken off
/// by an earlier patch and not shown since (``retired``): closing a post brings back the list its opening took off,
/// Show All the rows Favourites took off. A tab that lacks the element (it loaded the page later) asks for a resync.
///
/// The same render gives every subscriber the same patch, and the diff needs no HTML of the last one, so a room keeps
/// only the hashes of what its tabs show (a page or a resync renders again).
struct PaneView {
    let id: String
    /// What the tabs show, by node id (the root's is ``id``).
    private var shown = NodeTable()
    /// Keyed lists and their rows taken off the page by a patch and not shown since, which every tab that applied
    /// that patch keeps: by id, their whole hash and the patch's sequence number.
    private var retired: [String: Retired] = [:]
    /// Whether two nodes of what the tabs show share an id: then nothing can be patched by id, and a change sends the
    /// whole view.
    private var ambiguous = false

    /// One node as the tabs show it.
    struct Node: Equatable {
        /// Hash of its HTML with its child nodes cut out (their ids in their place).
        var shell: Int
        /// Hash of its whole HTML (its shell and its children's whole hashes).
        var whole: Int
        /// Hash of its start and end tags, when between them there is nothing but its child nodes.
        var frame: Int?
        /// Its child nodes' ids, in order.
        var children: [String]
    }

    /// Nodes by id, sorted by id, in flat arrays: kept for as long as the room lives, where a dictionary's buckets and
    /// slack, and an array of child ids per node, cost ~twice as much (a Nice pane holds ~300 nodes: its rows and their
    /// forms). Per node: its id, three hashes and where its children's indices end in ``childIndices``.
    struct NodeTable {
        private var ids: [String] = []
        /// Shell, whole and frame hash of each node (the frame's 0 when it has none: see ``childEnds``).
        private var hashes: [Int] = []
        /// Where each node's children end in ``childIndices``, the top bit set when it has a frame.
        private var childEnds: [UInt32] = []
        /// The indices (in ``ids``) of every node's children, node after node.
        private var childIndices: [UInt32] = []

        private static let framed: UInt32 = 1 << 31

        init() {}

        init(_ records: [String: Node]) {
            let sorted = records.sorted { $0.key < $1.key }
            ids = sorted.map(\.key)
            let index = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, UInt32($0)) })
            hashes.reserveCapacity(sorted.count * 3)
            childEnds.reserveCapacity(sorted.count)
            childIndices.reserveCapacity(sorted.reduce(0) { $0 + $1.value.children.count })
            for (_, node) in sorted {
                hashes.append(node.shell)
                hashes.append(node.whole)
                hashes.append(node.frame ?? 0)
                for child in node.children { childIndices.append(index[child]!) }
                childEnds.append(UInt32(childIndices.count) | (node.frame == nil ? 0 : Self.framed))
            }
        }

        subscript(id: String) -> Node? {
            var (low, high) = (0, ids.count)
            while low < high {
                let middle = (low + high) / 2
                if ids[middle] < id { low = middle + 1 } else { high = middle }
            }
            guard low < ids.count, ids[low] == id else { return nil }
            let end = Int(childEnds[low] & ~Self.framed)
            let start = low == 0 ? 0 : Int(childEnds[low - 1] & ~Self.framed)
            return Node(
                shell: hashes[3 * low], whole: hashes[3 * low + 1], frame: childEnds[low] & Self.framed == 0 ? nil : hashes[3 * low + 2],
                children: childIndices[start..<end].map { ids[Int($0)] })
        }

        var count: Int { ids.count }
    }

    /// A node the tabs keep off the page.
    struct Retired: Equatable {
        var whole: Int
        /// The patch that took it off.
        var seq: UInt64
        /// The nearest retired node around it when it was taken off: taking this one back changes that one.
        var within: String?
    }

    /// A node sent whole names what the tabs keep only from this many bytes on.
    static let reuseFrom = 1024

    /// At most this many retired nodes are remembered (beyond it, none: nothing wrong is named, only more is sent).
    static let maxRetired = 4096

    init(id: String) {
        self.id = id
    }

    /// The wrapper around an app's HTML: `<div id="ev-view" class="app-root">…</div>`.
    static func wrapped(_ html: String, id: String) -> String {
        opening(id) + html + "</div>"
    }

    private static func opening(_ id: String) -> String { "<div id=\"\(HTML.attribute(id))\" class=\"app-root\">" }

    /// Records `rendered` as shown and returns the fragments that patch the old state into it (the whole wrapper the
    /// first time); `seq` is the sequence number of the patch they are sent in.
    mutating func update(_ rendered: RenderedView, seq: UInt64) -> [Fragment] {
        let tree = Tree(rendered, rootID: id)
        guard let root = shown[id], !ambiguous, !tree.ambiguous else {
            retired = [:]
            (shown, ambiguous) = (NodeTable(tree.records), tree.ambiguous)
            return [Fragment(id: id, html: tree.html(0, reuse: { _ in nil }))]
        }
        var diff = Diff(tree: tree, shown: shown, retired: retired, seq: seq)
        diff.node(0, against: root)
        retire(diff.takenOff, reused: diff.reused, now: tree.records, seq: seq)
        shown = NodeTable(tree.records)
        ambiguous = false
        return diff.patches
    }

    /// Forgets the retired nodes shown again (and the ones around a reused one: their element lost it), and retires
    /// the keyed lists and rows under what the patch took off.
    private mutating func retire(_ takenOff: [(id: String, inList: Bool)], reused: [String], now: [String: Node], seq: UInt64) {
        for id in reused { forget(id) }
        for id in retired.keys.filter({ now[$0] != nil }) { forget(id) }
        for (id, inList) in takenOff { retireTree(id, inList: inList, within: nil, now: now, seq: seq) }
        if retired.count > Self.maxRetired { retired = [:] }
    }

    private mutating func forget(_ id: String) {
        var next: String? = id
        while let current = next, let gone = retired.removeValue(forKey: current) { next = gone.within }
    }

    /// Walks the old node `id` and what was in it (a node shown still may have lost some of its content).
    private mutating func retireTree(_ id: String, inList: Bool, within: String?, now: [String: Node], seq: UInt64) {
        guard let node = shown[id] else { return }
        var around = within
        if now[id] == nil, inList || node.frame != nil {
            retired[id] = Retired(whole: node.whole, seq: seq, within: within)
            around = id
        }
        for child in node.children { retireTree(child, inList: node.frame != nil, within: around, now: now, seq: seq) }
    }

    /// The number of nodes kept (for tests).
    var nodeCount: Int { shown.count }
    /// The number of retired nodes kept (for tests).
    var retiredCount: Int { retired.count }

    /// The element that stands for a node the tabs keep: `<i data-reuse="ID" data-seq="SEQ"></i>`.
    static func reuse(_ id: String, seq: UInt64) -> String {
        "<i data-reuse=\"\(HTML.attribute(id))\" data-seq=\"\(seq)\"></i>"
    }
}

/// One diff of a render against what the tabs show: the patches, and what they take off the page and bring back.
private struct Diff {
    let tree: Tree
    let shown: PaneView.NodeTable
    let retired: [String: PaneView.Retired]
    let seq: UInt64
    var patches: [Fragment] = []
    /// Old nodes whose elements the patches take off the page (with everything in them), and whether each was a row.
    var takenOff: [(id: String, inList: Bool)] = []
    /// Retired nodes named for reuse.
    var reused: [String] = []

    init(tree: Tree, shown: PaneView.NodeTable, retired: [String: PaneView.Retired], seq: UInt64) {
        (self.tree, self.shown, self.retired, self.seq) = (tree, shown, retired, seq)
    }

    /// Appends what patches `old` (the node as the tabs show it) into the node at `index`.
    mutating func node(_ index: Int, against old: PaneView.Node) {
        let new = tree.record(index)
        if new.whole == old.whole { return }
        if new.shell == old.shell {
            // The same shell names the same child ids, so each is shown (unless ids were not unique).
            guard tree.children[index].allSatisfy({ shown[tree.nodes[$0].id] != nil }) else { return whole(index, replacing: old) }
            for child in tree.children[index] { node(child, against: shown[tree.nodes[child].id]!) }
            return
        }
        if let frame = new.frame, frame == old.frame, let keyed = keyedPatch(index, from: old.children) {
            var nested = Diff(tree: tree, shown: shown, retired: retired, seq: seq)
            for child in tree.children[index] {
                guard let before = shown[tree.nodes[child].id] else { continue }  // inserted
                nested.node(child, against: before)
            }
            var alone = Diff(tree: tree, shown: shown, retired: retired, seq: seq)
            alone.whole(index, replacing: old)
            let size = keyed.patch.html.utf8.count + nested.patches.reduce(0) { $0 + $1.html.utf8.count }
            if size < alone.patches[0].html.utf8.count {
                patches.append(keyed.patch)
                patches += nested.patches
                takenOff += keyed.removed.map { ($0, true) } + nested.takenOff
                reused += keyed.reused + nested.reused
                return
            }
            return absorb(alone)
        }
        whole(index, replacing: old)
    }

    private mutating func absorb(_ other: Diff) {
        patches += other.patches
        takenOff += other.takenOff
        reused += other.reused
    }

    /// The node at `index` sent whole in place of `old`: the page takes off the old node's content, and any of it (or
    /// of the retired nodes) that the new content holds unchanged is named instead of sent.
    mutating func whole(_ index: Int, replacing old: PaneView.Node) {
        takenOff += old.children.map { ($0, old.frame != nil) }
        // A small node is sent as it is: naming what is in it saves little, and the rate case (an EV event redraws
        // two small screens) would pay for the lookups on every event.
        guard tree.nodes[index].range.count >= PaneView.reuseFrom else {
            return patches.append(Fragment(id: tree.nodes[index].id, html: tree.html(index, reuse: { _ in nil })))
        }
        var oldInside: [String: Int] = [:]
        collect(old.children, into: &oldInside)
        var named: [String] = []
        let html = tree.html(index) { child in
            let id = tree.nodes[child].id
            let whole = tree.record(child).whole
            if oldInside[id] == whole { return PaneView.reuse(id, seq: seq) }
            guard let kept = retired[id], kept.whole == whole else { return nil }
            named.append(id)
            return PaneView.reuse(id, seq: kept.seq)
        }
        patches.append(Fragment(id: tree.nodes[index].id, html: html))
        reused += named
    }

    private func collect(_ ids: [String], into inside: inout [String: Int]) {
        for id in ids {
            guard let node = shown[id] else { continue }
            inside[id] = node.whole
            collect(node.children, into: &inside)
        }
    }

    /// The rows of the keyed list at `index` removed, inserted and moved by id, as one element for the page script:
    /// `<template data-keyed-for="LIST" data-remove="ID …" data-after="ANCHOR …">ITEMS</template>`, where each item is a
    /// new row's HTML, `<i data-move="ID"></i>` for a row the page has, or a reused row, and is placed after the anchor
    /// of the same rank (`^`: first). The rows that keep their order (the longest run of them) are not named at all. Nil
    /// when an id cannot be written in such a list (it holds a space, or reads `^`).
    private func keyedPatch(_ index: Int, from oldIDs: [String]) -> (patch: Fragment, removed: [String], reused: [String])? {
        let newIDs = tree.children[index].map { tree.nodes[$0].id }
        guard !(oldIDs + newIDs).contains(where: { $0 == "^" || $0.contains(where: \.isWhitespace) }) else { return nil }
        let newSet = Set(newIDs)
        let oldRank = Dictionary(oldIDs.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let removed = oldIDs.filter { !newSet.contains($0) }
        let staying = Tree.longestIncreasingRun(newIDs.compactMap { id in oldRank[id].map { (id, $0) } })
        var anchors: [String] = []
        var items = ""
        var named: [String] = []
        // Only nodes retired by earlier patches are named inside new rows (the removed rows are taken off first,
        // but what is in them is not worth the bookkeeping).
        let reuse = { (child: Int) -> String? in
            let id = tree.nodes[child].id
            guard let kept = retired[id], kept.whole == tree.record(child).whole else { return nil }
            named.append(id)
            return PaneView.reuse(id, seq: kept.seq)
        }
        for (rank, child) in tree.children[index].enumerated() {
            let id = tree.nodes[child].id
            if staying.contains(id) { continue }
            anchors.append(rank == 0 ? "^" : newIDs[rank - 1])
            if oldRank[id] != nil {
                items += "<i data-move=\"\(HTML.attribute(id))\"></i>"
            } else if let placeholder = reuse(child) {
                items += placeholder
            } else {
                items += tree.html(child, reuse: reuse)
            }
        }
        var html = "<template data-keyed-for=\"\(HTML.attribute(tree.nodes[index].id))\""
        if !removed.isEmpty { html += " data-remove=\"\(HTML.attribute(removed.joined(separator: " ")))\"" }
        if !anchors.isEmpty { html += " data-after=\"\(HTML.attribute(anchors.joined(separator: " ")))\"" }
        return (Fragment(id: tree.nodes[index].id, html: html + ">" + items + "</template>"), removed, named)
    }
}

/// One render as a tree of nodes, with their hashes.
private struct Tree {
    let bytes: [UInt8]
    /// The root (the wrapper) and then the render's nodes, shifted into the wrapped bytes.
    let nodes: [FragmentNode]
    let children: [[Int]]
    let records: [String: PaneView.Node]
    /// Each node's record, by index.
    private let byIndex: [PaneView.Node]
    let ambiguous: Bool

    init(_ rendered: RenderedView, rootID: String) {
        let opening = Array(("<div id=\"\(HTML.attribute(rootID))\" class=\"app-root\">").utf8)
        var bytes = opening
        bytes.append(contentsOf: rendered.html.utf8)
        let innerEnd = bytes.count
        bytes.append(contentsOf: "</div>".utf8)
        var nodes = [FragmentNode(id: rootID, range: 0..<bytes.count, inner: opening.count..<innerEnd, parent: -1)]
        for node in rendered.nodes {
            var shifted = node
            shifted.range = (node.range.lowerBound + opening.count)..<(node.range.upperBound + opening.count)
            shifted.inner = (node.inner.lowerBound + opening.count)..<(node.inner.upperBound + opening.count)
            shifted.parent = node.parent + 1
            nodes.append(shifted)
        }
        var children = [[Int]](repeating: [], count: nodes.count)
        for index in nodes.indices.dropFirst() { children[nodes[index].parent].append(index) }
        // Children come after their parent, so from the last node back every child's whole hash is ready.
        var byIndex = [PaneView.Node](repeating: PaneView.Node(shell: 0, whole: 0, frame: nil, children: []), count: nodes.count)
        for index in nodes.indices.reversed() { byIndex[index] = Self.record(of: index, nodes, children[index], bytes, byIndex) }
        var records: [String: PaneView.Node] = [:]
        records.reserveCapacity(nodes.count)
        var ambiguous = false
        for index in nodes.indices where records.updateValue(byIndex[index], forKey: nodes[index].id) != nil { ambiguous = true }
        (self.bytes, self.nodes, self.children, self.records, self.byIndex, self.ambiguous) = (bytes, nodes, children, records, byIndex, ambiguous)
    }

    func record(_ index: Int) -> PaneView.Node { byIndex[index] }

    /// The record of the node at `index`, its children's records being in `done` already.
    private static func record(of index: Int, _ nodes: [FragmentNode], _ children: [Int], _ bytes: [UInt8], _ done: [PaneView.Node]) -> PaneView.Node {
        let node = nodes[index]
        var shell = Hasher()
        var cursor = node.range.lowerBound
        var contiguous = true
        var expected = node.inner.lowerBound
        var ids: [String] = []
        ids.reserveCapacity(children.count)
        for childIndex in children {
            let child = nodes[childIndex]
            ids.append(child.id)
            add(bytes[cursor..<child.range.lowerBound], to: &shell)
            addMarker(child.id, to: &shell)
            cursor = child.range.upperBound
            if child.range.lowerBound != expected { contiguous = false }
            expected = child.range.upperBound
        }
        add(bytes[cursor..<node.range.upperBound], to: &shell)
        var frame: Int?
        if contiguous, expected == node.inner.upperBound {
            var hasher = Hasher()
            add(bytes[node.range.lowerBound..<node.inner.lowerBound], to: &hasher)
            hasher.combine(UInt8(0xFF))
            add(bytes[node.inner.upperBound..<node.range.upperBound], to: &hasher)
            frame = hasher.finalize()
        }
        let shellHash = shell.finalize()
        var whole = Hasher()
        whole.combine(shellHash)
        for child in children { whole.combine(done[child].whole) }
        return PaneView.Node(shell: shellHash, whole: whole.finalize(), frame: frame, children: ids)
    }

    /// Feeds bytes (UTF-8 never holds 0xFF, so the markers between pieces cannot be mistaken for text).
    private static func add(_ slice: ArraySlice<UInt8>, to hasher: inout Hasher) {
        slice.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    private static func addMarker(_ id: String, to hasher: inout Hasher) {
        hasher.combine(UInt8(0xFF))
        var id = id
        id.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        hasher.combine(UInt8(0xFF))
    }

    /// The node at `index` whole, with each node inside it for which `reuse` gives an element written as that element
    /// (when it is shorter than the node's HTML).
    func html(_ index: Int, reuse: (Int) -> String?) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(nodes[index].range.count)
        write(index, into: &out, reuse: reuse)
        return out.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
    }

    private func write(_ index: Int, into out: inout [UInt8], reuse: (Int) -> String?) {
        var cursor = nodes[index].range.lowerBound
        for child in children[index] {
            out.append(contentsOf: bytes[cursor..<nodes[child].range.lowerBound])
            if let element = reuse(child), element.utf8.count < nodes[child].range.count {
                out.append(contentsOf: element.utf8)
            } else {
                write(child, into: &out, reuse: reuse)
            }
            cursor = nodes[child].range.upperBound
        }
        out.append(contentsOf: bytes[cursor..<nodes[index].range.upperBound])
    }

    /// The ids of the longest subsequence whose old ranks increase: the rows that can stay where they are.
    static func longestIncreasingRun(_ ranked: [(id: String, rank: Int)]) -> Set<String> {
        var tails: [Int] = []  // index into `ranked` of the smallest tail of each length
        var previous = [Int](repeating: -1, count: ranked.count)
        for (index, item) in ranked.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if ranked[tails[middle]].rank < item.rank { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var run = Set<String>()
        var cursor = tails.last ?? -1
        while cursor >= 0 {
            run.insert(ranked[cursor].id)
            cursor = previous[cursor]
        }
        return run
    }
}
