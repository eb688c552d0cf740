public import CoreMetrics

/// Limits and addresses for an `HTTPServer`; every libmicrohttpd limit is set explicitly.
public struct HTTPServerConfiguration: Sendable {
    /// The IPv4 or IPv6 address to bind, e.g. `"127.0.0.1"`, `"0.0.0.0"`, `"::1"`.
    public var host = "127.0.0.1"
    /// The TCP port; 0 picks an ephemeral port (read it from `HTTPServer.port`).
    public var port: UInt16 = 8080
    /// Most open TCP connections; the accepting thread closes any past it (libmicrohttpd's own limit is set above).
    public var connectionLimit = 16_384
    /// Most open TCP connections per client address (0 = no limit): one address cannot hold the whole server.
    /// 2,048 leaves room for a lecture hall of 500 tabs behind one NAT address (a stream and a few keep-alive
    /// connections each) while eight such addresses are needed to fill the default 16,384.
    public var maxConnectionsPerClient = 2_048
    /// Seconds a new connection has to send its whole first request head (a deadline, not an idle timeout: a
    /// client that trickles a byte at a time is cut off too). 0 turns it off.
    public var headerTimeoutSeconds = 10
    /// Seconds before an idle plain connection is closed (suspended streams are not affected).
    public var connectionTimeout = 60
    /// `MHD_OPTION_CONNECTION_MEMORY_LIMIT` in bytes per connection: its pool holds the request head and the write
    /// buffer. 8 KiB keeps an idle stream at ~11 KiB (16 KiB: ~15 KiB) with the same fan-out time (BENCHMARKS.md);
    /// request heads past ~4 KiB are refused.
    public var connectionMemoryLimit = 8_192
    /// Request body cap; a larger body gets 413.
    public var maxBodyBytes = 16_384
    /// Larger caps for the few paths that take documents (an imported journal), by exact path.
    public var maxBodyBytesByPath: [String: Int] = [:]
    /// Bytes all requests to those paths may hold at once (each reserves its path's cap as it starts); past it
    /// such a request answers 503 at once.
    public var largeBodyBudget = 16 << 20
    /// Such requests one client address may have running at once (0 = no limit): a client trickling uploads cannot
    /// hold the whole budget.
    public var maxLargeUploadsPerClient = 1

    /// The body cap for a request to `path`.
    func maxBodyBytes(for path: String) -> Int {
        maxBodyBytesByPath.isEmpty ? maxBodyBytes : maxBodyBytesByPath[path] ?? maxBodyBytes
    }
    /// Open SSE streams budget; past it a stream request gets 503.
    public var maxStreams = 12_000
    /// Open SSE streams per client address (0 = no limit); a lecture hall of 500 tabs behind one address fits.
    public var maxStreamsPerClient = 1_024
    /// Messages queued per subscriber before it is dropped.
    public var streamQueueLimit = 64
    /// `SO_SNDBUF` of each stream's socket in bytes (0 keeps the kernel's autotuning, up to `tcp_wmem` max, 4 MiB
    /// by default). Bounds what a subscriber that stops reading pins in the kernel, so it fills its queue and is
    /// dropped after a few dozen messages instead of megabytes; the kernel doubles the value.
    public var streamSendBufferBytes = 32_768
    /// Seconds between SSE comment heartbeats (0 turns them off).
    public var heartbeatSeconds = 15
    /// Server threads: one libmicrohttpd daemon (one poll() thread, a share of `connectionLimit`) each; with more
    /// than one, an accepting thread deals new connections to them in turn. The `playground` command defaults
    /// to one per core.
    public var threads = 1
    /// Seconds `shutdown()` waits for open streams and suspended requests to end before stopping the daemon.
    public var shutdownGraceSeconds = 5.0

    /// Peers (exact IP addresses) whose `X-Forwarded-For` / `Forwarded` header names the client; from any other
    /// peer those headers are ignored. Trusted proxies are also exempt from the per-client connection limit.
    public var trustedProxies: [String] = []
    /// Seconds a daemon loop may go without answering the watchdog's probe before the server is declared stuck
    /// (logged, then `onStall`); 0 turns the watchdog off.
    public var watchdogSeconds = 30
    /// Called when the watchdog finds a stuck daemon loop; nil (the default) logs and exits the process with
    /// status 70, so a supervisor (systemd `Restart=on-failure`) restarts it.
    public var onStall: (@Sendable (_ description: String) -> Void)?
    /// Where the server reports its counters (swift-metrics); nil reports nowhere.
    public var metricsFactory: (any MetricsFactory)?

    /// The defaults above.
    public init() {}

    /// True when `text` is an IPv4 or IPv6 address as `trustedProxies` takes them.
    public static func isIPAddress(_ text: String) -> Bool { ClientKey(parsing: text) != nil }
}
