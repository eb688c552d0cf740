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
/// That is a node of the replaced node's old content (taken off by this very patch), or a node taken off by an earlier
/// patch and not shown since (``retired``: keyed lists, rows, and what was taken off outside them): closing a post
/// brings back the list its opening took off, Show All the rows Favourites took off. Rows taken off one list by one
/// patch and brought back in their old order are one element, `<i data-reuse="FIRST" data-seq="SEQ" data-run="N">`:
/// the first row and the N − 1 rows that followed it in that list. A tab that lacks the element (it loaded the page
/// later) asks for a resync.
///
/// A node that gained a last child gets it appended (`<template data-append-to="NODE">`), one that lost it has it
/// dropped (`<template data-drop="CHILD">`), one whose child is another now has it swapped (`<template data-swap="OLD">`),
/// one whose first child stays has what follows it sent alone (`<template data-rest="CHILD">`, PaneView+Rest.swift).
/// Patches write a control's form, and a node shaped like the node before it, short (PaneView+Short.swift); the page
/// script writes them out as the page has them.
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
    /// What follows the first child of nodes whose content after it went in a rest patch, by that child's id.
    var rests: [String: Rests] = [:]
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
        /// Hash of its start tag and its first child's id, when that child begins its content and more follows it (a
        /// search field and what shows under it): the content after the child can be sent alone (a node with a frame
        /// has none).
        var head: Int? = nil
        /// Its child nodes' ids, in order.
        var children: [String]
    }

    /// Nodes by id, sorted by id, in flat arrays: kept for as long as the room lives, where a dictionary's buckets and
    /// slack, and an array of child ids per node, cost ~twice as much (a Nice pane holds ~300 nodes: its rows and their
    /// forms). Per node: its id, three hashes (the third its frame's, or its head's when it has no frame) and where its
    /// children's indices end in ``childIndices``.
    struct NodeTable {
        private var ids: [String] = []
        /// Shell, whole and frame (or head) hash of each node (0 when it has neither: see ``childEnds``).
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
                hashes.append(node.frame ?? node.head ?? 0)
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
            let third = hashes[3 * low + 2]
            let framed = childEnds[low] & Self.framed != 0
            return Node(
                shell: hashes[3 * low], whole: hashes[3 * low + 1], frame: framed ? third : nil, head: framed || third == 0 ? nil : third,
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
        /// The keyed list it was a row of, and its place there, when it was taken off (a run of rows is named by them).
        var origin: Origin?
    }

    /// A row's list and its index among the list's rows when a patch took it off (the page script records the same).
    struct Origin: Equatable {
        var list: String
        var at: Int
    }

    /// A node named for reuse: its id, the patch that took it off, and where it was a row.
    struct Named {
        var id: String
        var seq: UInt64
        var origin: Origin?

        /// Whether `next` is the row that followed this run of `count` rows in their list when they were taken off.
        func run(_ count: Int, isFollowedBy next: Named) -> Bool {
            guard let origin, let other = next.origin else { return false }
            return next.seq == seq && other.list == origin.list && other.at == origin.at + count
        }

        /// The element that stands for this node and the `count` − 1 rows after it.
        func element(run count: Int) -> String { PaneView.reuse(id, seq: seq, run: count) }
    }

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
            rests = [:]
            (shown, ambiguous) = (NodeTable(tree.records), tree.ambiguous)
            return [Fragment(id: id, html: Self.compactForms(tree.html(0, reuse: { _ in nil })))]
        }
        var diff = PaneDiff(tree: tree, shown: shown, retired: retired, rests: rests, seq: seq)
        diff.node(0, against: root)
        retire(diff.takenOff, reused: diff.reused, now: tree.records, seq: seq)
        trackRests(diff.restChanges, tree: tree, seq: seq, shown: shown)
        shown = NodeTable(tree.records)
        ambiguous = false
        return diff.patches.map { Fragment(id: $0.id, html: Self.compactForms($0.html)) }
    }

    /// Forgets the retired nodes shown again (and the ones around a reused one: their element lost it), and retires
    /// the keyed lists and rows under what the patch took off.
    private mutating func retire(_ takenOff: [PaneDiff.TakenOff], reused: [String], now: [String: Node], seq: UInt64) {
        for id in reused { forget(id) }
        for id in retired.keys.filter({ now[$0] != nil }) { forget(id) }
        for gone in takenOff { retireTree(gone.id, origin: gone.origin, within: nil, now: now, seq: seq) }
        if retired.count > Self.maxRetired { retired = [:] }
    }

    private mutating func forget(_ id: String) {
        var next: String? = id
        while let current = next, let gone = retired.removeValue(forKey: current) { next = gone.within }
    }

    /// Walks the old node `id` and what was in it (a node shown still may have lost some of its content): keyed lists
    /// and rows are kept, and any node not inside one (a screen's controls), but not every control of every row.
    private mutating func retireTree(_ id: String, origin: Origin?, within: String?, now: [String: Node], seq: UInt64) {
        guard let node = shown[id] else { return }
        var around = within
        if now[id] == nil, origin != nil || node.frame != nil || within == nil {
            retired[id] = Retired(whole: node.whole, seq: seq, within: within, origin: origin)
            around = id
        }
        for (at, child) in node.children.enumerated() {
            retireTree(child, origin: node.frame != nil ? Origin(list: id, at: at) : nil, within: around, now: now, seq: seq)
        }
    }

    /// The number of nodes kept (for tests).
    var nodeCount: Int { shown.count }
    /// The number of retired nodes kept (for tests).
    var retiredCount: Int { retired.count }

    /// The element that stands for a node the tabs keep: `<i data-reuse="ID" data-seq="SEQ"></i>`, and for a run of
    /// rows `<i data-reuse="FIRST" data-seq="SEQ" data-run="N"></i>`.
    static func reuse(_ id: String, seq: UInt64, run: Int = 1) -> String {
        "<i data-reuse=\"\(HTML.attribute(id))\" data-seq=\"\(seq)\"" + (run > 1 ? " data-run=\"\(run)\"></i>" : "></i>")
    }
}

/// One diff of a render against what the tabs show: the patches, and what they take off the page and bring back.
struct PaneDiff {
    let tree: PaneView.Tree
    let shown: PaneView.NodeTable
    let retired: [String: PaneView.Retired]
    let seq: UInt64
    var patches: [Fragment] = []
    /// An old node whose element a patch takes off the page (with everything in it), and where it was a row.
    struct TakenOff {
        var id: String
        var origin: PaneView.Origin?
    }
    var takenOff: [TakenOff] = []
    /// Retired nodes named for reuse.
    var reused: [String] = []

    /// What the tabs show and keep after the first child of nodes sent in rest patches, by that child's id.
    let rests: [String: PaneView.Rests]
    /// The rest patches made.
    var restChanges: [PaneView.RestChange] = []

    init(tree: PaneView.Tree, shown: PaneView.NodeTable, retired: [String: PaneView.Retired], rests: [String: PaneView.Rests], seq: UInt64) {
        (self.tree, self.shown, self.retired, self.rests, self.seq) = (tree, shown, retired, rests, seq)
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
        if let appended = appendedChild(index, to: old) {
            // A node that gained a last child (a screen pushed on a navigation stack): the child is appended, the rest
            // patched as before.
            for child in tree.children[index].dropLast() { node(child, against: shown[tree.nodes[child].id]!) }
            let inside = newChildHTML(appended)
            patches.append(Fragment(id: tree.nodes[index].id, html: "<template data-append-to=\"\(HTML.attribute(tree.nodes[index].id))\">" + inside + "</template>"))
            return
        }
        if let (swapped, gone) = swappedChild(index, from: old) {
            // A node one of whose children is another now (a spinner in place of a list): that child is swapped, the
            // rest patched as before.
            for child in tree.children[index] where child != swapped { node(child, against: shown[tree.nodes[child].id]!) }
            takenOff.append(TakenOff(id: gone, origin: nil))
            let inside = newChildHTML(swapped)
            patches.append(Fragment(id: gone, html: "<template data-swap=\"\(HTML.attribute(gone))\">" + inside + "</template>"))
            return
        }
        if let dropped = droppedChild(index, from: old) {
            // A node that lost its last child (a pushed screen dismissed): the page takes that child off.
            for child in tree.children[index] { node(child, against: shown[tree.nodes[child].id]!) }
            takenOff.append(TakenOff(id: dropped, origin: nil))
            patches.append(Fragment(id: dropped, html: "<template data-drop=\"\(HTML.attribute(dropped))\"></template>"))
            return
        }
        if let first = restAfterFirstChild(index, from: old) {
            // A node whose first child stays (a search field) and whose content after it changed (a spinner, then the
            // results): the child is patched as before and the rest sent alone, when that is smaller.
            var rest = PaneDiff(tree: tree, shown: shown, retired: retired, rests: rests, seq: seq)
            rest.node(first, against: shown[tree.nodes[first].id]!)
            rest.rest(index, after: first, replacing: old)
            var alone = PaneDiff(tree: tree, shown: shown, retired: retired, rests: rests, seq: seq)
            alone.whole(index, replacing: old)
            return absorb(Self.sentSize(rest) < Self.sentSize(alone) ? rest : alone)
        }
        if let frame = new.frame, frame == old.frame, let keyed = keyedPatch(index, from: old.children) {
            var nested = PaneDiff(tree: tree, shown: shown, retired: retired, rests: rests, seq: seq)
            for child in tree.children[index] {
                guard let before = shown[tree.nodes[child].id] else { continue }  // inserted
                nested.node(child, against: before)
            }
            var alone = PaneDiff(tree: tree, shown: shown, retired: retired, rests: rests, seq: seq)
            alone.whole(index, replacing: old)
            // Measured as sent (control forms written short).
            let size = PaneView.compactForms(keyed.patch.html).utf8.count + nested.patches.reduce(0) { $0 + PaneView.compactForms($1.html).utf8.count }
            if size < PaneView.compactForms(alone.patches[0].html).utf8.count {
                patches.append(keyed.patch)
                patches += nested.patches
                takenOff += keyed.removed + nested.takenOff
                reused += keyed.reused + nested.reused
                restChanges += nested.restChanges
                return
            }
            return absorb(alone)
        }
        whole(index, replacing: old)
    }

    /// A child the tabs do not show, written with what the tabs keep of it named: the child itself (a screen pushed
    /// again, a list shown again) or nodes inside it.
    private mutating func newChildHTML(_ index: Int) -> String {
        let (tree, retired) = (tree, retired)
        let named = { (child: Int) -> PaneView.Named? in
            let id = tree.nodes[child].id
            guard let kept = retired[id], kept.whole == tree.record(child).whole else { return nil }
            return PaneView.Named(id: id, seq: kept.seq, origin: kept.origin)
        }
        var inner: [String] = []
        let inside = tree.html(index) { child in named(child).map { inner.append($0.id); return $0 } }
        if let itself = named(index), itself.element(run: 1).utf8.count < inside.utf8.count {
            reused.append(itself.id)
            return itself.element(run: 1)
        }
        reused += inner
        return inside
    }

    /// The child of the node at `index` that took the place of an old one (returned by id), when that is all that
    /// changed in its own HTML: the other children are the old ones, in order, and the new one is not shown.
    private func swappedChild(_ index: Int, from old: PaneView.Node) -> (Int, String)? {
        let children = tree.children[index]
        guard tree.record(index).frame == nil, children.count == old.children.count else { return nil }
        var swapped: (Int, String)?
        for (child, oldID) in zip(children, old.children) where tree.nodes[child].id != oldID {
            guard swapped == nil else { return nil }
            swapped = (child, oldID)
        }
        guard let (child, oldID) = swapped, shown[tree.nodes[child].id] == nil, tree.records[oldID] == nil,
            tree.shell(of: index, naming: child, as: oldID) == old.shell
        else { return nil }
        return swapped
    }

    /// The child the node at `index` gained at the end of its content, when that is all that changed in its own HTML
    /// (its other children are the old ones, in order, and are shown).
    private func appendedChild(_ index: Int, to old: PaneView.Node) -> Int? {
        let children = tree.children[index]
        guard tree.record(index).frame == nil, let last = children.last, children.count == old.children.count + 1,
            tree.nodes[last].range.upperBound == tree.nodes[index].inner.upperBound, shown[tree.nodes[last].id] == nil,
            zip(children, old.children).allSatisfy({ tree.nodes[$0].id == $1 }),
            tree.shell(of: index, without: last) == old.shell
        else { return nil }
        return last
    }

    /// The last child the node at `index` had and lost, when that is all that changed in its own HTML (it ended its
    /// content; the other children are the old ones, in order).
    private func droppedChild(_ index: Int, from old: PaneView.Node) -> String? {
        let children = tree.children[index]
        guard tree.record(index).frame == nil, let last = old.children.last, children.count + 1 == old.children.count,
            shown[last] != nil, tree.nodes.allSatisfy({ $0.id != last }),
            zip(children, old.children).allSatisfy({ tree.nodes[$0].id == $1 }),
            tree.shell(of: index, appendingMarker: last) == old.shell
        else { return nil }
        return last
    }

    /// The bytes a diff's patches take as sent (control forms written short).
    static func sentSize(_ diff: PaneDiff) -> Int {
        diff.patches.reduce(0) { $0 + PaneView.compactForms($1.html).utf8.count }
    }

    /// What `write` writes with what the tabs keep named: the old nodes under `gone` (taken off by this patch, rows of
    /// `list` when they are a keyed list's) and the retired ones; and the retired nodes it named.
    func htmlNaming(_ gone: [String], list: String?, _ write: ((Int) -> PaneView.Named?) -> String) -> (String, [String]) {
        var oldInside: [String: (whole: Int, origin: PaneView.Origin?)] = [:]
        collect(gone, list: list, into: &oldInside)
        var named: [String] = []
        let (tree, retired, seq) = (tree, retired, seq)
        let html = write { child in
            let id = tree.nodes[child].id
            let whole = tree.record(child).whole
            if let inside = oldInside[id], inside.whole == whole { return PaneView.Named(id: id, seq: seq, origin: inside.origin) }
            guard let kept = retired[id], kept.whole == whole else { return nil }
            named.append(id)
            return PaneView.Named(id: id, seq: kept.seq, origin: kept.origin)
        }
        return (html, named)
    }

    mutating func absorb(_ other: PaneDiff) {
        patches += other.patches
        takenOff += other.takenOff
        reused += other.reused
        restChanges += other.restChanges
    }

    /// The node at `index` sent whole in place of `old`: the page takes off the old node's content, and any of it (or
    /// of the retired nodes) that the new content holds unchanged is named instead of sent.
    mutating func whole(_ index: Int, replacing old: PaneView.Node) {
        let id = tree.nodes[index].id
        takenOff += old.children.enumerated().map { TakenOff(id: $1, origin: old.frame != nil ? PaneView.Origin(list: id, at: $0) : nil) }
        // A node with no node inside has nothing to name (the rate case: an EV event redraws two such screens).
        guard !tree.children[index].isEmpty else {
            return patches.append(Fragment(id: id, html: tree.html(index, reuse: { _ in nil })))
        }
        let (html, named) = htmlNaming(old.children, list: old.frame != nil ? id : nil) { tree.html(index, reuse: $0) }
        patches.append(Fragment(id: id, html: html))
        reused += named
    }

    /// The old nodes under `ids` (the rows of `list` when they are a keyed list's), with where each was a row.
    private func collect(_ ids: [String], list: String?, into inside: inout [String: (whole: Int, origin: PaneView.Origin?)]) {
        for (at, id) in ids.enumerated() {
            guard let node = shown[id] else { continue }
            inside[id] = (node.whole, list.map { PaneView.Origin(list: $0, at: at) })
            collect(node.children, list: node.frame != nil ? id : nil, into: &inside)
        }
    }

    /// The rows of the keyed list at `index` removed, inserted and moved by id, as one element for the page script:
    /// `<template data-keyed-for="LIST" data-remove="ID …" data-after="ANCHOR …">ITEMS</template>`, where each item is a
    /// new row's HTML, `<i data-move="ID"></i>` for a row the page has, or a reused row (or run of rows), and is placed
    /// after the anchor of the same rank (`^`: first; a run's rows one after the other). The rows that keep their order
    /// (the longest run of them) are not named at all. Nil when an id cannot be written in such a list (it holds a
    /// space, or reads `^`).
    private func keyedPatch(_ index: Int, from oldIDs: [String]) -> (patch: Fragment, removed: [TakenOff], reused: [String])? {
        let newIDs = tree.children[index].map { tree.nodes[$0].id }
        guard !(oldIDs + newIDs).contains(where: { $0 == "^" || $0.contains(where: \.isWhitespace) }) else { return nil }
        let newSet = Set(newIDs)
        let oldRank = Dictionary(oldIDs.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let list = tree.nodes[index].id
        let removed = oldIDs.enumerated().filter { !newSet.contains($1) }.map { TakenOff(id: $1, origin: PaneView.Origin(list: list, at: $0)) }
        let staying = PaneView.Tree.longestIncreasingRun(newIDs.compactMap { id in oldRank[id].map { (id, $0) } })
        var anchors: [String] = []
        var items = ""
        var named: [String] = []
        // Only nodes retired by earlier patches are named inside new rows (the removed rows are taken off first,
        // but what is in them is not worth the bookkeeping).
        let reuse = { (child: Int) -> PaneView.Named? in
            let id = tree.nodes[child].id
            guard let kept = retired[id], kept.whole == tree.record(child).whole else { return nil }
            named.append(id)
            return PaneView.Named(id: id, seq: kept.seq, origin: kept.origin)
        }
        // A run of reused rows in a row (each placed after the one before it) is one item with one anchor.
        var run: (first: PaneView.Named, count: Int, rank: Int)?
        func flush() {
            if let open = run { items += open.first.element(run: open.count) }
            run = nil
        }
        for (rank, child) in tree.children[index].enumerated() {
            let id = tree.nodes[child].id
            if staying.contains(id) {
                flush()
                continue
            }
            if oldRank[id] == nil, let named = reuse(child) {
                if let open = run, open.rank + open.count == rank, open.first.run(open.count, isFollowedBy: named) {
                    run?.count += 1
                    continue
                }
                flush()
                anchors.append(rank == 0 ? "^" : newIDs[rank - 1])
                run = (named, 1, rank)
                continue
            }
            flush()
            anchors.append(rank == 0 ? "^" : newIDs[rank - 1])
            if oldRank[id] != nil {
                items += "<i data-move=\"\(HTML.attribute(id))\"></i>"
            } else {
                items += tree.html(child, reuse: reuse)
            }
        }
        flush()
        var html = "<template data-keyed-for=\"\(HTML.attribute(list))\""
        if !removed.isEmpty { html += " data-remove=\"\(HTML.attribute(removed.map(\.id).joined(separator: " ")))\"" }
        if !anchors.isEmpty { html += " data-after=\"\(HTML.attribute(anchors.joined(separator: " ")))\"" }
        return (Fragment(id: list, html: html + ">" + items + "</template>"), removed, named)
    }
}
