/// Content negotiation for gzip (RFC 9110 §12.5.3): which responses are compressed, and for whom.
///
/// Pages, scripts, stylesheets and JSON of at least ``minimumBytes`` are sent gzip-compressed to a client whose
/// `Accept-Encoding` takes gzip; every such response says `Vary: Accept-Encoding`, so a cache keeps both forms
/// apart. Event streams are not compressed: one compressor per open stream would cost memory per tab, and a
/// proxy in front can do it.
public enum ContentCoding {
    /// Bodies smaller than this go as they are: gzip's frame and the CPU gain nothing on a small answer.
    public static let minimumBytes = 1024

    /// True if an `Accept-Encoding` value takes gzip: `gzip` or `x-gzip` with a q-value above 0, or `*` above 0
    /// where gzip is not named. No header means identity only (RFC 9110 lets a server choose; a client that can
    /// decode gzip says so).
    public static func acceptsGzip(_ header: String?) -> Bool {
        guard let header else { return false }
        var gzip: Double?
        var any: Double?
        for item in header.split(separator: ",") {
            let parts = item.split(separator: ";")
            guard let coding = parts.first.map({ String($0).trimmingSpaces.lowercased() }) else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1)
                if pair.count == 2, String(pair[0]).trimmingSpaces.lowercased() == "q" {
                    quality = Double(String(pair[1]).trimmingSpaces).map { min(max($0, 0), 1) } ?? 0
                }
            }
            switch coding {
            case "gzip", "x-gzip": gzip = max(gzip ?? 0, quality)
            case "*": any = quality
            default: break
            }
        }
        return (gzip ?? any ?? 0) > 0
    }

    /// True for the media types worth compressing (text, JSON, JavaScript, SVG).
    static func isCompressible(_ contentType: String?) -> Bool {
        guard let type = contentType?.split(separator: ";").first.map({ String($0).trimmingSpaces.lowercased() }) else {
            return false
        }
        return type.hasPrefix("text/") || type == "application/json" || type == "application/javascript"
            || type == "image/svg+xml" || type.hasSuffix("+json")
    }

    /// `response` as it goes to a client that sent `acceptEncoding`: a 200 of a compressible type is marked
    /// `Vary: Accept-Encoding` and gzip-compressed where that pays. A response with a `Content-Encoding` already
    /// (a static file's precompressed form, which sets its own `Vary`) goes as it is.
    static func encode(_ response: HTTPResponse, acceptEncoding: String?) -> HTTPResponse {
        guard response.status == .ok, response.headers["Content-Encoding"] == nil,
            isCompressible(response.headers["Content-Type"])
        else { return response }
        var response = response
        addVary(to: &response.headers)
        guard response.body.count >= minimumBytes, acceptsGzip(acceptEncoding),
            let compressed = Gzip.compress(response.body, level: Gzip.responseLevel)
        else { return response }
        response.body = compressed
        response.headers["Content-Encoding"] = "gzip"
        return response
    }

    static func addVary(to headers: inout HTTPHeaders) {
        let vary = headers["Vary"] ?? ""
        guard !vary.lowercased().contains("accept-encoding") else { return }
        headers["Vary"] = vary.isEmpty ? "Accept-Encoding" : vary + ", Accept-Encoding"
    }
}
