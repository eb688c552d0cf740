import Foundation
import PlaygroundUI
import Testing

@testable import PlaygroundApp

@Suite("Flat JSON object: the event body parser, checked against JSONDecoder")
struct FlatJSONObjectTests {
    private func parse(_ text: String) throws(FlatJSONObject.Failure) -> [String: EventArgument] {
        try FlatJSONObject.parse(Array(text.utf8))
    }

    @Test func valuesOfEveryKind() throws {
        let fields = try parse(#" { "s" : "x" , "i":-12,"z":0,"d":2.5,"w":2.0,"t":true,"f":false,"n":null } "#)
        #expect(
            fields == [
                "s": .string("x"), "i": .integer(-12), "z": .integer(0), "d": .number(2.5), "w": .number(2), "t": .boolean(true),
                "f": .boolean(false), "n": .null,
            ])
        #expect(try parse("{}") == [:])
        #expect(try parse("\t\r\n{\n}\n") == [:])
    }

    @Test func escapesAndUnicode() throws {
        let fields = try parse(#"{"a":"q\"b\\s\/n\nt\tr\r\b\f","u":"\u00e9\u20AC","p":"\ud83d\ude00","raw":"é😀","k\u0041":1}"#)
        #expect(fields["a"] == .string("q\"b\\s/n\nt\tr\r\u{08}\u{0C}"))
        #expect(fields["u"] == .string("é€"))
        #expect(fields["p"] == .string("😀"))
        #expect(fields["raw"] == .string("é😀"))
        #expect(fields["kA"] == .integer(1))
    }

    @Test func integersThatDoNotFitAreNumbers() throws {
        #expect(try parse(#"{"big":9223372036854775807}"#)["big"] == .integer(Int.max))
        #expect(try parse(#"{"big":9223372036854775808}"#)["big"] == .number(9_223_372_036_854_775_808))
        #expect(try parse(#"{"neg":-0}"#)["neg"] == .integer(0))
    }

    @Test(arguments: [
        "", " ", "[]", #""x""#, "1", "{", "}", #"{"a"}"#, #"{"a":}"#, #"{"a":1,}"#, #"{,}"#, #"{"a":1}x"#, #"{"a":1}{}"#,
        #"{a:1}"#, #"{'a':1}"#, #"{"a":01}"#, #"{"a":1.}"#, #"{"a":.5}"#, #"{"a":1e}"#, #"{"a":+1}"#, #"{"a":-}"#,
        #"{"a":1e999}"#, #"{"a":tru}"#, #"{"a":nul}"#, #"{"a":True}"#, #"{"a":"x}"#, #"{"a":"\x"}"#, #"{"a":"\u12"}"#,
        #"{"a":"\ud83d"}"#, #"{"a":"\ude00"}"#, #"{"a":"\ud83d\u0041"}"#, "{\"a\":\"tab\there\"}", "{\"a\":\"nl\nhere\"}",
        #"{"a":{"b":1}}"#, #"{"a":[1]}"#, #"{"a":1,"a":2}"#, #"{"a":NaN}"#, #"{"a":Infinity}"#,
    ])
    func rejects(_ text: String) {
        #expect(throws: FlatJSONObject.Failure.self) { try parse(text) }
    }

    @Test func invalidUTF8IsRejected() {
        for bad: [UInt8] in [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF]] {
            let body = Array(#"{"a":""#.utf8) + bad + Array(#""}"#.utf8)
            #expect(throws: FlatJSONObject.Failure.self) { try FlatJSONObject.parse(body) }
        }
    }

    @Test func errorsSayWhatWasWrong() {
        #expect(throws: FlatJSONObject.Failure(reason: #"field "nested" is not a string, number or boolean"#)) {
            try parse(#"{"nested":{"a":1}}"#)
        }
        #expect(throws: FlatJSONObject.Failure(reason: "not an object")) { try parse("[1]") }
        #expect(throws: FlatJSONObject.Failure(reason: #"field "a" appears twice"#)) { try parse(#"{"a":1,"a":1}"#) }
        #expect(throws: FlatJSONObject.Failure(reason: #"invalid JSON or invalid UTF-8 at byte 7, expected "," or "}" after a value"#)) {
            try parse(#"{"a":1 2}"#)
        }
    }

    /// An exponent is JSON, but no event's number: JSON and forms read numbers with one reader, and a form's `1e2` is
    /// not a number. The failure names the field, so the envelope answers `invalid_argument`, not `malformed_json`.
    @Test func exponentsAreRefusedNamingTheirField() {
        for (body, field) in [(#"{"y":1e2}"#, "y"), (#"{"a":1,"rate":5E-1}"#, "rate"), (#"{"x":-1.25e-3}"#, "x"), (#"{"c":0.1e1}"#, "c")] {
            let failure = #expect(throws: FlatJSONObject.Failure.self) { try parse(body) }
            #expect(failure?.numberField == field, "\(body)")
        }
        #expect(throws: FlatJSONObject.Failure.self) { try parse(#"{"a":1e999}"#) }
    }

    /// Hostile depth costs nothing: the first nested value ends the parse.
    @Test func deepNestingFailsAtOnce() {
        let deep = #"{"a":"# + String(repeating: "[", count: 100_000)
        #expect(throws: FlatJSONObject.Failure.self) { try parse(deep) }
    }

    /// Every flat body JSONDecoder reads as `[String: EventArgument]` is read the same way, but for numbers written with
    /// an exponent (refused above) or a whole fraction such as `2.0` (JSONDecoder reads an `Int`; here it is a number, as
    /// a form's `2.0` is, so an integer argument refuses it).
    @Test func agreesWithJSONDecoder() throws {
        let bodies = [
            #"{"app":"ev","event":"changeBothSidesColors"}"#, #"{"app":"vvsi","event":"random","count":3,"length":4,"ok":true}"#,
            #"{"x":-1.25,"y":100,"z":"\u00fc\n","w":null,"v":false}"#, #"{ "query" : "the matrix & \"é\"" }"#,
            #"{"n":12345678901234567890,"m":-9223372036854775808}"#, #"{"a":0.001,"b":-0,"e":1.5}"#,
        ]
        for body in bodies {
            let expected = try JSONDecoder().decode([String: EventArgument].self, from: Data(body.utf8))
            #expect(try parse(body) == expected, "\(body)")
        }
    }
}
