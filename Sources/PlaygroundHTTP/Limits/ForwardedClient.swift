/// Who the client is behind a trusted reverse proxy: `X-Forwarded-For`, else RFC 7239 `Forwarded`.
///
/// Only a peer in `trusted` is believed. The list is read from the right (the hop nearest to us) past every
/// trusted proxy; the first address that is not one is the client. Anything a client could have written further
/// left is never reached, and a hop that is not an address ends the walk at the last trusted one.
enum ForwardedClient {
    /// The client's address for a request that came from `peer` with `headers`.
    static func resolve(peer: ClientKey, headers: HTTPHeaders, trusted: Set<ClientKey>) -> ClientKey {
        guard !trusted.isEmpty, trusted.contains(peer) else { return peer }
        let hops: [Substring]
        if let forwardedFor = headers["x-forwarded-for"] {
            hops = forwardedFor.split(separator: ",")
        } else if let forwarded = headers["forwarded"] {
            hops = forwarded.split(separator: ",").compactMap(forValue)
        } else {
            return peer
        }
        var client = peer
        for hop in hops.reversed() {
            guard let address = ClientKey(parsing: stripped(hop)) else { return client }
            client = address
            if !trusted.contains(address) { return address }
        }
        return client
    }

    /// The `for=` value of one `Forwarded` element (`for=192.0.2.60;proto=http`), if it has one.
    private static func forValue(_ element: Substring) -> Substring? {
        for pair in element.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: " \t").lowercased() == "for" else { continue }
            return parts[1]
        }
        return nil
    }

    /// An address without spaces, quotes, IPv6 brackets or a port: `"[2001:db8::17]:4711"` → `2001:db8::17`.
    private static func stripped(_ hop: Substring) -> Substring {
        var text = hop.trimmingCharacters(in: " \t\"")
        if text.first == "[", let close = text.firstIndex(of: "]") {
            text = text[text.index(after: text.startIndex)..<close]
        } else if text.filter({ $0 == ":" }).count == 1, let colon = text.firstIndex(of: ":") {
            text = text[..<colon]  // IPv4 with a port
        }
        return text
    }
}

extension Substring {
    /// The substring without leading and trailing characters from `set` (ASCII).
    fileprivate func trimmingCharacters(in set: String) -> Substring {
        let set = Set(set)
        var text = self[...]
        while let first = text.first, set.contains(first) { text = text.dropFirst() }
        while let last = text.last, set.contains(last) { text = text.dropLast() }
        return text
    }
}
