internal import CMicroHTTPD
internal import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One epoll set over the sockets of every open stream, watched for the peer hanging up (FIN or RST).
///
/// A suspended connection is in no libmicrohttpd poll set, so without this a client that closed its tab kept its
/// stream slot and memory until the next heartbeat write failed (up to 15 s). `EPOLLRDHUP` reports it at once, and
/// an idle stream costs nothing here: no timer, no wake-up, just its entry in the kernel's set. The thread also
/// runs the server's once-a-second chores (`tick`), so the server needs no other thread of its own.
final class StreamHangUpWatcher: @unchecked Sendable {  // `epoll`, `tick` and `interval` are set before the thread starts
    private let epoll: Int32
    /// Registered with token 0: `stop()` writes to it so the thread wakes at once.
    private let wakeUp: Int32
    private let streams = Mutex<[UInt64: EventStream]>([:])
    private let nextToken = Atomic<UInt64>(1)
    private let stopping = Atomic<Bool>(false)
    private var thread: pthread_t?
    /// Called on the watcher's thread about every `interval`.
    private let tick: @Sendable () -> Void
    private let interval: Duration
    /// Called with each stream whose peer hung up.
    private let hungUp: @Sendable (EventStream) -> Void

    /// Nil if the epoll set cannot be made.
    init?(interval: Duration, tick: @escaping @Sendable () -> Void, hungUp: @escaping @Sendable (EventStream) -> Void) {
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        wakeUp = eventfd(0, Int32(EFD_CLOEXEC))
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.u64 = 0
        guard epoll >= 0, wakeUp >= 0, epoll_ctl(epoll, EPOLL_CTL_ADD, wakeUp, &event) == 0 else {
            if epoll >= 0 { close(epoll) }
            if wakeUp >= 0 { close(wakeUp) }
            return nil
        }
        self.interval = interval
        self.tick = tick
        self.hungUp = hungUp
    }

    deinit {
        close(epoll)
        close(wakeUp)
    }

    /// Watches `socket` for `stream`'s peer leaving; returns the token `unwatch` takes (0 if it could not).
    func watch(_ stream: EventStream, socket: Int32) -> UInt64 {
        guard socket >= 0 else { return 0 }
        let token = nextToken.wrappingAdd(1, ordering: .relaxed).oldValue
        streams.withLock { $0[token] = stream }
        var event = epoll_event()
        event.events = EPOLLRDHUP.rawValue | EPOLLONESHOT.rawValue
        event.data.u64 = token
        guard epoll_ctl(epoll, EPOLL_CTL_ADD, socket, &event) == 0 else {
            streams.withLock { _ = $0.removeValue(forKey: token) }
            return 0
        }
        return token
    }

    /// Stops watching; must be called before the socket is closed (the stream's free callback is).
    func unwatch(token: UInt64, socket: Int32) {
        guard token != 0 else { return }
        streams.withLock { _ = $0.removeValue(forKey: token) }
        if socket >= 0 { _ = epoll_ctl(epoll, EPOLL_CTL_DEL, socket, nil) }
    }

    /// Streams watched now.
    var count: Int { streams.withLock { $0.count } }

    /// Starts the thread; false if it could not be made.
    func start() -> Bool {
        let context = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { context in
                let watcher = Unmanaged<StreamHangUpWatcher>.fromOpaque(context!).takeRetainedValue()
                watcher.run()
                return nil
            }, context)
        guard started == 0 else {
            Unmanaged<StreamHangUpWatcher>.fromOpaque(context).release()
            return false
        }
        self.thread = thread
        return true
    }

    /// Ends the thread and waits for it.
    func stop() {
        stopping.store(true, ordering: .releasing)
        _ = eventfd_write(wakeUp, 1)
        if let thread { pthread_join(thread, nil) }
        thread = nil
    }

    private func run() {
        var events = [epoll_event](repeating: epoll_event(), count: 256)
        let waitMilliseconds = Int32(
            max(10, min(1_000, interval.components.seconds * 1_000 + interval.components.attoseconds / 1_000_000_000_000_000)))
        var nextTick = ContinuousClock.now + interval
        while !stopping.load(ordering: .acquiring) {
            let ready = epoll_wait(epoll, &events, Int32(events.count), waitMilliseconds)
            if ready > 0 {
                let gone = streams.withLock { streams in
                    events[0..<Int(ready)].compactMap { streams.removeValue(forKey: $0.data.u64) }
                }
                for stream in gone { hungUp(stream) }
            }
            let now = ContinuousClock.now
            if now >= nextTick {
                tick()
                nextTick = now + interval
            }
        }
    }
}
