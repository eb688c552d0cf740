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
            return [Fragment(id: id, html: Self.compactForms(tree.html(0, reuse: { _ in nil })))]
        }
        var diff = Diff(tree: tree, shown: shown, retired: retired, seq: seq)
        diff.node(0, against: root)
        retire(diff.takenOff, reused: diff.reused, now: tree.records, seq: seq)
        shown = NodeTable(tree.records)
        ambiguous = false
        return diff.patches.map { Fragment(id: $0.id, html: Self.compactForms($0.html)) }
    }

    /// Forgets the retired nodes shown again (and the ones around a reused one: their element lost it), and retires
    /// the keyed lists and rows under what the patch took off.
    private mutating func retire(_ takenOff: [Diff.TakenOff], reused: [String], now: [String: Node], seq: UInt64) {
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

extension PaneView {
    /// A control's form in a patch, `<form id="APP-cCTL" … method="post" action="/rooms/ID/actions"><input type="hidden"
    /// name="app" value="APP"><input type="hidden" name="control" value="CTL">…`, as `<form id="APP-cCTL" … data-c="APP">…`:
    /// the page script adds the method, the room's action and the two fields back (~135 bytes a form, the same in every
    /// form of the room). Any other form is left as it is.
    static func compactForms(_ html: String) -> String {
        var html = html
        let compacted: String? = html.withUTF8 { source in
            guard let first = find(formOpen, in: source, from: 0) else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(source.count)
            var copied = 0
            var next: Int? = first
            while let start = next {
                next = find(formOpen, in: source, from: start + formOpen.count)
                guard let (keep, resume, app) = compactForm(source, at: start) else { continue }
                out.append(contentsOf: source[copied..<keep])
                out.append(contentsOf: dataC)
                out.append(contentsOf: source[app])
                out.append(contentsOf: closeTag)
                copied = resume
                if let found = next, found < resume { next = find(formOpen, in: source, from: resume) }
            }
            out.append(contentsOf: source[copied...])
            return String(decoding: out, as: UTF8.self)
        }
        return compacted ?? html
    }

    private static let formOpen = Array(#"<form id=""#.utf8)
    private static let method = Array(#" method="post" action="/rooms/"#.utf8)
    private static let actions = Array(#"/actions">"#.utf8)
    private static let appField = Array(#"<input type="hidden" name="app" value=""#.utf8)
    private static let controlField = Array(#""><input type="hidden" name="control" value=""#.utf8)
    private static let dataC = Array(#" data-c=""#.utf8)
    private static let closeTag = Array(#"">"#.utf8)

    /// For the form starting at `start`: where its `method` attribute starts, where its fields end and its app's bytes;
    /// nil unless it is exactly a control's form of this shape.
    private static func compactForm(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (Int, Int, Range<Int>)? {
        let idStart = start + formOpen.count
        guard let idEnd = bytes[idStart...].firstIndex(of: UInt8(ascii: "\"")),
            let tagEnd = bytes[idEnd...].firstIndex(of: UInt8(ascii: ">")),
            let methodStart = find(method, in: bytes, from: idEnd), methodStart < tagEnd
        else { return nil }
        // The room's id, then "/actions">" closing the tag.
        let roomStart = methodStart + method.count
        guard let slash = bytes[roomStart..<tagEnd].firstIndex(of: UInt8(ascii: "/")), slash > roomStart,
            !bytes[roomStart..<slash].contains(UInt8(ascii: "\"")), starts(actions, in: bytes, at: slash), slash + actions.count == tagEnd + 1,
            starts(appField, in: bytes, at: tagEnd + 1)
        else { return nil }
        let appStart = tagEnd + 1 + appField.count
        guard let appEnd = bytes[appStart...].firstIndex(of: UInt8(ascii: "\"")), starts(controlField, in: bytes, at: appEnd) else { return nil }
        let controlStart = appEnd + controlField.count
        guard let controlEnd = bytes[controlStart...].firstIndex(of: UInt8(ascii: "\"")), starts(closeTag, in: bytes, at: controlEnd) else { return nil }
        // The id is APP-cCTL, and neither holds anything the script would have to unescape.
        let plain = { (range: Range<Int>) in
            !range.isEmpty && bytes[range].allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2D || byte == 0x5F
            }
        }
        let app = appStart..<appEnd
        let control = controlStart..<controlEnd
        guard plain(app), plain(control), idEnd - idStart == app.count + 2 + control.count,
            bytes[idStart..<idStart + app.count].elementsEqual(bytes[app]),
            bytes[idStart + app.count] == UInt8(ascii: "-"), bytes[idStart + app.count + 1] == UInt8(ascii: "c"),
            bytes[(idStart + app.count + 2)..<idEnd].elementsEqual(bytes[control])
        else { return nil }
        return (methodStart, controlEnd + closeTag.count, app)
    }

    private static func starts(_ literal: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        index + literal.count <= bytes.count && bytes[index..<index + literal.count].elementsEqual(literal)
    }

    private static func find(_ literal: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        var index = from
        while index + literal.count <= bytes.count {
            guard let candidate = bytes[index...(bytes.count - literal.count)].firstIndex(of: literal[0]) else { return nil }
            if starts(literal, in: bytes, at: candidate) { return candidate }
            index = candidate + 1
        }
        return nil
    }
}

/// One diff of a render against what the tabs show: the patches, and what they take off the page and bring back.
private struct Diff {
    let tree: Tree
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
        if let appended = appendedChild(index, to: old) {
            // A node that gained a last child (a screen pushed on a navigation stack): the child is appended, the rest
            // patched as before.
            for child in tree.children[index].dropLast() { node(child, against: shown[tree.nodes[child].id]!) }
            let (tree, retired) = (tree, retired)
            let named = { (child: Int) -> PaneView.Named? in
                let id = tree.nodes[child].id
                guard let kept = retired[id], kept.whole == tree.record(child).whole else { return nil }
                return PaneView.Named(id: id, seq: kept.seq, origin: kept.origin)
            }
            // The child itself, or what is in it, may be kept by the tabs (a screen pushed again).
            var inner: [String] = []
            var inside = tree.html(appended) { child in named(child).map { inner.append($0.id); return $0 } }
            reused += inner
            if let itself = named(appended), itself.element(run: 1).utf8.count < inside.utf8.count {
                inside = itself.element(run: 1)
                reused.append(itself.id)
            }
            patches.append(Fragment(id: tree.nodes[index].id, html: "<template data-append-to=\"\(HTML.attribute(tree.nodes[index].id))\">" + inside + "</template>"))
            return
        }
        if let dropped = droppedChild(index, from: old) {
            // A node that lost its last child (a pushed screen dismissed): the page takes that child off.
            for child in tree.children[index] { node(child, against: shown[tree.nodes[child].id]!) }
            takenOff.append(TakenOff(id: dropped, origin: nil))
            patches.append(Fragment(id: dropped, html: "<template data-drop=\"\(HTML.attribute(dropped))\"></template>"))
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
            // Measured as sent (control forms written short).
            let size = PaneView.compactForms(keyed.patch.html).utf8.count + nested.patches.reduce(0) { $0 + PaneView.compactForms($1.html).utf8.count }
            if size < PaneView.compactForms(alone.patches[0].html).utf8.count {
                patches.append(keyed.patch)
                patches += nested.patches
                takenOff += keyed.removed + nested.takenOff
                reused += keyed.reused + nested.reused
                return
            }
            return absorb(alone)
        }
        whole(index, replacing: old)
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

    private mutating func absorb(_ other: Diff) {
        patches += other.patches
        takenOff += other.takenOff
        reused += other.reused
    }

    /// The node at `index` sent whole in place of `old`: the page takes off the old node's content, and any of it (or
    /// of the retired nodes) that the new content holds unchanged is named instead of sent.
    mutating func whole(_ index: Int, replacing old: PaneView.Node) {
        let id = tree.nodes[index].id
        takenOff += old.children.enumerated().map { TakenOff(id: $1, origin: old.frame != nil ? PaneView.Origin(list: id, at: $0) : nil) }
        // A small node is sent as it is: naming what is in it saves little, and the rate case (an EV event redraws
        // two small screens) would pay for the lookups on every event.
        guard tree.nodes[index].range.count >= PaneView.reuseFrom else {
            return patches.append(Fragment(id: id, html: tree.html(index, reuse: { _ in nil })))
        }
        var oldInside: [String: (whole: Int, origin: PaneView.Origin?)] = [:]
        collect(old.children, list: old.frame != nil ? id : nil, into: &oldInside)
        var named: [String] = []
        let html = tree.html(index) { child in
            let id = tree.nodes[child].id
            let whole = tree.record(child).whole
            if let inside = oldInside[id], inside.whole == whole { return PaneView.Named(id: id, seq: seq, origin: inside.origin) }
            guard let kept = retired[id], kept.whole == whole else { return nil }
            named.append(id)
            return PaneView.Named(id: id, seq: kept.seq, origin: kept.origin)
        }
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
        let staying = Tree.longestIncreasingRun(newIDs.compactMap { id in oldRank[id].map { (id, $0) } })
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

    /// The shell hash the node at `index` would have with a child `id` at the end of its content.
    func shell(of index: Int, appendingMarker id: String) -> Int {
        var shell = Hasher()
        var cursor = nodes[index].range.lowerBound
        for child in children[index] {
            Self.add(bytes[cursor..<nodes[child].range.lowerBound], to: &shell)
            Self.addMarker(nodes[child].id, to: &shell)
            cursor = nodes[child].range.upperBound
        }
        Self.add(bytes[cursor..<nodes[index].inner.upperBound], to: &shell)
        Self.addMarker(id, to: &shell)
        Self.add(bytes[nodes[index].inner.upperBound..<nodes[index].range.upperBound], to: &shell)
        return shell.finalize()
    }

    /// The shell hash the node at `index` would have without its child `skipped` (its bytes and its marker).
    func shell(of index: Int, without skipped: Int) -> Int {
        var shell = Hasher()
        var cursor = nodes[index].range.lowerBound
        for child in children[index] {
            Self.add(bytes[cursor..<nodes[child].range.lowerBound], to: &shell)
            if child != skipped { Self.addMarker(nodes[child].id, to: &shell) }
            cursor = nodes[child].range.upperBound
        }
        Self.add(bytes[cursor..<nodes[index].range.upperBound], to: &shell)
        return shell.finalize()
    }

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

    /// The node at `index` whole, with each node inside it that `reuse` names written as its element (when that is
    /// shorter than the node's HTML), and rows named one after the other in their old order as one element.
    func html(_ index: Int, reuse: (Int) -> PaneView.Named?) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(nodes[index].range.count)
        write(index, into: &out, reuse: reuse)
        return out.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
    }

    private func write(_ index: Int, into out: inout [UInt8], reuse: (Int) -> PaneView.Named?) {
        var cursor = nodes[index].range.lowerBound
        var run: (first: PaneView.Named, count: Int)?
        let framed = byIndex[index].frame != nil
        var previous: Row?
        for child in children[index] {
            let gap = bytes[cursor..<nodes[child].range.lowerBound]
            cursor = nodes[child].range.upperBound
            if let named = reuse(child), named.element(run: 1).utf8.count < nodes[child].range.count {
                previous = nil
                if gap.isEmpty, let open = run, open.first.run(open.count, isFollowedBy: named) {
                    run?.count += 1
                    continue
                }
                if let open = run { out.append(contentsOf: open.first.element(run: open.count).utf8) }
                out.append(contentsOf: gap)
                run = (named, 1)
                continue
            }
            if let open = run { out.append(contentsOf: open.first.element(run: open.count).utf8) }
            run = nil
            out.append(contentsOf: gap)
            // A keyed list's row drawn like the row before it (the same tags, other ids and text) goes as its ids and
            // text; its forms are written short first (a control's hidden field names the control).
            guard framed else {
                write(child, into: &out, reuse: reuse)
                continue
            }
            if !gap.isEmpty { previous = nil }
            var drawn: [UInt8] = []
            write(child, into: &drawn, reuse: reuse)
            drawn = Array(PaneView.compactForms(String(decoding: drawn, as: UTF8.self)).utf8)
            let row = Row(drawn[...])
            if let model = previous, let like = row.like(model) { out.append(contentsOf: like) } else { out.append(contentsOf: drawn) }
            previous = row
        }
        if let open = run { out.append(contentsOf: open.first.element(run: open.count).utf8) }
        out.append(contentsOf: bytes[cursor..<nodes[index].range.upperBound])
    }

    /// A row as drawn, cut into its tags without their ids' values (its shape), its ids and its text.
    private struct Row {
        var shape: [UInt8] = []
        var ids: [ArraySlice<UInt8>] = []
        var texts: [ArraySlice<UInt8>] = []

        private static let idAttribute = Array(#" id=""#.utf8)

        init(_ html: ArraySlice<UInt8>) {
            var index = html.startIndex
            while index < html.endIndex {
                if html[index] == UInt8(ascii: "<") {
                    let end = html[index...].firstIndex(of: UInt8(ascii: ">")) ?? html.endIndex - 1
                    let tag = html[index...end]
                    if let at = Self.find(Self.idAttribute, in: tag), let close = tag[(at + Self.idAttribute.count)...].firstIndex(of: UInt8(ascii: "\"")) {
                        shape += tag[..<(at + Self.idAttribute.count)]
                        ids.append(tag[(at + Self.idAttribute.count)..<close])
                        shape += tag[close...]
                    } else {
                        shape += tag
                    }
                    index = end + 1
                } else {
                    let end = html[index...].firstIndex(of: UInt8(ascii: "<")) ?? html.endIndex
                    texts.append(html[index..<end])
                    shape.append(0xFF)  // never in UTF-8: where a text was
                    index = end
                }
            }
        }

        /// `<i data-like="ID …">TEXT<br>TEXT</i>` when this row has `model`'s shape and the element is shorter.
        func like(_ model: Row) -> [UInt8]? {
            guard shape == model.shape, !ids.isEmpty, !ids.contains(where: { $0.contains(UInt8(ascii: " ")) }) else { return nil }
            var out = Array(#"<i data-like=""#.utf8)
            for (index, id) in ids.enumerated() {
                if index > 0 { out.append(UInt8(ascii: " ")) }
                out += id
            }
            out += Array(#"">"#.utf8)
            for (index, text) in texts.enumerated() {
                if index > 0 { out += Array("<br>".utf8) }
                out += text
            }
            out += Array("</i>".utf8)
            return out.count < shape.count + ids.reduce(0) { $0 + $1.count } + texts.reduce(0) { $0 + $1.count } - texts.count ? out : nil
        }

        private static func find(_ literal: [UInt8], in bytes: ArraySlice<UInt8>) -> Int? {
            var index = bytes.startIndex
            while index + literal.count <= bytes.endIndex {
                if bytes[index..<index + literal.count].elementsEqual(literal) { return index }
                index += 1
            }
            return nil
        }
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
