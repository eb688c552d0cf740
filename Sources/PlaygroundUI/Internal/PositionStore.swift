/// All positions of one host, stored at their interned paths, with mark-and-sweep per render pass: a position
/// not reached in a pass has left the tree, so it is torn down (its subscriptions cancelled, its state
/// forgotten). The store also remembers what each view type needs (``ViewTypeInfo``), found once.
final class PositionStore {
    private(set) var root = ViewPath.root()
    /// Every live position, in the order it first appeared.
    private var live: [Position] = []
    private var pass = 0
    private var visitCounter = 0
    /// A control drawn in the last pass: the hash of its path (``ViewPath/descriptionHash``, whose ``ControlID`` its
    /// form posts) and what it runs. Not the path itself: a keyed row's nodes may go between renders.
    struct Control {
        let hash: UInt64
        let action: ControlAction
    }

    /// The controls drawn in the last pass, in render order (a room has ~250; a position and an object for each
    /// cost 128 bytes, an entry here 32). Emptied when a pass begins, and let go once a render is over
    /// (``forgetControls()``): their closures hold what the views captured (a list's rows: their data), and a post
    /// draws the tree again to find its control (``ViewHost/perform(action:value:)``).
    private(set) var controls: [Control] = []
    /// How many controls the last pass drew.
    private(set) var controlCount = 0

    /// Keeps `action` as the control at `path` in this pass.
    func addControl(at path: ViewPath, _ action: ControlAction) {
        controls.append(Control(hash: path.descriptionHash, action: action))
    }

    /// Adds again, in order, the controls of a subtree whose output is reused.
    func readd(_ reused: [Control]) { controls.append(contentsOf: reused) }

    /// The positions reached in this pass, in order (a memo keeps the stretch its view's subtree reached); emptied
    /// when the pass ends, so it holds no position between renders.
    private(set) var visits: [Position] = []
    /// The custom view types whose latest values are kept (``ViewHost/view(_:)``).
    var inspectedTypes: Set<ObjectIdentifier> = []
    /// The value last evaluated at each position of an inspected type (its `@State` read the position's current
    /// values), by position: few positions have one, so not a field of each.
    private var latestValues: [ObjectIdentifier: Any] = [:]
    /// The infos this host looked up (shared by every host: ``ViewTypeInfo/shared(_:)``), without taking its lock.
    private var typeInfos: [ObjectIdentifier: ViewTypeInfo] = [:]
    /// The size of the last page rendered, so the next one is written without regrowing its buffer.
    var expectedHTMLSize = 1024
    /// `String(describing:)` of tag values: for an enum case it goes through reflection (BENCHMARKS.md, "Profiles"), and
    /// the same few tags come back on every render. Bounded: emptied when full.
    private var tagDescriptions: [AnyHashable: String] = [:]
    private static let tagDescriptionLimit = 256

    /// The text of a tag value, as `String(describing:)` gives it.
    func describe(_ tag: AnyHashable) -> String {
        if let known = tagDescriptions[tag] { return known }
        let text = String(describing: tag.base)
        if tagDescriptions.count >= Self.tagDescriptionLimit { tagDescriptions.removeAll(keepingCapacity: true) }
        tagDescriptions[tag] = text
        return text
    }

    var count: Int { live.count }

    /// `.onAppear` / `.onDisappear` actions queued during a pass, run by the host once the pass has ended.
    var appearanceActions: [() -> Void] = []

    /// Runs the queued appearance actions (and any they queue); false when there were none.
    func runAppearanceActions() -> Bool {
        guard !appearanceActions.isEmpty else { return false }
        while !appearanceActions.isEmpty {
            let actions = appearanceActions
            appearanceActions.removeAll()
            for action in actions { action() }
        }
        return true
    }

    /// Positions in the order the last render reached them.
    var orderedPositions: [Position] { live.sorted { $0.visitOrder < $1.visitOrder } }

    func beginPass() {
        controls.removeAll(keepingCapacity: true)
        controls.reserveCapacity(controlCount)
        pass += 1
        root.beginPass()
        visitCounter = 0
    }

    /// The position at `path`, created on first use and marked as reached in this pass.
    func position(at path: ViewPath, viewType: Any.Type) -> Position {
        visitCounter += 1
        let position: Position
        if let existing = path.position {
            position = existing
        } else {
            position = Position(path: path, viewType: viewType)
            path.position = position
            live.append(position)
        }
        position.pass = Int32(truncatingIfNeeded: pass)
        position.visitOrder = Int32(truncatingIfNeeded: visitCounter)
        visits.append(position)
        return position
    }

    /// Reaches again, in order, the positions of a subtree whose output is reused.
    func revisit(_ positions: [Position]) {
        let pass = Int32(truncatingIfNeeded: pass)
        for position in positions {
            visitCounter += 1
            position.pass = pass
            position.visitOrder = Int32(truncatingIfNeeded: visitCounter)
            visits.append(position)
        }
    }

    /// Whether the host keeps each position's latest value of the type of `info` (``ViewHost/view(_:)``).
    func keepsLatestValue(of info: ViewTypeInfo) -> Bool {
        !inspectedTypes.isEmpty && inspectedTypes.contains(info.type)
    }

    /// Keeps `value` as the latest value of the view at `position` (an inspected type's).
    func keepLatestValue(_ value: Any, at position: Position) {
        latestValues[ObjectIdentifier(position)] = value
    }

    /// The value last kept for `position`.
    func latestValue(at position: Position) -> Any? { latestValues[ObjectIdentifier(position)] }

    /// Tears down every position this pass did not reach, and forgets the paths it did not reach.
    func endPass() {
        let pass = Int32(truncatingIfNeeded: pass)
        if live.contains(where: { $0.pass != pass }) {
            let gone = live.filter { $0.pass != pass }
            live.removeAll { $0.pass != pass }
            let descriptions = gone.map(\.path.description)
            for index in gone.indices.sorted(by: { descriptions[$0] < descriptions[$1] }) {
                if !latestValues.isEmpty { latestValues[ObjectIdentifier(gone[index])] = nil }
                gone[index].tearDown()
            }
        }
        visits.removeAll(keepingCapacity: true)
        controlCount = controls.count
        root.endPass()
    }

    /// Lets the controls of the last pass go (their count stays).
    func forgetControls() { controls = [] }

    func removeAll() {
        controls.removeAll()
        controlCount = 0
        let all = orderedPositions
        live.removeAll()
        latestValues.removeAll()
        for position in all { position.tearDown() }
        root = ViewPath.root()
    }

    /// What the renderer needs to know about `type`, looked up by type (for a view whose path is not made).
    func info<V: View>(for type: V.Type) -> ViewTypeInfo {
        let id = ObjectIdentifier(type)
        if let known = typeInfos[id] { return known }
        let info = ViewTypeInfo.shared(type)
        typeInfos[id] = info
        return info
    }

    /// What the renderer needs to know about `type`, drawn at `path`: found the first time, then remembered
    /// by the path (almost always drawing the same type again) and by the store.
    func info<V: View>(for type: V.Type, at path: ViewPath) -> ViewTypeInfo {
        let id = ObjectIdentifier(type)
        if let info = path.viewTypeInfo, info.type == id { return info }
        let info = typeInfos[id] ?? ViewTypeInfo.shared(type)
        typeInfos[id] = info
        path.viewTypeInfo = info
        return info
    }
}
