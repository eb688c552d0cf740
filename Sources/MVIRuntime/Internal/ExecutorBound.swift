/// A non-`Sendable` value that may travel through a task but is only ever touched on one actor's executor
/// (swift-nio's `NIOLoopBound`, for a room).
///
/// Making one and reading ``value`` must happen on `isolation`'s executor; both check it at run time
/// (`preconditionIsolated`, which a room's executor answers with `dispatchPrecondition(.onQueue)`), so the
/// `@unchecked Sendable` below is protected by that executor and by nothing else.
struct ExecutorBound<Value>: @unchecked Sendable {
    private let storage: Value
    /// The actor whose executor owns the value.
    let isolation: any Actor

    /// Binds `value` to `isolation`'s executor; must be called there.
    init(_ value: Value, isolation: any Actor) {
        isolation.preconditionIsolated("an MVI value must be created on its room's executor")
        self.storage = value
        self.isolation = isolation
    }

    /// The value; must be read on `isolation`'s executor.
    var value: Value {
        isolation.preconditionIsolated("an MVI value must be used on its room's executor")
        return storage
    }
}
