import AppSeam

/// The playground's own room executor: runtime tests that need a room run on exactly what a room runs on.
public typealias TestRoomExecutor = RoomExecutor
