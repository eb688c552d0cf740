import AppSeam
import PlaygroundHTTP

extension EventSource {
    /// The page's script marks its posts; a plain form post asks for HTML back.
    init(_ request: HTTPRequest) {
        if request.headers["x-playground-source"] == "browser" || EventSource.prefersHTML(request) {
            self = .browser
        } else {
            self = .http
        }
    }

    /// True for a browser form post without JavaScript (it wants to be sent back to the room page).
    static func prefersHTML(_ request: HTTPRequest) -> Bool {
        guard let accept = request.headers["accept"] else { return false }
        return prefersHTML(accept: accept)
    }

    /// True when an `Accept` header names HTML and not JSON (media types ignore ASCII case).
    static func prefersHTML(accept: String) -> Bool {
        contains(accept, lowercaseASCII: "text/html") && !contains(accept, lowercaseASCII: "application/json")
    }

    /// Whether `text` contains `word` (lowercase ASCII) ignoring ASCII case, by bytes: Foundation's
    /// `contains` (what `String.contains` resolves to in this module) went through `NSString` and
    /// `lowercased()` copied the header on every posted event (BENCHMARKS.md, "Profiles").
    static func contains(_ text: String, lowercaseASCII word: StaticString) -> Bool {
        let needle = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        var text = text
        return text.withUTF8 { haystack in
            guard needle.count <= haystack.count else { return false }
            candidates: for start in 0...(haystack.count - needle.count) {
                for offset in needle.indices {
                    let byte = haystack[start + offset]
                    if (0x41...0x5A).contains(byte) ? byte | 0x20 != needle[offset] : byte != needle[offset] { continue candidates }
                }
                return true
            }
            return false
        }
    }
}
