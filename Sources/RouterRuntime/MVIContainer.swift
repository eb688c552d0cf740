import OpenCombine
import PlaygroundUI
import RoomServices

/// The seed's container: it keeps a screen's `intent` and `model` for as long as the view's position lives (it is
/// the view's `@StateObject`, so re-created view values find the same pair) and tells the view about the model's
/// changes **one turn later**: the model's `objectWillChange` fires before its properties change, so the container
/// forwards it one turn later on the room's executor (the seed's `.receive(on: RunLoop.main)`, through the room's
/// ``Turns``), when the view reads the new values.
///
/// ```swift
/// let container = MVIContainer(intent: intent as ProductListIntentProtocol, model: model as ProductListModelStateProtocol,
///                              modelChangePublisher: model.objectWillChange)
/// ```
public final class MVIContainer<Intent, Model>: ObservableObject, EnvironmentLinkedObject {
    public let intent: Intent
    public let model: Model
    /// Stored: a class without `@Published` properties would hand out a new publisher on every read.
    public let objectWillChange = ObservableObjectPublisher()

    private let modelChangePublisher: ObservableObjectPublisher
    private var cancellable: Set<AnyCancellable> = []

    public init(intent: Intent, model: Model, modelChangePublisher: ObservableObjectPublisher) {
        self.intent = intent
        self.model = model
        self.modelChangePublisher = modelChangePublisher
    }

    /// Subscribes once the view's position gives it the room's turns (`\.turns`); without them (a test holding the
    /// container alone) the notice is forwarded at once.
    public func link(to environment: EnvironmentValues) {
        guard cancellable.isEmpty else { return }
        if let stack = environment.routerStack, let entry = environment.routerStackParent { stack.attach(self, to: entry) }
        let turns = environment.turns
        let pitfalls = environment.routerPitfalls
        let subscribed: UInt = #line + 1
        modelChangePublisher
            .sink { [weak self] in
                guard let self else { return }
                Stages.record(RouterStage.model, "modelChangePublisher: the model will change", line: subscribed)
                guard let turns else { return self.objectWillChange.send() }
                turns.later { [weak self] in
                    guard let self else { return }
                    if let pitfalls, pitfalls.isOn(.defaultObjectWillChange) { return Self.sendToAFreshPublisher(pitfalls) }
                    Stages.record(RouterStage.container, "objectWillChange.send()", line: #line + 1)
                    self.objectWillChange.send()
                }
            }
            .store(in: &cancellable)
    }

    /// The seed's forwarding with ``RouterPitfall/defaultObjectWillChange`` on: OpenCombine's default `objectWillChange`
    /// of a class without `@Published` properties is a new publisher on every read, so nobody hears what it sends.
    private static func sendToAFreshPublisher(_ pitfalls: RouterPitfalls) {
        Stages.record(RouterStage.container, "ObservableObjectPublisher().send(): a new objectWillChange, nobody heard it", line: #line + 1)
        ObservableObjectPublisher().send()
        pitfalls.bit(.defaultObjectWillChange, "the container's notice went to a new objectWillChange: the view was not told")
    }

    /// Whether the container listens to its model (it does once linked to a view's position).
    public var isForwarding: Bool { !cancellable.isEmpty }
}

private struct TurnsKey: EnvironmentKey {
    static var defaultValue: Turns? { nil }
}

extension EnvironmentValues {
    /// The room's turns (the containers' "one turn later"), for the views' containers.
    public var turns: Turns? {
        get { self[TurnsKey.self] }
        set { self[TurnsKey.self] = newValue }
    }
}
