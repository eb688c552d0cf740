internal import CoreMetrics

/// The server's swift-metrics instruments, made once from `HTTPServerConfiguration.metricsFactory`.
///
/// Every instrument is optional so a server without a factory pays nothing; the names are the ones `/metrics`
/// shows (docs/hosting.md, "Metrics").
struct ServerInstruments: Sendable {
    let connectionsOpen: Meter?
    let connectionsRefusedServerFull: Counter?
    let connectionsRefusedClientFull: Counter?
    let headerTimeouts: Counter?
    let streamsOpen: Meter?
    let streamsRefusedServerFull: Counter?
    let streamsRefusedClientFull: Counter?
    let streamHangUps: Counter?
    let slowStreamsDropped: Counter?

    init(factory: (any MetricsFactory)?) {
        guard let factory else {
            (connectionsOpen, streamsOpen) = (nil, nil)
            (connectionsRefusedServerFull, connectionsRefusedClientFull, headerTimeouts) = (nil, nil, nil)
            (streamsRefusedServerFull, streamsRefusedClientFull, streamHangUps, slowStreamsDropped) = (nil, nil, nil, nil)
            return
        }
        connectionsOpen = Meter(label: "playground_http_connections_open", factory: factory)
        connectionsRefusedServerFull = Counter(
            label: "playground_http_connections_refused_total", dimensions: [("reason", "server_limit")], factory: factory)
        connectionsRefusedClientFull = Counter(
            label: "playground_http_connections_refused_total", dimensions: [("reason", "client_limit")], factory: factory)
        headerTimeouts = Counter(label: "playground_http_header_timeouts_total", factory: factory)
        streamsOpen = Meter(label: "playground_sse_streams_open", factory: factory)
        streamsRefusedServerFull = Counter(
            label: "playground_sse_streams_refused_total", dimensions: [("reason", "server_limit")], factory: factory)
        streamsRefusedClientFull = Counter(
            label: "playground_sse_streams_refused_total", dimensions: [("reason", "client_limit")], factory: factory)
        streamHangUps = Counter(label: "playground_sse_hangups_total", factory: factory)
        slowStreamsDropped = Counter(label: "playground_sse_slow_readers_dropped_total", factory: factory)
    }
}
