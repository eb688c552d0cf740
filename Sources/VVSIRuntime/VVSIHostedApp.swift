import AppSeam
import PlaygroundUI

/// A VVSI app as a room hosts it: what every one repeats comes from its ``ViewStateHost`` (the teaching layer, the
/// views and presses, the interactor's deliveries for a replay, the checkpoint, the pitfall switches, an input's
/// routing); the sample writes its about, its instance (the state's fields a checkpoint keeps, its switches), how
/// an HTTP input maps onto an action (``ViewStateInput``) and its snapshot.
public protocol VVSIHostedApp: DeliveringApp where Stage == VVSIStage {
    /// The running app (its interactor's types may stay the sample's own).
    var hosting: any ViewStateHosting { get }
}

/// What a room needs of a ``ViewStateHost``, whatever its interactor and root view.
public protocol ViewStateHosting: AnyObject {
    var teaching: Teaching<VVSIStage> { get }
    func render(_ context: RenderContext) -> RenderedView
    func perform(action: String, value: String?) -> ActionOutcome
    func unmount()
    nonisolated(nonsending) func idle() async
    var deliveries: Int { get }
    func holdDeliveries()
    nonisolated(nonsending) func deliver(upTo count: Int) async -> Bool
    func releaseDeliveries()
    var deliveryOrder: DeliveryOrder { get }
    func takeDeliveryOrder() -> DeliveryOrder
    nonisolated(nonsending) func deliver(upTo count: Int, order: DeliveryOrder) async -> Bool
    var pitfallSwitches: PitfallSwitches? { get }
    func checkpoint() -> String?
    func restore(_ text: String, app: String) throws(CheckpointError)
    func handle(input: any ViewStateInput, from source: EventSource) throws(AppError)
}

extension ViewStateHost: ViewStateHosting {}

extension VVSIHostedApp {
    public var teaching: Teaching<VVSIStage> { hosting.teaching }
    public func render(_ context: RenderContext) -> RenderedView { hosting.render(context) }
    public func perform(action: String, value: String?) -> ActionOutcome { hosting.perform(action: action, value: value) }
    public func unmount() { hosting.unmount() }

    /// Returns once no action runs or waits.
    nonisolated(nonsending) public func settle() async { await hosting.idle() }
    /// The interactor's reads, changes, notifications and "finished" the view state applied: where they fell between
    /// inputs is kept in the journal, so a replay applies them at the same places.
    public var deliveries: Int { hosting.deliveries }
    public func holdDeliveries() { hosting.holdDeliveries() }
    nonisolated(nonsending) public func deliver(upTo count: Int) async -> Bool { await hosting.deliver(upTo: count) }
    public func releaseDeliveries() { hosting.releaseDeliveries() }
    /// Whose deliveries came when while actions ran side by side (the unserialised-actions pitfall), for the journal.
    public var deliveryOrder: DeliveryOrder { hosting.deliveryOrder }
    public func takeDeliveryOrder() -> DeliveryOrder { hosting.takeDeliveryOrder() }
    nonisolated(nonsending) public func deliver(upTo count: Int, order: DeliveryOrder) async -> Bool {
        await hosting.deliver(upTo: count, order: order)
    }
}

extension VVSIHostedApp where Input: ViewStateInput {
    /// Triggers the input's action, as its button's closure does, answers the alert's Ok or switches the pitfall.
    public func handle(_ input: Input, from source: EventSource) throws(AppError) { try hosting.handle(input: input, from: source) }
}

extension VVSIHostedApp where Self: PitfallHostingApp {
    /// The switches ``ViewStateHost/switches(_:bites:)`` gave the app.
    public var pitfallSwitches: PitfallSwitches {
        guard let switches = hosting.pitfallSwitches else { preconditionFailure("\(Self.self) has no switches(_:bites:)") }
        return switches
    }
}

extension VVSIHostedApp where Self: CheckpointingApp {
    /// What ``ViewStateHost/checkpointing(_:)`` keeps.
    public func checkpoint() -> String? { hosting.checkpoint() }
    public func restore(_ text: String) throws(CheckpointError) { try hosting.restore(text, app: Self.about.id) }
}
