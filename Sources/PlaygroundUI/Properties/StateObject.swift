import OpenCombine

/// An observable object owned by the view's position: made once, the first time the position appears, kept
/// while the position stays in the tree, and released when it disappears or the host unmounts.
///
/// ```swift
/// @StateObject var viewState = ViewState(.init(), Interactor())
/// ```
///
/// As in SwiftUI, `wrappedValue` is an autoclosure: re-created view values do not build new objects. An object
/// that is also OpenCombine's `Cancellable` is cancelled when its position leaves the tree (a runtime object
/// stops its tasks there rather than waiting for `deinit`); one that is an ``EnvironmentLinkedObject`` reads the
/// position's environment on every render, before `body`.
@propertyWrapper
public struct StateObject<ObjectType: ObservableObject>: DynamicProperty {
    private final class Location {
        let make: () -> ObjectType
        var box: StateObjectBox<ObjectType>?
        init(_ make: @escaping () -> ObjectType) { self.make = make }

        /// This value's own box: the position's once linked, otherwise made on first use (outside a render).
        var current: StateObjectBox<ObjectType> {
            if let box { return box }
            let made = StateObjectBox(make())
            box = made
            return made
        }
    }

    private let location: Location

    /// An object made by `thunk` the first time the view's position appears.
    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) {
        location = Location(thunk)
    }

    /// The position's object.
    public var wrappedValue: ObjectType { location.current.object }

    /// Adopts the position's object (the first time, this view's object becomes the position's).
    public func link(to slot: DynamicPropertySlot) {
        let box = slot.storage { location.current }
        location.box = box
        (box.object as? any EnvironmentLinkedObject)?.link(to: slot.environment)
    }
}

@available(*, unavailable, message: "a state object lives on the host's executor")
extension StateObject: Sendable {}

/// An object kept by ``StateObject`` that reads the environment of its view's position.
///
/// SwiftUI's objects cannot see the environment; on the server a runtime object finds its room there
/// (VVSIRuntime's `ViewState` takes the room's isolation this way). Called on every render, before `body`.
public protocol EnvironmentLinkedObject: AnyObject {
    /// Reads what the object needs from `environment`.
    func link(to environment: EnvironmentValues)
}

/// The persistent storage behind one `@StateObject`; cancelling it cancels a `Cancellable` object.
final class StateObjectBox<ObjectType: AnyObject>: Cancellable {
    let object: ObjectType
    init(_ object: ObjectType) { self.object = object }

    func cancel() {
        (object as? any Cancellable)?.cancel()
    }
}
