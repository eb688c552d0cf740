/// A value that lives on one room's executor and may travel through a task that only hands it back there (swift-nio's
/// `NIOLoopBound`, for a room): the one way the playground carries a non-`Sendable` value across tasks.
///
/// Reading ``value`` must happen on `isolation`'s executor and checks it at run time (`preconditionIsolated`, which
/// a room's executor answers with `dispatchPrecondition(.onQueue)`), so the `@unchecked Sendable` below is protected
/// by that executor and by nothing else.
public struct RoomBound<Value>: @unchecked Sendable {
    private let storage: Value
    /// The actor whose executor owns the value.
    public let isolation: any Actor

    /// Binds `value` to `isolation`'s executor.
    public init(_ value: Value, isolation: any Actor) {
        (storage, self.isolation) = (value, isolation)
    }

    /// The value; must be read on `isolation`'s executor.
    public var value: Value {
        isolation.preconditionIsolated("a room-bound value must be used on its room's executor")
        return storage
    }
}
