internal import CMicroHTTPD

#if canImport(Glibc)
    import Glibc
#endif

/// Notices a libmicrohttpd daemon loop that has stopped turning (a deadlock, a handler that never returns).
///
/// Every `period / 3` it hands each daemon one end of a loopback connection with a request on it (`MHD_add_connection`,
/// past every limit) and expects an answer within `period`. The server core answers probes itself
/// (``ServerCore/probePath``), so this checks the whole loop, not a clock. A daemon that does not answer in time is
/// reported once to `stalled`. Runs only on the hang-up watcher's thread (`tick`), so it needs no lock.
final class LoopWatchdog: @unchecked Sendable {  // touched only by the watcher thread after init
    private struct Probe {
        var socket: Int32 = -1
        var sentAt = ContinuousClock.now
        var lastStarted = ContinuousClock.now
    }

    private let daemons: [OpaquePointer]
    private let tracker: ConnectionTracker
    private let period: Duration
    private let stalled: @Sendable (_ daemon: Int, _ waited: Duration) -> Void
    private var probes: [Probe]
    private var reported = false

    init(
        daemons: [OpaquePointer], tracker: ConnectionTracker, period: Duration,
        stalled: @escaping @Sendable (_ daemon: Int, _ waited: Duration) -> Void
    ) {
        self.daemons = daemons
        self.tracker = tracker
        self.period = period
        self.stalled = stalled
        let start = ContinuousClock.now - period
        probes = Array(repeating: Probe(sentAt: start, lastStarted: start), count: daemons.count)
        // Made now, not on the first probe: the process's descriptors are then the same from the start on
        // (a host or a test watching them sees no descriptor appear a second after start-up).
        listener = Self.makeListener()
    }

    deinit {
        for probe in probes where probe.socket >= 0 { close(probe.socket) }
        if listener >= 0 { close(listener) }
    }

    /// Checks outstanding probes and starts new ones; called about once a second.
    func tick(now: ContinuousClock.Instant = .now) {
        for index in probes.indices {
            if probes[index].socket >= 0 {
                var poller = pollfd(fd: probes[index].socket, events: Int16(POLLIN), revents: 0)
                if poll(&poller, 1, 0) > 0 {
                    close(probes[index].socket)  // answered (or closed): the loop turns
                    probes[index].socket = -1
                } else if now - probes[index].sentAt > period, !reported {
                    reported = true
                    stalled(index, now - probes[index].sentAt)
                }
                continue
            }
            if now - probes[index].lastStarted >= period / 3 { startProbe(index, now: now) }
        }
    }

    private func startProbe(_ index: Int, now: ContinuousClock.Instant) {
        probes[index].lastStarted = now
        // A TCP pair on loopback, not a Unix socket pair: libmicrohttpd sets TCP options on every connection and
        // logs an error for each it cannot set.
        guard let (ours, theirs, address) = loopbackPair() else { return }
        let request = "GET \(ServerCore.probePath) HTTP/1.1\r\nHost: watchdog\r\nConnection: close\r\n\r\n"
        let written = request.utf8CString.withUnsafeBufferPointer { send(ours, $0.baseAddress, $0.count - 1, Int32(MSG_NOSIGNAL)) }
        guard written == request.utf8.count else {
            close(ours)
            close(theirs)
            return
        }
        tracker.admitProbe(socket: theirs, daemon: index)
        var peer = address
        let added = withUnsafePointer(to: &peer) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                MHD_add_connection(daemons[index], theirs, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard added == .YES else {
            tracker.addFailed(socket: theirs)  // libmicrohttpd closed its end
            close(ours)
            return
        }
        probes[index].socket = ours
        probes[index].sentAt = now
    }

    /// A listening socket on 127.0.0.1 of the watchdog's own (-1 if it could not be made; then a probe tries again).
    private var listener: Int32 = -1

    private static func makeListener() -> Int32 {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { return -1 }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(socket, 8) == 0 else {
            close(socket)
            return -1
        }
        return socket
    }

    /// A connected pair over loopback: our end, the server's end and our end's address.
    private func loopbackPair() -> (Int32, Int32, sockaddr_in)? {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        if listener < 0 { listener = Self.makeListener() }
        guard listener >= 0 else { return nil }
        let listening = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        guard listening == 0 else { return nil }
        let ours = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard ours >= 0 else { return nil }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(ours, $0, length) }
        }
        var peer = sockaddr_in()
        var peerLength = socklen_t(MemoryLayout<sockaddr_in>.size)
        let theirs =
            connected == 0
            ? withUnsafeMutablePointer(to: &peer) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(listener, $0, &peerLength) }
            } : -1
        guard theirs >= 0 else {
            close(ours)
            return nil
        }
        _ = fcntl(theirs, F_SETFD, FD_CLOEXEC)
        return (ours, theirs, peer)
    }
}
