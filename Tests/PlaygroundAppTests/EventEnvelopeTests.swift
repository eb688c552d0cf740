import AppSeam
import PlaygroundHTTP
import Testing

@testable import PlaygroundApp

@Suite("Event envelope: JSON and form bodies, with errors that say what is accepted")
struct EventEnvelopeTests {
    private func request(_ body: String, type: String? = "application/json") -> HTTPRequest {
        var headers = HTTPHeaders()
        if let type { headers["Content-Type"] = type }
        return HTTPRequest(method: .post, path: "/rooms/x/events", query: [], headers: headers, body: Array(body.utf8))
    }

    @Test func jsonEnvelopeWithArguments() throws {
        let envelope = try EventEnvelope(request(#"{"app":"vvsi","event":"random","count":3,"length":4,"ok":true,"name":"x"}"#))
        #expect(envelope.app == "vvsi")
        #expect(envelope.event == "random")
        #expect(envelope.arguments == ["count": .integer(3), "length": .integer(4), "ok": .boolean(true), "name": .string("x")])
        #expect(envelope.arguments["count"]?.integer == 3)
        #expect(envelope.arguments["name"]?.integer == nil)
    }

    @Test func formEnvelopeDecodesPlusAndPercent() throws {
        let envelope = try EventEnvelope(
            request(
                "app=mvi&event=search&query=the+matrix%20%26%20%C3%A9&count=3", type: "application/x-www-form-urlencoded; charset=UTF-8"))
        #expect(envelope.app == "mvi")
        #expect(envelope.arguments["query"] == .formText("the matrix & é"))
        #expect(envelope.arguments["count"]?.integer == 3, "form text holding a number reads as a number")
    }

    @Test func jsonStringIsNotANumber() throws {
        let envelope = try EventEnvelope(request(#"{"app":"vvsi","event":"random","count":"3"}"#))
        #expect(envelope.arguments["count"]?.integer == nil, "JSON must send numbers as numbers")
    }

    @Test(arguments: [
        (#"{"app":"ev""#, "malformed_json"),
        (#"["ev"]"#, "malformed_json"),
        (#"{"app":"ev","event":"x","nested":{"a":1}}"#, "malformed_json"),
        (#"{"event":"x"}"#, "missing_app"),
        (#"{"app":"ev"}"#, "missing_event"),
        (#"{"app":"","event":"x"}"#, "missing_app"),
        (#"{"app":7,"event":"x"}"#, "missing_app"),
    ])
    func malformedJSON(body: String, code: String) {
        #expect(throws: HTTPError.self) { try EventEnvelope(request(body)) }
        do {
            _ = try EventEnvelope(request(body))
        } catch {
            #expect(error.code == code)
            #expect(error.status == .badRequest)
        }
    }

    @Test func invalidUTF8IsRejected() {
        var bad = request("")
        bad.body = Array(#"{"app":"ev","event":""#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8)
        #expect(throws: HTTPError.self) { try EventEnvelope(bad) }
        var form = request("", type: "application/x-www-form-urlencoded")
        form.body = Array("app=ev&event=%FF".utf8)
        #expect { try EventEnvelope(form) } throws: { ($0 as? HTTPError)?.code == "malformed_form" }
    }

    @Test func contentTypes() {
        #expect { try EventEnvelope(request("x", type: "text/plain")) } throws: {
            guard let error = $0 as? HTTPError else { return false }
            return error.status == .unsupportedMediaType && error.message.contains("application/json")
        }
        #expect { try EventEnvelope(request("x", type: nil)) } throws: { ($0 as? HTTPError)?.status == .unsupportedMediaType }
        #expect { try EventEnvelope(request("")) } throws: { ($0 as? HTTPError)?.code == "empty_body" }
    }

    @Test func mediaTypeIgnoresParametersSpacesAndCase() throws {
        #expect(EventEnvelope.mediaType("application/json") == "application/json")
        #expect(EventEnvelope.mediaType(" \tApplication/JSON ; charset=utf-8") == "application/json")
        #expect(EventEnvelope.mediaType("TEXT/Plain;x") == "text/plain")
        #expect(EventEnvelope.mediaType("  ") == "")
        #expect(EventEnvelope.mediaType("application/jsön") == "application/jsön")
        let envelope = try EventEnvelope(request(#"{"app":"ev","event":"e"}"#, type: "Application/Json; charset=UTF-8"))
        #expect(envelope.app == "ev")
    }

    @Test func acceptHeaderDecidesWhetherAPostWantsThePageBack() {
        #expect(EventSource.prefersHTML(accept: "text/html,application/xhtml+xml,*/*;q=0.8"))
        #expect(EventSource.prefersHTML(accept: "TEXT/HTML"))
        #expect(!EventSource.prefersHTML(accept: "text/html, Application/JSON"))
        #expect(!EventSource.prefersHTML(accept: "*/*"))
        #expect(!EventSource.prefersHTML(accept: "text/htm"))
        #expect(!EventSource.prefersHTML(accept: ""))
        #expect(EventSource.prefersHTML(accept: "ü text/html"))
        #expect(EventSource.contains("xTEXT/HTML", lowercaseASCII: "text/html"))
        #expect(!EventSource.contains("text/html", lowercaseASCII: "text/html;"))
    }

    @Test func formErrors() {
        for body in ["app=ev&app=ev", "app=%4", "app=%zz&event=x"] {
            #expect { try EventEnvelope(request(body, type: "application/x-www-form-urlencoded")) } throws: {
                ($0 as? HTTPError)?.code == "malformed_form"
            }
        }
    }

    @Test func quotedStripsControlsAndCutsLongInput() {
        #expect(quoted("a\nb\u{1B}[31m") == "\"ab[31m\"")
        #expect(quoted(String(repeating: "x", count: 100)).count == 63)
    }
}
