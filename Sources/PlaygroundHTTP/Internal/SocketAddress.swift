#if canImport(Glibc)
    import Glibc
#endif

/// A numeric IPv4 or IPv6 listening address for `MHD_OPTION_SOCK_ADDR`.
struct SocketAddress {
    private var storage = sockaddr_storage()
    let isIPv6: Bool

    /// Parses `host` ("localhost" means 127.0.0.1); throws `HTTPServerError` saying what is accepted.
    init(host: String, port: UInt16) throws {
        let host = host == "localhost" ? "127.0.0.1" : host
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, host, &v4) == 1 {
            isIPv6 = false
            withUnsafeMutableBytes(of: &storage) { raw in
                let address = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in.self)
                address.pointee.sin_family = sa_family_t(AF_INET)
                address.pointee.sin_port = port.bigEndian
                address.pointee.sin_addr = v4
            }
        } else if inet_pton(AF_INET6, host, &v6) == 1 {
            isIPv6 = true
            withUnsafeMutableBytes(of: &storage) { raw in
                let address = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in6.self)
                address.pointee.sin6_family = sa_family_t(AF_INET6)
                address.pointee.sin6_port = port.bigEndian
                address.pointee.sin6_addr = v6
            }
        } else {
            throw HTTPServerError(
                "The host '\(host)' is not a numeric address: use an IPv4 or IPv6 address such as 127.0.0.1, 0.0.0.0 or ::1.")
        }
    }

    /// Runs `body` with a `sockaddr` pointer valid for the call.
    mutating func withPointer<Result>(_ body: (UnsafeMutableRawPointer) -> Result) -> Result {
        withUnsafeMutableBytes(of: &storage) { body($0.baseAddress!) }
    }
}
