import PlaygroundUI

// A node's content after its first child sent alone (`<template data-rest>`), and drawn like a content the tabs keep.
extension PaneView {
    /// What follows a node's first child in the tabs, for a child whose node had a rest patch: the shape of what they
    /// show there (nil when it has none: the node is gone), and the shapes of what rest patches took off (kept by every
    /// tab that applied them, by the patch's sequence number), oldest first.
    struct Rests: Equatable {
        var node: String
        var shown: Int?
        var kept: [Kept] = []

        struct Kept: Equatable {
            var seq: UInt64
            var shape: Int
        }
    }

    /// A rest patch: its child, its node, the shape of the content it sent, and the kept content it was drawn like
    /// (the page uses that copy up).
    struct RestChange {
        var child: String
        var node: String
        var shape: Int?
        var drawnLike: UInt64?
    }

    /// Kept contents remembered per child (the newest), and children followed (beyond it, none: only more is sent).
    static let maxKeptRests = 4
    static let maxRestChildren = 32

    /// Records the rest patches `changes` of patch `seq` (what each took off is kept by the tabs), and the shapes of
    /// the contents that changed otherwise (a row in them patched, their node sent whole or gone); before ``shown`` is
    /// the new render's.
    mutating func trackRests(_ changes: [RestChange], tree: Tree, seq: UInt64, shown old: NodeTable) {
        guard !changes.isEmpty || !rests.isEmpty else { return }  // the rate case: no rest patch ever
        for change in changes {
            var entry = rests[change.child] ?? Rests(node: change.node)
            if let shape = entry.shown { entry.kept.append(Rests.Kept(seq: seq, shape: shape)) }
            entry.kept.removeAll { $0.seq == change.drawnLike }
            if entry.kept.count > Self.maxKeptRests { entry.kept.removeFirst(entry.kept.count - Self.maxKeptRests) }
            (entry.node, entry.shown) = (change.node, change.shape)
            rests[change.child] = entry
        }
        let patched = Set(changes.map(\.child))
        for (child, entry) in rests where !patched.contains(child) {
            guard let now = tree.records[entry.node] else {
                rests[child]?.shown = nil  // gone: a later rest patch takes off nothing the room knows
                continue
            }
            guard now.whole != old[entry.node]?.whole else { continue }
            let index = tree.nodes.firstIndex { $0.id == entry.node }
            rests[child]?.shown = index.flatMap { now.children.first == child && now.head != nil ? tree.restShape($0)?.hash : nil }
        }
        if rests.count > Self.maxRestChildren { rests = [:] }
    }
}

extension PaneDiff {
    /// The first child of the node at `index` when the node's start tag and that child, which begins its content, are
    /// the ones the tabs show (``PaneView/Node/head``), and the child is shown.
    func restAfterFirstChild(_ index: Int, from old: PaneView.Node) -> Int? {
        guard let head = tree.record(index).head, head == old.head, let first = tree.children[index].first,
            old.children.first == tree.nodes[first].id, shown[tree.nodes[first].id] != nil
        else { return nil }
        return first
    }

    /// The content of the node at `index` after its first child, in place of the old content there:
    /// `<template data-rest="CHILD">NEW</template>`. The page takes off what followed the child (kept like any, and
    /// as a copy) and puts the new content after it; what the tabs keep of it is named. A content shaped like one the
    /// tabs keep after that child (the results of an earlier search, the spinner before them, or the content this
    /// patch takes off) goes as its ids and texts, `<template data-rest="CHILD" data-like="SEQ ID …" data-rows="N …">TEXT<br>…`:
    /// the page fills a copy of that content, each keyed list in it (not in its rows) given N rows like its first.
    mutating func rest(_ index: Int, after first: Int, replacing old: PaneView.Node) {
        let gone = Array(old.children.dropFirst())
        takenOff += gone.map { TakenOff(id: $0, origin: nil) }
        let child = tree.nodes[first].id
        let (html, named) = htmlNaming(gone, list: nil) { tree.restHTML(index, reuse: $0) }
        let whole = "<template data-rest=\"\(HTML.attribute(child))\">" + html + "</template>"
        let shaped = tree.restShape(index)
        var change = PaneView.RestChange(child: child, node: tree.nodes[index].id, shape: shaped?.hash)
        let entry = rests[child]
        let kept = (entry?.kept ?? []) + (entry?.shown.map { [PaneView.Rests.Kept(seq: seq, shape: $0)] } ?? [])
        if let shaped, let model = kept.last(where: { $0.shape == shaped.hash }), let like = shaped.rest(after: child, like: model.seq),
            like.utf8.count < PaneView.compactForms(whole).utf8.count
        {
            change.drawnLike = model.seq
            patches.append(Fragment(id: tree.nodes[index].id, html: like))
        } else {
            patches.append(Fragment(id: tree.nodes[index].id, html: whole))
            reused += named
        }
        restChanges.append(change)
    }
}

extension PaneView.Tree {
    /// The content of the node at `index` after its first child, as a shape with its ids and texts; each keyed list
    /// in it (not in one's rows) is its tags around its first row's shape, and all its rows' ids and texts. Nil when a
    /// list's rows differ in shape.
    func restShape(_ index: Int) -> PaneView.ShapedRow? {
        guard let first = children[index].first else { return nil }
        var lists: [Int] = []
        func visit(_ node: Int) {
            if record(node).frame != nil, !children[node].isEmpty { return lists.append(node) }
            for child in children[node] { visit(child) }
        }
        for child in children[index].dropFirst() { visit(child) }
        var out = PaneView.ShapedRow()
        var cursor = nodes[first].range.upperBound
        for list in lists {
            out.append(bytes[cursor..<nodes[list].inner.lowerBound])
            out.shape.append(0xFE)  // never in UTF-8: where the rows were
            var model: [UInt8]?
            for row in children[list] {
                let shaped = PaneView.ShapedRow(bytes[nodes[row].range])
                if let model {
                    guard shaped.shape == model else { return nil }
                } else {
                    model = shaped.shape
                    out.shape += shaped.shape
                }
                out.ids += shaped.ids
                out.texts += shaped.texts
            }
            out.rows.append(children[list].count)
            cursor = nodes[list].inner.upperBound
        }
        out.append(bytes[cursor..<nodes[index].inner.upperBound])
        return out
    }
}

extension PaneView.ShapedRow {
    /// The hash of the shape.
    var hash: Int {
        var hasher = Hasher()
        shape.withUnsafeBytes { hasher.combine(bytes: $0) }
        return hasher.finalize()
    }

    /// A rest patch drawing this content like the one patch `seq` took off after `child`; nil when an id holds a space.
    func rest(after child: String, like seq: UInt64) -> String? {
        guard !ids.contains(where: { $0.contains(UInt8(ascii: " ")) }) else { return nil }
        var out = Array("<template data-rest=\"\(HTML.attribute(child))\" data-like=\"\(seq)".utf8)
        for id in ids {
            out.append(UInt8(ascii: " "))
            out += id
        }
        out.append(UInt8(ascii: "\""))
        if !rows.isEmpty { out += Array(" data-rows=\"\(rows.map(String.init).joined(separator: " "))\"".utf8) }
        out.append(UInt8(ascii: ">"))
        for (index, text) in texts.enumerated() {
            if index > 0 { out += Array("<br>".utf8) }
            out += text
        }
        out += Array("</template>".utf8)
        return String(decoding: out, as: UTF8.self)
    }
}
