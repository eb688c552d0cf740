import Dispatch

/// A serial executor on one dispatch queue: a room's "main thread".
///
/// The seeds run their UI work on the main queue; here each room gets its own queue, and the
/// room actor names this executor, so OpenCombine's `receive(on: executor.queue)` delivers
/// inside the room's isolation (`assumeIsolated` holds there).
final class RoomExecutor: SerialExecutor {
    /// The queue every job of the room runs on.
    let queue: DispatchQueue

    init(label: String) {
        queue = DispatchQueue(label: label)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    func checkIsolated() {
        dispatchPrecondition(condition: .onQueue(queue))
    }
}
