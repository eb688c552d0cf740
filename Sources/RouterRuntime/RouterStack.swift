import OpenCombine
import PlaygroundUI

/// What the routers of one view tree show now, as one list (bottom first: the order the screens were presented),
/// and what they were asked to do: the room's view of its presentations, shared by every tab. The slots add and
/// remove their screens; closing one closes the screens it presented.
///
/// Put it in the root's environment (`\.routerStack`); without one the routers work alike, unrecorded.
public final class RouterStack {
    public struct Entry {
        public let id: Int
        /// The entry whose screen presented this one (nil: the root's router).
        public let parent: Int?
        /// The router's screen type value, e.g. `ProductListRouterScreenType.productScreen(id: 3)`.
        public internal(set) var screen: Any
        public let presentation: RouterScreenPresentationType
        /// The presented screen's ``MVIContainer``, once its view has been drawn.
        public internal(set) var container: AnyObject?
        let close: () -> Void
    }

    public private(set) var entries: [Entry] = []
    /// The most screens presented at once: every screen can present another, so without a bound one client could
    /// nest screens until drawing them exhausted the room's stack.
    public let capacity: Int
    /// The alert a router shows (its alert type value), or nil.
    public internal(set) var alert: Any?
    /// Router calls since the last ``takeNotes()``: routes, alerts, dismissals and `onScreenDismiss`.
    private var notes: [String] = []
    private var nextID = 0

    public init(capacity: Int = 8) {
        self.capacity = capacity
    }

    /// Whether another screen can be presented (a route that replaces a slot's screen always can).
    public var isFull: Bool { entries.count >= capacity }

    /// Dismisses the topmost screen, as its Close or Back does; false when nothing is presented.
    @discardableResult
    public func dismissTop() -> Bool {
        guard let top = entries.last else { return false }
        top.close()
        remove(top.id)  // also when the slot's binding had already been cleared
        return true
    }

    /// The router calls noted since the last call, in order.
    public func takeNotes() -> [String] {
        defer { notes.removeAll() }
        return notes
    }

    func note(_ text: String) { notes.append(text) }

    func add(parent: Int?, screen: Any, presentation: RouterScreenPresentationType, close: @escaping () -> Void) -> Int {
        nextID += 1
        entries.append(Entry(id: nextID, parent: parent, screen: screen, presentation: presentation, container: nil, close: close))
        return nextID
    }

    /// Records the container of the screen presented as `id`.
    func attach(_ container: AnyObject, to id: Int) {
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return }
        entries[index].container = container
    }

    /// Records that the screen presented as `id` was routed to `screen` in place (same position, same container).
    func replaceScreen(_ id: Int, with screen: Any) {
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return }
        entries[index].screen = screen
    }

    /// Removes `id` and every screen presented from it, however deep.
    func remove(_ id: Int) {
        var gone: Set<Int> = [id]
        for entry in entries where entry.parent.map(gone.contains) == true { gone.insert(entry.id) }
        entries.removeAll { gone.contains($0.id) }
    }
}

/// A slot's place in the stack: it enters when the slot shows a screen and leaves when the slot empties or its
/// position leaves the tree (a `@StateObject` is cancelled then).
final class RouterStackEntry: ObservableObject, Cancellable {
    private weak var stack: RouterStack?
    private(set) var id: Int?

    func enter(
        _ stack: RouterStack?, parent: Int?, screen: Any, presentation: RouterScreenPresentationType, close: @escaping () -> Void
    ) {
        leave()
        self.stack = stack
        id = stack?.add(parent: parent, screen: screen, presentation: presentation, close: close)
    }

    /// The slot shows `screen` at the same position (``RouterPitfall/screenKeyedByPosition``).
    func replaceScreen(with screen: Any) {
        if let id { stack?.replaceScreen(id, with: screen) }
    }

    func leave() {
        if let id { stack?.remove(id) }
        id = nil
    }

    func cancel() { leave() }
}

private struct RouterStackKey: EnvironmentKey {
    static var defaultValue: RouterStack? { nil }
}

private struct RouterFragmentPrefixKey: EnvironmentKey {
    static var defaultValue: String? { nil }
}

private struct RouterStackParentKey: EnvironmentKey {
    static var defaultValue: Int? { nil }
}

extension EnvironmentValues {
    /// The room's presentations (set at the root by the app's host).
    public var routerStack: RouterStack? {
        get { self[RouterStackKey.self] }
        set { self[RouterStackKey.self] = newValue }
    }

    /// The app id that prefixes the fragment id of each presented screen (`router-screen-3`); nil: no fragment ids.
    public var routerFragmentPrefix: String? {
        get { self[RouterFragmentPrefixKey.self] }
        set { self[RouterFragmentPrefixKey.self] = newValue }
    }

    /// The stack entry of the screen being drawn (its routers' screens are presented from it).
    var routerStackParent: Int? {
        get { self[RouterStackParentKey.self] }
        set { self[RouterStackParentKey.self] = newValue }
    }
}
