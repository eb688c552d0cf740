import PlaygroundTesting
import Testing
@testable import PlaygroundHTTP

@Suite struct RoutingTests {
    private func router() -> Router {
        var router = Router()
        router.add(.get, "/rooms/:id") { _, parameters in .response(.text(.ok, "get \(parameters["id"]!)")) }
        router.add(.post, "/rooms/:id/events") { _, parameters in .response(.text(.accepted, "post \(parameters["id"]!)")) }
        router.add(.get, "/public/*path") { _, parameters in .response(.text(.ok, "file \(parameters["path"]!)")) }
        router.add(.get, "/") { _, _ in .response(.text(.ok, "root")) }
        return router
    }

    private func run(_ method: HTTPMethod, _ path: String) -> HTTPResponse? {
        guard case .response(let response) = router().route(HTTPRequest(method: method, path: path)) else { return nil }
        return response
    }

    @Test func matchesParametersAndRest() {
        #expect(run(.get, "/rooms/abc")?.body == Array("get abc".utf8))
        #expect(run(.post, "/rooms/abc/events")?.status == .accepted)
        #expect(run(.get, "/public/css/site.css")?.body == Array("file css/site.css".utf8))
        #expect(run(.get, "/")?.body == Array("root".utf8))
    }

    /// `matches` (the metrics label's test, and `match`'s quick refusal) says yes exactly where `match` captures.
    @Test func matchesAgreesWithMatch() {
        let patterns = ["/", "/rooms/:id", "/rooms/:id/events", "/public/*path", "/a/*rest", "/rooms/import"].map(RoutePattern.init)
        let paths = ["/", "", "/rooms", "/rooms/", "/rooms/x", "/rooms/x/", "/rooms//events", "/rooms/x/events", "/rooms/x/events/y",
                     "/public", "/public/", "/public/a/b", "/a", "/a/", "/rooms/import", "//"]
        for pattern in patterns {
            for path in paths {
                let segments = RoutePattern.segments(of: path)
                #expect(pattern.matches(segments) == (pattern.match(segments) != nil), "\(pattern.segments) \(path)")
            }
        }
        #expect(router().pattern(matching: HTTPRequest(method: .get, path: "/rooms/abc/events")) == "/rooms/:id/events")
        #expect(router().pattern(matching: HTTPRequest(method: .get, path: "/public/x/y")) == "/public/*path")
        #expect(router().pattern(matching: HTTPRequest(method: .get, path: "/rooms/a/b")) == nil)
    }

    /// `resolve` routes once and names the route `pattern(matching:)` names, whatever the method: a 405 is labelled
    /// by its path's route, a 404 by none.
    @Test func resolveAgreesWithRouteAndPattern() {
        let router = router()
        for (method, path) in [(HTTPMethod.get, "/rooms/abc"), (.post, "/rooms/abc/events"), (.get, "/rooms/abc/events"), (.delete, "/rooms/abc"),
                               (.head, "/rooms/x"), (.get, "/public/a/b"), (.get, "/"), (.get, "/nope"), (.get, "/rooms//events")] {
            let request = HTTPRequest(method: method, path: path)
            let (pattern, result) = router.resolve(request)
            #expect(pattern == router.pattern(matching: request), "\(method) \(path)")
            guard case .response(let resolved) = result, case .response(let routed) = router.route(request) else {
                Issue.record("not a response: \(method) \(path)")
                continue
            }
            #expect(resolved.status == routed.status && resolved.body == routed.body, "\(method) \(path)")
        }
        #expect(router.resolve(HTTPRequest(method: .delete, path: "/rooms/abc")).pattern == "/rooms/:id")
        #expect(router.resolve(HTTPRequest(method: .get, path: "/nope")).pattern == nil)
    }

    @Test func unknownPathIs404JSON() {
        let response = run(.get, "/nope")
        #expect(response?.status == .notFound)
        #expect(response?.headers["content-type"] == "application/json; charset=utf-8")
        #expect(run(.get, "/rooms/")?.status == .notFound)  // a parameter never matches an empty segment
        #expect(run(.get, "/rooms//events")?.status == .notFound)
        #expect(run(.get, "/rooms/a/b")?.status == .notFound)
    }

    @Test func wrongMethodIs405WithAllow() {
        let response = run(.delete, "/rooms/abc")
        #expect(response?.status == .methodNotAllowed)
        #expect(response?.headers["Allow"] == "GET, HEAD")
        #expect(run(.get, "/rooms/abc/events")?.headers["allow"] == "POST")
    }

    @Test func headIsAnsweredByGet() {
        #expect(run(.head, "/rooms/x")?.body == Array("get x".utf8))
    }

    @Test func headersAreCaseInsensitive() {
        var headers: HTTPHeaders = ["Last-Event-ID": "5"]
        #expect(headers["last-event-id"] == "5")
        headers["LAST-EVENT-ID"] = "6"
        #expect(headers.fields.count == 1)
        #expect(headers["Last-Event-Id"] == "6")
        headers["last-event-id"] = nil
        #expect(headers.fields.isEmpty)
    }

    @Test func errorJSONIsEscaped() {
        let error = HTTPError(.badRequest, code: "bad\"code", message: "line1\nline2 \\ \u{1} </script> tab\t")
        #expect(
            error.jsonText
                == #"{"error":{"code":"bad\"code","message":"line1\nline2 \\ \u0001 \u003c/script\u003e tab\t"}}"#)
        #expect(error.response.status == .badRequest)
        #expect(error.response.body == Array(error.jsonText.utf8))
    }
}
