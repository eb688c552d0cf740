import AppSeam
import PlaygroundHTTP
import PlaygroundJournal
import StandardApps
import Testing

@testable import PlaygroundApp

@Suite("Presenter mode: tokens, digests, the gate's checks and the presenter's inputs")
struct PresenterTests {
    private func request(_ headers: [String: String], body: String = "", remote: String = "127.0.0.1", client: String? = nil) -> HTTPRequest {
        var fields = HTTPHeaders()
        for (name, value) in headers { fields[name] = value }
        return HTTPRequest(method: .post, path: "/rooms/x/presenter", headers: fields, body: Array(body.utf8), remoteAddress: remote, clientAddress: client)
    }

    @Test func sha256IsTheStandardOne() {
        // FIPS 180-2's example "abc".
        #expect(PresenterToken.Digest(of: "abc").hex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func aTokenIs256RandomBitsInBase64URL() {
        let tokens = (0..<64).map { _ in PresenterToken.mint().text }
        #expect(Set(tokens).count == 64)
        for token in tokens {
            #expect(token.utf8.count == 43)
            #expect(token.utf8.allSatisfy(PresenterToken.isBase64URL))
            #expect(PresenterToken(presented: Substring(token))?.text == token)
        }
        #expect(PresenterToken.base64url([0xfb, 0xff]) == "-_8")
        #expect(PresenterToken(presented: "short") == nil)
        #expect(PresenterToken(presented: Substring(String(repeating: "=", count: 43))) == nil)
    }

    @Test func aDigestMatchesOnlyItsToken() {
        let token = PresenterToken.mint()
        let state = PresenterState(owners: [PresenterToken.mint().digest, token.digest])
        #expect(state.presents(token.digest))
        #expect(!state.presents(PresenterToken.mint().digest))
        #expect(PresenterToken.Digest(hex: token.digest.hex)?.matches(token.digest) == true)
        #expect(PresenterToken.Digest(hex: "zz") == nil)
    }

    @Test func theGateKnowsBearerCookieAndWrongCredentials() {
        let ledger = PresenterLedger()
        let room = RoomID.random()
        let token = ledger.own(room)
        let gate = PresenterGate(ledger: ledger)
        let state = ledger.state(of: room)
        func kind(_ presented: PresenterGate.Presented) -> String {
            switch presented {
            case .nothing: "nothing"
            case .presenter(_, let byCookie): byCookie ? "cookie" : "bearer"
            case .wrong: "wrong"
            }
        }
        #expect(kind(gate.presented(request([:]), state)) == "nothing")
        #expect(kind(gate.presented(request(["Authorization": "Bearer \(token.text)"]), state)) == "bearer")
        #expect(kind(gate.presented(request(["Authorization": "bearer \(token.text)"]), state)) == "bearer")
        #expect(kind(gate.presented(request(["Cookie": "a=b; presenter=\(token.text); c=d"]), state)) == "cookie")
        #expect(kind(gate.presented(request(["Authorization": "Bearer \(PresenterToken.mint().text)"]), state)) == "wrong")
        #expect(kind(gate.presented(request(["Cookie": "presenter=forged"]), state)) == "wrong")
        // Another room's owner token is no credential here.
        let other = ledger.own(RoomID.random())
        #expect(kind(gate.presented(request(["Authorization": "Bearer \(other.text)"]), state)) == "wrong")
    }

    @Test func anUnlockedRoomAdmitsEveryoneALockedOneOnlyItsPresenters() throws {
        let ledger = PresenterLedger()
        let room = RoomID.random()
        let token = ledger.own(room)
        let gate = PresenterGate(ledger: ledger)
        try gate.admitInput(request([:]), room: room)
        try ledger.change(room) { state throws(HTTPError) in state.locked = true }
        #expect(throws: PresenterGate.locked(room)) { try gate.admitInput(request([:]), room: room) }
        try gate.admitInput(request(["Authorization": "Bearer \(token.text)"]), room: room)
        #expect(throws: PresenterGate.crossOrigin) { try gate.admitInput(request(["Cookie": "presenter=\(token.text)"]), room: room) }
        let origin = ["Cookie": "presenter=\(token.text)", "Host": "127.0.0.1:8080"]
        #expect(throws: PresenterGate.crossOrigin) {
            try gate.admitInput(request(origin.merging(["Origin": "http://evil.example"]) { $1 }), room: room)
        }
        try gate.admitInput(request(origin.merging(["Origin": "http://127.0.0.1:8080"]) { $1 }), room: room)
        try gate.admitInput(request(origin.merging(["Sec-Fetch-Site": "same-origin"]) { $1 }), room: room)
        // A wrong credential is the same 403 as none (nothing about the token leaks), and costs from a budget: 429 past it.
        let wrong = request(["Authorization": "Bearer \(PresenterToken.mint().text)"], remote: "10.0.0.9")
        var codes: [String] = []
        for _ in 0..<12 {
            do throws(HTTPError) { try gate.admitInput(wrong, room: room) } catch { codes.append(error.code) }
        }
        #expect(codes.first == "room_locked")
        #expect(codes.last == "too_many_presenter_failures")
    }

    @Test func behindTheTrustedProxyTheOriginsHostNameAndItsSchemeCount() {
        // nginx's `Host $host` drops the port; its X-Forwarded-Proto says TLS.
        let proxied = request(
            ["Host": "playground.test", "Origin": "https://playground.test:8443", "X-Forwarded-Proto": "https"],
            remote: "127.0.0.1", client: "127.0.0.2")
        #expect(PresenterGate.isSameOrigin(proxied))
        #expect(PresenterGate.isTLS(proxied))
        #expect(PresenterGate.setCookie(PresenterToken.mint(), room: RoomID.random(), request: proxied).hasSuffix("; Secure"))
        // Without a trusted proxy the header is anyone's: no Secure, and the port must agree.
        let direct = request(["Host": "playground.test", "Origin": "https://playground.test:8443", "X-Forwarded-Proto": "https"])
        #expect(!PresenterGate.isSameOrigin(direct))
        #expect(!PresenterGate.setCookie(PresenterToken.mint(), room: RoomID.random(), request: direct).contains("Secure"))
        #expect(!PresenterGate.isSameOrigin(request(["Host": "a", "Origin": "null"])))
    }

    @Test func thePresentersInputsAreCheckedAndRefusalsSayWhatIsAccepted() throws {
        let registry = StandardApps.registry()
        func action(_ body: String, type: String = "application/json") throws(HTTPError) -> Room.PresenterAction {
            try PresenterRoutes.action(request(["Content-Type": type], body: body), registry: registry)
        }
        #expect(try action(#"{"action":"lock"}"#) == .lock)
        #expect(try action("action=unlock", type: "application/x-www-form-urlencoded") == .unlock)
        #expect(try action(#"{"action":"spotlight","pane":"mvi"}"#) == .spotlight("mvi"))
        #expect(try action(#"{"action":"spotlight","pane":"none"}"#) == .spotlight(nil))
        #expect(try action(#"{"action":"spotlight"}"#) == .spotlight(nil))
        for (body, code) in [
            ("", "empty_body"), (#"{"action":"steal"}"#, "invalid_action"), (#"{"pane":"mvi"}"#, "missing_action"),
            (#"{"action":"lock","pane":"mvi"}"#, "unexpected_pane"), (#"{"action":"spotlight","pane":"nope"}"#, "unknown_pane"),
            (#"{"action":"lock","token":"x"}"#, "unknown_field"), (#"{"action":5}"#, "missing_action"), ("[", "malformed_json"),
        ] {
            #expect(throws: HTTPError.self, "\(body)") { try action(body) }
            do throws(HTTPError) { _ = try action(body) } catch {
                #expect(error.code == code, "\(body)")
                #expect(error.status == .badRequest)
            }
        }
    }

    @Test func aPresenterStepIsJournaledWithoutItsApp() {
        let entry = JournalEntry(step: 3, time: 0, kind: .presenter, app: "", source: "presenter", action: "spotlight", value: "mvi")
        #expect(entry.summary == "spotlight mvi")
        #expect(entry.event == "spotlight")
        #expect(entry.jsonText.contains(#""kind":"presenter""#))
    }
}
