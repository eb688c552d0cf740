/// A weak reference to an object that lives on one room's executor, carried by a task isolated to that room.
///
/// `@unchecked Sendable`: the object is only reached through ``value``, which must be read on the room's executor
/// and checks it (`preconditionIsolated`), the way NIO's `NIOLoopBound` checks its event loop.
struct RoomBound<Value: AnyObject>: @unchecked Sendable {
    private weak var object: Value?
    private let room: any Actor

    init(_ object: Value, room: any Actor) {
        self.object = object
        self.room = room
    }

    /// The object, or `nil` once it is gone. Must be read on the room's executor.
    var value: Value? {
        room.preconditionIsolated("a room-bound object is only reached on its room's executor")
        return object
    }
}
