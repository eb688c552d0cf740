import PlaygroundUI

extension PaneView {
    /// One render as a tree of nodes, with their hashes.
    struct Tree {
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

        /// The shell hash the node at `index` would have with its child `swapped` named `id` instead.
        func shell(of index: Int, naming swapped: Int, as id: String) -> Int {
            var shell = Hasher()
            var cursor = nodes[index].range.lowerBound
            for child in children[index] {
                Self.add(bytes[cursor..<nodes[child].range.lowerBound], to: &shell)
                Self.addMarker(child == swapped ? id : nodes[child].id, to: &shell)
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
            var head: Int?
            if frame == nil, let first = children.first, nodes[first].range.lowerBound == node.inner.lowerBound,
                nodes[first].range.upperBound < node.inner.upperBound
            {
                var hasher = Hasher()
                add(bytes[node.range.lowerBound..<node.inner.lowerBound], to: &hasher)
                addMarker(nodes[first].id, to: &hasher)
                head = hasher.finalize()
                if head == 0 { head = 1 }  // 0 is none in the node table
            }
            let shellHash = shell.finalize()
            var whole = Hasher()
            whole.combine(shellHash)
            for child in children { whole.combine(done[child].whole) }
            return PaneView.Node(shell: shellHash, whole: whole.finalize(), frame: frame, head: head, children: ids)
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

        /// The content of the node at `index` after its first child (which begins it: ``PaneView/Node/head``), written
        /// as ``html(_:reuse:)`` writes a node.
        func restHTML(_ index: Int, reuse: (Int) -> PaneView.Named?) -> String {
            var out: [UInt8] = []
            write(index, into: &out, reuse: reuse, afterFirstChild: true)
            return out.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
        }

        private func write(_ index: Int, into out: inout [UInt8], reuse: (Int) -> PaneView.Named?, afterFirstChild: Bool = false) {
            var cursor = nodes[index].range.lowerBound
            var written = children[index][...]
            var end = nodes[index].range.upperBound
            if afterFirstChild, let first = written.first {
                (cursor, end) = (nodes[first].range.upperBound, nodes[index].inner.upperBound)
                written = written.dropFirst()
            }
            var run: (first: PaneView.Named, count: Int)?
            var previous: PaneView.ShapedRow?
            for child in written {
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
                // A node drawn like the node right before it (a keyed list's row, or a control beside another: the same
                // tags, other ids and text) goes as its ids and text; its forms are written short first (a control's
                // hidden field names the control). A node after other HTML is drawn as it is.
                if !gap.isEmpty { previous = nil }
                var drawn: [UInt8] = []
                write(child, into: &drawn, reuse: reuse)
                drawn = Array(PaneView.compactForms(String(decoding: drawn, as: UTF8.self)).utf8)
                let row = PaneView.ShapedRow(drawn[...])
                if let model = previous, let like = row.like(model) { out.append(contentsOf: like) } else { out.append(contentsOf: drawn) }
                previous = row
            }
            if let open = run { out.append(contentsOf: open.first.element(run: open.count).utf8) }
            out.append(contentsOf: bytes[cursor..<end])
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
}
