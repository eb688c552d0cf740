#if canImport(Glibc)
    import Glibc
#endif

/// A client's IP address as a compact key: IPv4 is kept in its IPv4-mapped IPv6 form, so one type covers both.
///
/// Limits key on it (connections and streams per client), and trusted proxies are matched by it.
struct ClientKey: Hashable, Sendable, CustomStringConvertible {
    let high: UInt64
    let low: UInt64

    /// The key of a socket address (AF_INET or AF_INET6); nil for other families.
    init?(_ address: UnsafePointer<sockaddr>) {
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            let v4 = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt32(bigEndian: $0.pointee.sin_addr.s_addr) }
            self.init(high: 0, low: 0xFFFF_0000_0000 | UInt64(v4))
        case AF_INET6:
            let bytes = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
            let (high, low) = withUnsafeBytes(of: bytes) { raw in
                (UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self)),
                 UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
            }
            self.init(high: high, low: low)
        default:
            return nil
        }
    }

    /// The key of an address written as text (`203.0.113.7`, `2001:db8::1`, `::ffff:10.0.0.1`); nil if it is not one.
    init?(parsing text: some StringProtocol) {
        let text = String(text)
        guard !text.isEmpty, text.utf8.count <= Int(INET6_ADDRSTRLEN) else { return nil }
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            self.init(high: 0, low: 0xFFFF_0000_0000 | UInt64(UInt32(bigEndian: v4.s_addr)))
            return
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
        let (high, low) = withUnsafeBytes(of: v6) { raw in
            (UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self)),
             UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
        }
        self.init(high: high, low: low)
    }

    init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// True for an IPv4 address (kept IPv4-mapped).
    var isIPv4: Bool { high == 0 && low >> 32 == 0xFFFF }

    /// The address as text: dotted quad for IPv4, RFC 5952 form for IPv6.
    var description: String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        if isIPv4 {
            var v4 = in_addr(s_addr: UInt32(truncatingIfNeeded: low).bigEndian)
            return inet_ntop(AF_INET, &v4, &text, socklen_t(text.count)).map { String(cString: $0) } ?? "?"
        }
        var v6 = in6_addr()
        withUnsafeMutableBytes(of: &v6) { raw in
            raw.storeBytes(of: high.bigEndian, toByteOffset: 0, as: UInt64.self)
            raw.storeBytes(of: low.bigEndian, toByteOffset: 8, as: UInt64.self)
        }
        return inet_ntop(AF_INET6, &v6, &text, socklen_t(text.count)).map { String(cString: $0) } ?? "?"
    }
}
