import PlaygroundUI

/// What the tabs show of one pane's view, and how to patch it with the least HTML.
///
/// The app's view is wrapped in `<div id="ev-view">`. Every element with an `id` in it is a node of a tree
/// (``RenderedView/nodes``): the view's `.id` fragments, and inside them the keyed lists of `ForEach` and their rows.
/// Of each node only hashes are kept: its *shell* (its HTML with every child node cut out and replaced by the
/// child's id) and, for a node whose content is nothing but its child nodes (a keyed list), its *frame* (its start and
/// end tags). A render is diffed against them from the root down:
/// - the same shell: the node is patched child by child (a heart press sends its row);
/// - another shell but the same frame: the list's rows are removed, inserted and moved by id (``keyedPatch``), and the
///   rows it kept are patched in turn;
/// - otherwise the node is sent whole.
///
/// The same render gives every subscriber the same patch, and the diff needs no HTML of the last one, so a room keeps
/// only the hashes of what its tabs show (a page or a resync renders again).
struct PaneView {
    let id: String
    /// What the tabs show, by node id (the root's is ``id``).
    private var shown: [String: Node] = [:]
    /// Whether two nodes of what the tabs show share an id: then nothing can be patched by id, and a change sends the
    /// whole view.
    private var ambiguous = false

    /// One node as the tabs show it.
    struct Node: Equatable {
        /// Hash of its HTML with its child nodes cut out (their ids in their place).
        var shell: Int
        /// Hash of its start and end tags, when between them there is nothing but its child nodes.
        var frame: Int?
        /// Its child nodes' ids, in order.
        var children: [String]
    }

    init(id: String) {
        self.id = id
    }

    /// The wrapper around an app's HTML: `<div id="ev-view" class="app-root">…</div>`.
    static func wrapped(_ html: String, id: String) -> String {
        opening(id) + html + "</div>"
    }

    private static func opening(_ id: String) -> String { "<div id=\"\(HTML.attribute(id))\" class=\"app-root\">" }

    /// Records `rendered` as shown and returns the fragments that patch the old state into it (the whole wrapper the
    /// first time).
    mutating func update(_ rendered: RenderedView) -> [Fragment] {
        let tree = Tree(rendered, rootID: id)
        defer {
            shown = tree.records
            ambiguous = tree.ambiguous
        }
        guard let root = shown[id], !ambiguous, !tree.ambiguous else { return [tree.fragment(0)] }
        var patches: [Fragment] = []
        tree.diff(0, against: root, shown: shown, into: &patches)
        return patches
    }

    /// The number of nodes kept (for tests).
    var nodeCount: Int { shown.count }
}

/// One render as a tree of nodes, with their hashes.
private struct Tree {
    let bytes: [UInt8]
    /// The root (the wrapper) and then the render's nodes, shifted into the wrapped bytes.
    let nodes: [FragmentNode]
    let children: [[Int]]
    let records: [String: PaneView.Node]
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
        var records: [String: PaneView.Node] = [:]
        records.reserveCapacity(nodes.count)
        var ambiguous = false
        for index in nodes.indices {
            let record = Self.record(of: index, nodes, children[index], bytes)
            if records.updateValue(record, forKey: nodes[index].id) != nil { ambiguous = true }
        }
        (self.bytes, self.nodes, self.children, self.records, self.ambiguous) = (bytes, nodes, children, records, ambiguous)
    }

    private static func record(of index: Int, _ nodes: [FragmentNode], _ children: [Int], _ bytes: [UInt8]) -> PaneView.Node {
        let node = nodes[index]
        var shell = Hasher()
        var cursor = node.range.lowerBound
        var contiguous = true
        var expected = node.inner.lowerBound
        for child in children.map({ nodes[$0] }) {
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
        return PaneView.Node(shell: shell.finalize(), frame: frame, children: children.map { nodes[$0].id })
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

    /// The node at `index` whole.
    func fragment(_ index: Int) -> Fragment {
        Fragment(id: nodes[index].id, html: html(nodes[index].range))
    }

    private func html(_ range: Range<Int>) -> String {
        bytes[range].withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
    }

    /// Appends what patches `old` (the node as the tabs show it) into the node at `index`.
    func diff(_ index: Int, against old: PaneView.Node, shown: [String: PaneView.Node], into patches: inout [Fragment]) {
        let new = records[nodes[index].id]!
        if new.shell == old.shell {
            for child in children[index] {
                guard let before = shown[nodes[child].id] else { return patches.append(fragment(index)) }
                diff(child, against: before, shown: shown, into: &patches)
            }
            return
        }
        if let frame = new.frame, frame == old.frame, let keyed = keyedPatch(index, from: old.children, shown: shown) {
            var nested: [Fragment] = []
            for child in children[index] {
                guard let before = shown[nodes[child].id] else { continue }  // inserted whole
                diff(child, against: before, shown: shown, into: &nested)
            }
            let whole = fragment(index)
            if keyed.html.utf8.count + nested.reduce(0, { $0 + $1.html.utf8.count }) < whole.html.utf8.count {
                patches.append(keyed)
                patches += nested
                return
            }
            return patches.append(whole)
        }
        patches.append(fragment(index))
    }

    /// The rows of the keyed list at `index` removed, inserted and moved by id, as one element for the page script:
    /// `<template data-keyed-for="LIST" data-remove="ID …" data-after="ANCHOR …">ITEMS</template>`, where each item is a
    /// new row's HTML or `<i data-move="ID"></i>` for a row the page has, and is placed after the anchor of the same rank
    /// (`^`: first). The rows that keep their order (the longest run of them) are not named at all. Nil when an id
    /// cannot be written in such a list (it holds a space, or reads `^`).
    private func keyedPatch(_ index: Int, from oldIDs: [String], shown: [String: PaneView.Node]) -> Fragment? {
        let newIDs = children[index].map { nodes[$0].id }
        guard !(oldIDs + newIDs).contains(where: { $0 == "^" || $0.contains(where: \.isWhitespace) }) else { return nil }
        let newSet = Set(newIDs)
        let oldRank = Dictionary(oldIDs.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let removed = oldIDs.filter { !newSet.contains($0) }
        let staying = Self.longestIncreasingRun(newIDs.compactMap { id in oldRank[id].map { (id, $0) } })
        var anchors: [String] = []
        var items = ""
        for (rank, child) in children[index].enumerated() {
            let id = nodes[child].id
            if staying.contains(id) { continue }
            anchors.append(rank == 0 ? "^" : newIDs[rank - 1])
            items += oldRank[id] != nil ? "<i data-move=\"\(HTML.attribute(id))\"></i>" : html(nodes[child].range)
        }
        var html = "<template data-keyed-for=\"\(HTML.attribute(nodes[index].id))\""
        if !removed.isEmpty { html += " data-remove=\"\(HTML.attribute(removed.joined(separator: " ")))\"" }
        if !anchors.isEmpty { html += " data-after=\"\(HTML.attribute(anchors.joined(separator: " ")))\"" }
        return Fragment(id: nodes[index].id, html: html + ">" + items + "</template>")
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
