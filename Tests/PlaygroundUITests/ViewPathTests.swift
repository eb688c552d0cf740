import Testing
@testable import PlaygroundUI

/// A chain of indices walked from a base (reusing the nodes of the chain walked before it) reaches the nodes that
/// appending its indices one by one does, and the pass counts them once.
@Suite struct ViewPathTests {
    func chain(_ indices: [Int]) -> IndexChain {
        var chain = IndexChain()
        for index in indices {
            let appended = chain.append(index)
            #expect(appended)
        }
        return chain
    }

    func appended(_ base: ViewPath, _ indices: [Int]) -> ViewPath {
        indices.reduce(base) { $0.appending(.index($1)) }
    }

    @Test func chainsReachTheNodesAppendingMakes() {
        let root = ViewPath.root()
        let base = root.appending(.type(ObjectIdentifier(Int.self)))
        let chains = [[0, 0], [0, 0, 1], [0, 0, 1, 0], [0, 2], [0, 0, 1, 3], [1], [0, 0], [3, 0, 0, 0, 0, 0, 0, 0, 0, 1]]
        for round in 0..<2 {
            root.beginPass()
            _ = root.appending(.type(ObjectIdentifier(Int.self)))
            var made: [ViewPath] = []
            for indices in chains {
                made.append(chain(indices).made(from: base))
                // Another base in between starts its own chain, and the next one from `base` starts over.
                if indices.count == 3 { _ = chain([0, 1]).made(from: root) }
            }
            for (indices, path) in zip(chains, made) {
                #expect(path === appended(base, indices), "round \(round): \(indices)")
                #expect(path.description == appended(base, indices).description)
            }
            #expect(root.reachedCount == root.size, "round \(round)")
            root.endPass()
            #expect(root.countedNodes == root.size)
        }
        // A pass that reaches fewer drops the rest, and a chain walked after it makes them again.
        root.beginPass()
        let base2 = root.appending(.type(ObjectIdentifier(Int.self)))
        let kept = chain([0, 0, 1]).made(from: base2)
        root.endPass()
        #expect(root.countedNodes == root.size)
        #expect(root.size == 5)  // the root, the type, and 0 / 0 / 1 (split by the walks one index at a time above)
        root.beginPass()
        _ = root.appending(.type(ObjectIdentifier(Int.self)))
        #expect(chain([0, 0, 1]).made(from: base2) === kept)
        let again = chain([0, 2]).made(from: base2)
        #expect(again.description == appended(base2, [0, 2]).description)
        root.endPass()
        #expect(root.countedNodes == root.size)
    }

    /// A row's two buttons below its view (`T/0/0/0/0` and `T/0/0/0/2`) cost three nodes below `T`, not five; a path
    /// asked for between the indices of a node splits it, and every node keeps its path, description and position.
    @Test func runsOfIndicesShareNodesUntilSplit() {
        let root = ViewPath.root()
        root.beginPass()
        let base = root.appending(.type(ObjectIdentifier(Int.self)))
        let left = chain([0, 0, 0, 0]).made(from: base)
        left.position = Position(path: left, viewType: Int.self)
        let right = chain([0, 0, 0, 2]).made(from: base)
        #expect(root.size == 5)
        #expect(left.description == "/T/0/0/0/0" && right.description == "/T/0/0/0/2")
        let hash = left.descriptionHash
        // Asked for one index at a time, or between the runs' indices: the same nodes, split where asked.
        let middle = chain([0, 0]).made(from: base)
        #expect(root.size == 6)
        #expect(middle.description == "/T/0/0")
        #expect(appended(base, [0, 0]) === middle)
        #expect(root.size == 7)
        #expect(appended(base, [0, 0, 0, 0]) === left && appended(middle, [0, 2]) === right)
        #expect(chain([0, 0, 0, 2]).made(from: base) === right)
        #expect(left.description == "/T/0/0/0/0" && left.descriptionHash == hash && left.position?.path === left)
        #expect(root.reachedCount == root.size)
        root.endPass()
        #expect(root.countedNodes == root.size)
        // A change below a split run is still seen above it.
        let stamp = root.changeCount
        left.recordChange()
        #expect(base.hasChanged(since: stamp) && middle.hasChanged(since: stamp) && !right.hasChanged(since: stamp))
        // Longer than one node holds: several nodes, the same as appending one by one.
        root.beginPass()
        let long = Array(repeating: 1, count: 12) + [4]
        let far = chain(long).made(from: base)
        #expect(far === appended(base, long) && far.description == "/T/" + long.map(String.init).joined(separator: "/"))
        root.endPass()
        #expect(root.countedNodes == root.size)
        left.position = nil
    }

    @Test func commonPrefix() {
        #expect(chain([0, 1, 2]).commonPrefixCount(with: chain([0, 1, 3])) == 2)
        #expect(chain([0, 1]).commonPrefixCount(with: chain([0, 1, 3])) == 2)
        #expect(chain([]).commonPrefixCount(with: chain([0])) == 0)
        let long = Array(0..<15)
        #expect(chain(long).commonPrefixCount(with: chain(long)) == 15)
        #expect(chain(long).commonPrefixCount(with: chain(Array(0..<9) + [99])) == 9)
        #expect((0..<15).map { chain(long).index(at: $0) } == long)
    }
}

/// The children of one node, of every kind, in one `first` and one array: each is found again by its component,
/// whatever order they were made in and whichever were dropped; a dropped one is made anew.
@Suite struct ViewPathChildrenTests {
    struct A {}
    struct B {}

    @Test func everyKindOfChildIsFoundAgainAfterOthersWereDropped() {
        let root = ViewPath.root()
        let components: [ViewPath.Component] = [
            .type(ObjectIdentifier(A.self)), .index(2), .id(AnyHashable("row")), .index(0), .type(ObjectIdentifier(B.self)),
            .index(1), .id(AnyHashable(7)),
        ]
        root.beginPass()
        let made = components.map { root.appending($0) }
        root.endPass()
        #expect(Set(made.map(ObjectIdentifier.init)).count == components.count)
        #expect(root.size == components.count + 1)
        // Only every other child is reached: the others go, and the kept ones are the same nodes.
        root.beginPass()
        for (index, component) in components.enumerated() where index % 2 == 1 {
            #expect(root.appending(component) === made[index], "\(component)")
        }
        root.endPass()
        #expect(root.size == components.count / 2 + 1)
        #expect(root.countedNodes == root.size)
        root.beginPass()
        for (index, component) in components.enumerated().reversed() {
            let path = root.appending(component)
            #expect((path === made[index]) == (index % 2 == 1), "\(component)")
            if index % 2 == 1 { #expect(path.description == made[index].description) }
        }
        root.endPass()
        #expect(root.size == components.count + 1)
        #expect(root.countedNodes == root.size)
    }

    @Test func aChangeIsSeenAfterItsStampAndNotBefore() {
        let root = ViewPath.root()
        root.beginPass()
        let leaf = root.appending(.index(0)).appending(.type(ObjectIdentifier(A.self)))
        root.endPass()
        let stamp = root.changeCount
        #expect(!leaf.hasChanged(since: stamp) && !root.hasChanged(since: stamp))
        leaf.recordChange()
        #expect(leaf.hasChanged(since: stamp) && root.hasChanged(since: stamp))
        #expect(!root.hasChanged(since: root.changeCount))
    }

    #if os(Linux)
        /// A room holds thousands of nodes: each stays in glibc's 112-byte chunks (104 usable), 144 before.
        @Test func aNodeFitsInAHundredAndFourBytes() {
            let root = ViewPath.root()
            root.beginPass()
            let node = root.appending(.index(3))
            let usable = mallocUsableSize(Unmanaged.passUnretained(node).toOpaque())
            #expect(usable <= 104, "\(usable)")
            let position = Position(path: node, viewType: A.self)
            #expect(mallocUsableSize(Unmanaged.passUnretained(position).toOpaque()) <= 72)
            // A control (~250 a room) is an entry of its host's list, not a position and an object (128 bytes).
            #expect(MemoryLayout<PositionStore.Control>.stride <= 32)
            root.endPass()
        }
    #endif
}

#if os(Linux)
    @_silgen_name("malloc_usable_size")
    private func mallocUsableSize(_ pointer: UnsafeMutableRawPointer) -> Int
#endif
