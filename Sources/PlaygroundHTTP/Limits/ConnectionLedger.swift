/// The accepting thread's count of open connections: in total, per client address and per daemon.
///
/// A connection is admitted only while the server and its client are under their limits, so no connection ever
/// reaches a libmicrohttpd daemon past its own limit (0.9.75 deadlocks its daemon thread when one does). A value
/// type, tested without sockets.
struct ConnectionLedger: Sendable {
    /// What `admit` decided.
    enum Admission: Equatable {
        /// Hand the connection to this daemon (the one with the fewest connections).
        case admitted(daemon: Int)
        /// The server holds `limit` connections.
        case serverFull
        /// This client holds `perClientLimit` connections.
        case clientFull
    }

    /// Most connections in total.
    let limit: Int
    /// Most connections per client address; 0 means none.
    let perClientLimit: Int
    /// Addresses the per-client limit does not apply to (trusted reverse proxies).
    let exempt: Set<ClientKey>
    private(set) var total = 0
    private(set) var perClient: [ClientKey: Int] = [:]
    private(set) var perDaemon: [Int]

    init(limit: Int, perClientLimit: Int, exempt: Set<ClientKey> = [], daemons: Int) {
        self.limit = max(1, limit)
        self.perClientLimit = max(0, perClientLimit)
        self.exempt = exempt
        perDaemon = Array(repeating: 0, count: max(1, daemons))
    }

    /// Counts a new connection from `client` and picks its daemon, or refuses it.
    mutating func admit(_ client: ClientKey) -> Admission {
        guard total < limit else { return .serverFull }
        let held = perClient[client, default: 0]
        if perClientLimit > 0, held >= perClientLimit, !exempt.contains(client) { return .clientFull }
        var daemon = 0
        for index in perDaemon.indices where perDaemon[index] < perDaemon[daemon] { daemon = index }
        total += 1
        perClient[client] = held + 1
        perDaemon[daemon] += 1
        return .admitted(daemon: daemon)
    }

    /// Forgets one connection `admit` counted.
    mutating func release(_ client: ClientKey, daemon: Int) {
        total = max(0, total - 1)
        if perDaemon.indices.contains(daemon) { perDaemon[daemon] = max(0, perDaemon[daemon] - 1) }
        switch perClient[client] {
        case .some(let held) where held > 1: perClient[client] = held - 1
        case .some: perClient[client] = nil
        case .none: break
        }
    }

    /// Connections `client` holds now.
    func count(of client: ClientKey) -> Int { perClient[client, default: 0] }
}
