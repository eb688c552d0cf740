/// All positions of one host, keyed by path, with mark-and-sweep per render pass: a position not reached
/// in a pass has left the tree, so it is torn down (its subscriptions cancelled, its state forgotten).
final class PositionStore {
    private var positions: [ViewPath: Position] = [:]
    private var reached: Set<ViewPath> = []
    private var visitCounter = 0

    var count: Int { positions.count }

    /// Positions in the order the last render reached them.
    var orderedPositions: [Position] { positions.values.sorted { $0.visitOrder < $1.visitOrder } }

    func beginPass() {
        reached.removeAll(keepingCapacity: true)
        visitCounter = 0
    }

    /// The position at `path`, created on first use and marked as reached in this pass.
    func position(at path: ViewPath, viewType: Any.Type) -> Position {
        reached.insert(path)
        visitCounter += 1
        let position = positions[path] ?? Position(path: path, viewType: viewType)
        positions[path] = position
        position.visitOrder = visitCounter
        return position
    }

    /// Tears down every position this pass did not reach.
    func endPass() {
        let gone = positions.keys.filter { !reached.contains($0) }
        for path in gone.sorted(by: { $0.description < $1.description }) {
            positions.removeValue(forKey: path)?.tearDown()
        }
    }

    func removeAll() {
        let all = orderedPositions
        positions.removeAll()
        for position in all { position.tearDown() }
    }
}
