import PlaygroundUI

/// A bug of an article's code that the runtime fixes, which a room can switch back on: "Run the article's code as
/// published" (off by default). The learner sees the bug happen, then switches the fix back on.
///
/// Adding a pitfall to an app is a few lines of its sample glue (each runtime declares its own once:
/// `Pitfall.staleAnswerWins`, `.leakedSubscription`, `.unserialisedActions`, ``RuntimePitfall`` cases):
/// 1. Declare it on the app's input type (``PitfallDeclaring``): `static let pitfalls = [Pitfall.staleAnswerWins]`; an
///    input several apps share (`FilmsEvent`) carries the switch (``PitfallSwitchCarrying``) and each app declares its
///    own (``PitfallDeclaringApp``), checked by the registry.
/// 2. Let the input take `setPitfall`: a `Codable` input enum adds the case
///    `case setPitfall(on: Bool, pitfall: String? = nil)`, ``EventDeclaration/setPitfall(_:)`` to its `events`,
///    `try Pitfall.check(self)` to its `validate()` and `pitfallSwitch` (``PitfallSwitchable``); or the input is
///    wrapped (EV's article enum, VVSI's `ListViewEvent`): `typealias Input = PitfallSwitchInput<Events>`.
/// 3. Adopt ``PitfallHostingApp``: keep the room's switches in `pitfallSwitches`; in `handle`, `set(on, pitfall:)`
///    them, hand the flag to the runtime (its switch runs the article's code instead of the fix), record a trace row;
///    set `pitfallSwitches.switched` to that same path (the pane's toggle calls it). The room draws the toggle under
///    the app's view (fragment `<app>-pitfall`); nothing in the app's views changes.
/// 4. Show them in `/state`: `pitfall: pitfallSwitches.state` (one) or `pitfalls: pitfallSwitches.states`
///    (several), plus the number that shows the bug.
/// 5. Mark the step where the bug bites in the trace: ``bitesText(_:)`` (`⚠ stale answer shown: …`).
///
/// The switch is an input like any other: journaled, replayed, in history, forks and exported tests; an app with
/// its own checkpoint (``CheckpointingApp``) writes the switches into it.
public struct Pitfall: Sendable, Equatable {
    /// What `"pitfall"` names in `setPitfall` (lowercase words with hyphens: `stale-answer-wins`).
    public let name: String
    /// The article's code that has the bug, short.
    public let articleCode: String
    /// What goes wrong when it runs.
    public let goesWrong: String
    /// How the runtime fixes it.
    public let fix: String
    /// The fix's source file as a stage names it (`#fileID`: `MVIRuntime/LatestWins.swift`), and its lines.
    public let fixFile: String
    public let fixLines: ClosedRange<Int>
    /// What the trace says where the bug bites: `stale answer shown`, `subscription leaked`, `cap exceeded`.
    public let bites: String

    public init(
        name: String, articleCode: String, goesWrong: String, fix: String, fixFile: String, fixLines: ClosedRange<Int>, bites: String
    ) {
        (self.name, self.articleCode, self.goesWrong, self.fix) = (name, articleCode, goesWrong, fix)
        (self.fixFile, self.fixLines, self.bites) = (fixFile, fixLines, bites)
    }

    /// The source panel at the fix's lines: `/sources/MVIRuntime/LatestWins.swift?lines=120-131#L120`.
    public var sourcePath: String {
        "/sources/\(fixFile)?lines=\(fixLines.lowerBound)-\(fixLines.upperBound)#L\(fixLines.lowerBound)"
    }

    /// The trace's mark for the step where the bug bites: `⚠ stale answer shown: #1 applied over #2`.
    public func bitesText(_ detail: String) -> String { "⚠ \(bites): \(detail)" }

    /// Which of `pitfalls` `name` names: the only one when `name` is nil and there is one. Refuses an unknown name,
    /// or none when there are several.
    public static func named(_ name: String?, in pitfalls: [Pitfall], app: String) throws(AppInputError) -> Pitfall {
        let names = pitfalls.map(\.name).joined(separator: ", ")
        guard !pitfalls.isEmpty else { throw AppInputError(.unknownEvent, "The \(app) app has no pitfall to switch.") }
        guard let name else {
            if pitfalls.count == 1 { return pitfalls[0] }
            throw AppInputError(.missingArgument, "The \(app) app has several pitfalls: \"pitfall\" must name one of: \(names).")
        }
        guard let found = pitfalls.first(where: { $0.name == name }) else {
            throw AppInputError(.invalidArgument, "The \(app) app has no pitfall \(quoted(name)); \"pitfall\" must be one of: \(names).")
        }
        return found
    }
}

/// An app input whose app declares pitfalls (its id, for refusals, and the pitfalls in the pane's order).
public protocol PitfallDeclaring: AppInput {
    static var pitfallAppID: String { get }
    static var pitfalls: [Pitfall] { get }
}

/// An app input that can carry `setPitfall`, whichever app takes it.
public protocol PitfallSwitchCarrying: AppInput {
    /// The `setPitfall` this input is, if it is one: its `on` and `pitfall`.
    var pitfallSwitch: (on: Bool, pitfall: String?)? { get }
}

/// An app input that takes `setPitfall` (a case of its own, or ``PitfallSwitchInput``).
public protocol PitfallSwitchable: PitfallDeclaring, PitfallSwitchCarrying {}

/// An app that declares its pitfalls itself, for an input several apps share (the Films apps' `FilmsEvent`): the
/// registry checks a `setPitfall` against this app's own pitfalls (400 for one it lacks, nothing changes) and the
/// OpenAPI document lists this app's names.
public protocol PitfallDeclaringApp: PitfallHostingApp where Input: PitfallSwitchCarrying {
    static var pitfalls: [Pitfall] { get }
}

extension Pitfall {
    /// A decoded input's check for `App`: a `setPitfall` must name one of `App`'s own pitfalls (an app that declares
    /// them on its input checks them in `validate()`).
    public static func check<App: HostedApp>(_ input: any AppInput, for app: App.Type) throws(AppInputError) {
        guard let carrying = input as? any PitfallSwitchCarrying, let (_, name) = carrying.pitfallSwitch else { return }
        if let declaring = App.self as? any PitfallDeclaringApp.Type {
            _ = try named(name, in: declaring.pitfalls, app: App.about.id)
        } else if !(input is any PitfallSwitchable) {
            _ = try named(name, in: [], app: App.about.id)  // a shared input's switch, to an app without pitfalls
        }
    }

    /// Decodes an envelope for `App` as the registry does: its input, then `App`'s own check; an unknown event's refusal
    /// lists the events `App` takes (a shared input's switch only where it has pitfalls).
    public static func decode<App: HostedApp>(_ app: App.Type, event: String, arguments: [String: EventArgument]) throws(AppInputError) -> App.Input {
        let input: App.Input
        do {
            input = try App.Input(event: event, arguments: arguments)
        } catch {
            guard error.code == .unknownEvent, sharesItsInput(App.self) else { throw error }
            let names = examples(of: App.self).compactMap { example -> String? in
                if case .string(let name)? = example.fields.first?.value { name } else { nil }
            }.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            throw AppInputError(.unknownEvent, "There is no event \(quoted(event)); accepted: \(names.joined(separator: ", ")).")
        }
        try check(input, for: App.self)
        return input
    }

    /// Whether `App`'s input is one several apps share, carrying a switch whose pitfalls are each app's own.
    private static func sharesItsInput<App: HostedApp>(_ app: App.Type) -> Bool {
        App.Input.self is any PitfallSwitchCarrying.Type && !(App.Input.self is any PitfallSwitchable.Type)
    }

    /// `App`'s examples (the page's curl twins): a shared input's switch only for an app that declares pitfalls.
    static func examples<App: HostedApp>(of app: App.Type) -> [(label: String, fields: [(name: String, value: EventArgument)])] {
        let examples = App.Input.examples.map { (label: $0.label, fields: $0.input.envelopeFields) }
        guard sharesItsInput(App.self), let declaring = App.self as? any PitfallDeclaringApp.Type else { return examples }
        let name: [(name: String, value: EventArgument)] = declaring.pitfalls.count == 1 ? [] : [("pitfall", .string(declaring.pitfalls[0].name))]
        return examples + [("Run the article's code as published", [("event", .string("setPitfall")), ("on", .boolean(true))] + name)]
    }

    /// `App`'s declared events, its `setPitfall` naming `App`'s own pitfalls.
    static func declaredEvents<App: HostedApp>(of app: App.Type) -> [EventDeclaration] {
        if let declaring = App.self as? any PitfallDeclaringApp.Type {
            return App.Input.events.map { $0.name == "setPitfall" ? .setPitfall(declaring.pitfalls) : $0 }
        }
        // A shared input's switch is not this app's when it declares no pitfalls.
        return sharesItsInput(App.self) ? App.Input.events.filter { $0.name != "setPitfall" } : App.Input.events
    }
}

extension Pitfall {
    /// The check for a `Codable` input's `validate()`: a `setPitfall` must name a pitfall the app has.
    public static func check<Input: PitfallSwitchable>(_ input: Input) throws(AppInputError) {
        guard let (_, name) = input.pitfallSwitch else { return }
        _ = try named(name, in: Input.pitfalls, app: Input.pitfallAppID)
    }
}

extension EventDeclaration {
    /// `setPitfall` for an app with `pitfalls`: its summary and the names `pitfall` takes.
    public static func setPitfall(_ pitfalls: [Pitfall]) -> EventDeclaration {
        let names = pitfalls.map(\.name)
        let which = names.count == 1 ? "`pitfall` may name it (`\(names[0])`)" : "`pitfall` names one of: \(names.map { "`\($0)`" }.joined(separator: ", "))"
        return EventDeclaration(
            "setPitfall",
            """
                Pitfall switch: `on: true` runs the article's code as published (\(pitfalls.map(\.bites).joined(separator: "; "))), \
                `on: false` (the default) runs the runtime's fix; \(which). Journaled and replayed like any input.
                """,
            ["pitfall": .oneOf(names)])
    }
}

/// A pitfall's switch in `/state`: `{"name": "stale-answer-wins", "on": false}`.
public struct PitfallState: Sendable, Equatable, Codable {
    public var name: String
    public var on: Bool

    public init(name: String, on: Bool) { (self.name, self.on) = (name, on) }
}

/// A room's pitfall switches for one app, all off at first. Lives in the room's isolation, like its app.
public final class PitfallSwitches {
    public let pitfalls: [Pitfall]
    private var switchedOn: Set<String> = []

    public init(_ pitfalls: [Pitfall]) {
        precondition(!pitfalls.isEmpty && Set(pitfalls.map(\.name)).count == pitfalls.count, "pitfalls need distinct names")
        self.pitfalls = pitfalls
    }

    /// Whether the article's code runs for `name` (the first pitfall when nil).
    public func isOn(_ name: String? = nil) -> Bool { switchedOn.contains(name ?? pitfalls[0].name) }

    /// Switches the pitfall `name` (the only one when nil; the input was checked) and returns it.
    @discardableResult
    public func set(_ on: Bool, pitfall name: String? = nil) -> Pitfall {
        let pitfall = pitfalls.first { $0.name == (name ?? pitfalls[0].name) } ?? pitfalls[0]
        if on { switchedOn.insert(pitfall.name) } else { switchedOn.remove(pitfall.name) }
        return pitfall
    }

    /// What a press on the pane's switch runs (`on`, the pitfall's name): the app sets it to its own `setPitfall`, so
    /// the page and HTTP take one path. Set once the app exists (its root view is made before it).
    public var switched: ((Bool, String?) -> Void)?

    /// The first pitfall's switch, for an app with one.
    public var state: PitfallState { states[0] }
    /// Every switch, in order.
    public var states: [PitfallState] { pitfalls.map { PitfallState(name: $0.name, on: switchedOn.contains($0.name)) } }

    /// The names switched on, for a checkpoint.
    public var onNames: [String] { pitfalls.map(\.name).filter(switchedOn.contains) }
    /// Restores the switches a checkpoint wrote (unknown names are ignored).
    public func restore(onNames: [String]) {
        switchedOn = Set(onNames.filter { name in pitfalls.contains { $0.name == name } })
    }

    /// The trace's caption for a switch: what now runs.
    public func caption(_ pitfall: Pitfall, on: Bool) -> String {
        on
            ? "Running the article's code as published: \(pitfall.goesWrong)"
            : "The runtime's fix is back on: \(pitfall.fix)"
    }
}

@available(*, unavailable, message: "pitfall switches live in their room's isolation")
extension PitfallSwitches: Sendable {}

/// The pane's switch for one pitfall: a labelled toggle "Run the article's code as published" (off by default) whose
/// press runs `set` (the app's `setPitfall`), and, when on, a note naming the bug with a link to the fix's lines in
/// the source panel.
public struct PitfallSwitchView: View {
    let pitfall: Pitfall
    let isOn: Bool
    let named: Bool
    let set: (Bool) -> Void

    /// `named`: the label names the pitfall too, so an app's several switches are told apart by a screen reader.
    public init(_ pitfall: Pitfall, isOn: Bool, named: Bool = false, set: @escaping (Bool) -> Void) {
        (self.pitfall, self.isOn, self.named, self.set) = (pitfall, isOn, named, set)
    }

    public var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Toggle(
                named ? "Run the article's code as published (\(pitfall.name))" : "Run the article's code as published",
                isOn: Binding(get: { isOn }, set: set))
            if isOn {
                Text("Pitfall on (\(pitfall.name)): \(pitfall.articleCode) — \(pitfall.goesWrong)")
                    .font(.caption)
                Link("The fix: \(pitfall.fixFile), lines \(pitfall.fixLines.lowerBound)–\(pitfall.fixLines.upperBound)", destination: pitfall.sourcePath)
            }
        }
    }
}

/// An app with pitfall switches: the room draws one toggle per pitfall under the app's view (``PitfallPane``) and
/// runs a press of it through ``PitfallSwitches/switched``. The steps are in ``Pitfall``'s comment; in the glue:
///
/// ```swift
/// enum CounterEvent: PitfallSwitchable, Codable {        // + case setPitfall(on: Bool, pitfall: String? = nil)
///     static let pitfallAppID = "counter"
///     static let pitfalls = [Pitfall.unserialisedActions]   // the runtime's
///     var pitfallSwitch: (on: Bool, pitfall: String?)? { if case .setPitfall(let on, let name) = self { (on, name) } else { nil } }
/// }
/// final class CounterPlayground: HostedApp, PitfallHostingApp {
///     let pitfallSwitches = PitfallSwitches(CounterEvent.pitfalls)
///     func handle(_ event: CounterEvent, from source: EventSource) throws(AppError) {
///         if let (on, name) = event.pitfallSwitch {
///             return instance.setPitfall(on, pitfall: name, switches: pitfallSwitches, from: source)  // the runtime's switch
///         }
///         …
///     }
/// }
/// ```
public protocol PitfallHostingApp: HostedApp {
    var pitfallSwitches: PitfallSwitches { get }
}

/// The switches the room draws under an app's view: fragment `<app>-pitfall`, one ``PitfallSwitchView`` per pitfall.
struct PitfallPane: View {
    let appID: String
    let switches: PitfallSwitches

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            ForEach(switches.pitfalls, id: \.name) { pitfall in
                PitfallSwitchView(pitfall, isOn: switches.isOn(pitfall.name), named: switches.pitfalls.count > 1) { [switches] on in
                    // An app with one pitfall takes setPitfall without a name, as HTTP's default.
                    switches.switched?(on, switches.pitfalls.count == 1 ? nil : pitfall.name)
                }
            }
        }
        .id("\(appID)-pitfall")
    }
}
