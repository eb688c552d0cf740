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
        #expect(root.size == 5)  // the root, the type, and 0 / 0 / 1
        root.beginPass()
        _ = root.appending(.type(ObjectIdentifier(Int.self)))
        #expect(chain([0, 0, 1]).made(from: base2) === kept)
        let again = chain([0, 2]).made(from: base2)
        #expect(again.description == appended(base2, [0, 2]).description)
        root.endPass()
        #expect(root.countedNodes == root.size)
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
