import AppSeam
import PlaygroundUI

/// A bug of the MVI + Container + Router article's code that the runtime fixes, which a room can switch back on to
/// watch it happen (issue #30). Off by default; while off, the runtime runs its fix.
public enum RouterPitfall: String, CaseIterable, Sendable, Codable {
    /// The seed's container forwards into its default `objectWillChange`, which OpenCombine makes afresh on every read
    /// of a class without `@Published` properties: the notice goes to a publisher nobody subscribed to.
    case defaultObjectWillChange
    /// The seed's slot shows each route's screen at one position: a route that replaces a shown screen keeps the
    /// old screen's `@StateObject` container.
    case screenKeyedByPosition
}

/// One room's pitfall switches, and how often each switched-on bug has bitten: the number that shows it.
///
/// The host's (``MVIRouterHost/pitfalls``), in its views' environment (`\.routerPitfalls`) for the containers and
/// slots; it lives on the room's executor, where it is set (as an input) and read.
public final class RouterPitfalls {
    public private(set) var on: Set<RouterPitfall> = []
    private var bites: [RouterPitfall: Int] = [:]
    /// Where a bite's note goes (the host appends it to the newest trace row).
    var report: ((String) -> Void)?

    /// Every switch off.
    public init() {}

    /// Whether `pitfall` runs as the article published it.
    public func isOn(_ pitfall: RouterPitfall) -> Bool { on.contains(pitfall) }

    /// Switches `pitfall` on (the article's code) or off (the runtime's fix). The count of bites stays.
    public func set(_ pitfall: RouterPitfall, on: Bool) {
        if on { self.on.insert(pitfall) } else { self.on.remove(pitfall) }
    }

    /// How many times `pitfall` has bitten in this room: each time the article's code did what the fix prevents.
    public func bites(of pitfall: RouterPitfall) -> Int { bites[pitfall] ?? 0 }

    /// Sets the count of bites a checkpoint kept.
    public func restore(bites count: Int, of pitfall: RouterPitfall) { bites[pitfall] = count }

    /// Counts a bite of `pitfall`; `note` (if any) goes to the trace.
    func bit(_ pitfall: RouterPitfall, _ note: String?) {
        bites[pitfall, default: 0] += 1
        if let note { report?("pitfall \(pitfall.rawValue): \(note)") }
    }
}

@available(*, unavailable, message: "a room's switches live on its executor")
extension RouterPitfalls: Sendable {}

private struct RouterPitfallsKey: EnvironmentKey {
    static var defaultValue: RouterPitfalls? { nil }
}

extension EnvironmentValues {
    /// The room's pitfall switches (set at the root by the app's host); nil: every fix in force.
    public var routerPitfalls: RouterPitfalls? {
        get { self[RouterPitfallsKey.self] }
        set { self[RouterPitfallsKey.self] = newValue }
    }
}

/// One pitfall's entry of ``RouterPitfall/catalogue`` (AppSeam's, shared by every runtime).
public typealias RouterPitfallEntry = PitfallEntry<RouterPitfall>

extension RouterPitfall: RuntimePitfall {
    /// Every pitfall, in the order of ``allCases``.
    public static let catalogue: [RouterPitfallEntry] = [
        RouterPitfallEntry(
            pitfall: .defaultObjectWillChange, title: "The container's notice reaches nobody",
            articleCode: ".sink(receiveValue: objectWillChange.send)   // MVIContainer.init, after .receive(on: RunLoop.main)",
            whatGoesWrong: """
                MVIContainer has no @Published property, so OpenCombine's default objectWillChange is a new publisher on \
                every read: the container forwards the model's change into one nobody subscribed to, and the view is never \
                told. A change that comes after the event (the list's load, a reload's answer) is not drawn: the pane stays \
                on Loading until the next event draws it.
                """,
            fix: """
                The container stores its objectWillChange, one publisher for the sender and the view, and forwards to it one \
                room turn later.
                """,
            fixFile: "Sources/RouterRuntime/MVIContainer.swift", fixLines: 18...19,
            howToSee: """
                Switch it on, then Reload: the list stays on Loading while /state's router.contentState is content; the \
                next press draws it. Each lost notice is a trace line "pitfall defaultObjectWillChange: …" and one more bite.
                """,
            counted: "container notices sent to a publisher nobody heard"),
        RouterPitfallEntry(
            pitfall: .screenKeyedByPosition, title: "A new route keeps the old screen",
            articleCode: ".onReceive(publisher) { screenType = $0 }   // RouterSheetModifier: screen(type) at one position",
            whatGoesWrong: """
                The slot draws every route's screen at the same position, so a route that replaces the shown screen gets \
                that position's @StateObject container, made for the first screen: routed to a second product, the sheet \
                still shows the first.
                """,
            fix: """
                Each route is a new identity (a generation in ForEach, and a new stack entry whose id names the screen's \
                fragment), so the routed screen makes its own container.
                """,
            fixFile: "Sources/RouterRuntime/RouterSlots.swift", fixLines: 38...45,
            howToSee: """
                Switch it on, open one product as a sheet, then press another row's Sheet: the sheet keeps the first \
                product's title while /state's router.presented names the second; the row says "… its screen kept that \
                one's container".
                """,
            counted: "routes that kept the previous screen's container"),
    ]
}
