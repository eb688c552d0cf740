import PlaygroundUI
import Testing

/// What `.onAppear` / `.onDisappear` ran, in order.
private final class Log {
    var lines: [String] = []
    var shown = ["a", "b"]
    var value = "first"
}

private struct Row: View {
    let name: String
    let log: Log

    var body: some View {
        Text("\(name): \(log.value)")
            .onAppear {
                log.lines.append("appear \(name)"); log.value = "changed by \(name)"
            }
            .onDisappear { log.lines.append("disappear \(name)") }
    }
}

private struct Rows: View {
    let log: Log

    var body: some View {
        VStack {
            ForEach(log.shown, id: \.self) { name in Row(name: name, log: log) }
        }
    }
}

@Suite("onAppear and onDisappear")
struct AppearanceTests {
    @Test func appearRunsOnceAfterThePassAndItsChangeIsDrawnInTheSameRender() {
        let log = Log()
        let host = ViewHost(Rows(log: log))
        let first = host.render(context).html
        #expect(log.lines == ["appear a", "appear b"])
        #expect(first.contains("a: changed by b") && first.contains("b: changed by b"), "a second pass drew the change: \(first)")
        _ = host.render(context)
        #expect(log.lines == ["appear a", "appear b"], "once per appearance, not per render")
    }

    @Test func disappearRunsWhenThePositionLeavesAndWhenTheHostUnmounts() {
        let log = Log()
        let host = ViewHost(Rows(log: log))
        _ = host.render(context)
        log.shown = ["b"]
        _ = host.render(context)
        #expect(log.lines == ["appear a", "appear b", "disappear a"])
        log.shown = ["a", "b"]
        _ = host.render(context)
        #expect(log.lines.last == "appear a", "coming back is a new appearance")
        host.unmount()
        #expect(Set(log.lines.suffix(2)) == ["disappear a", "disappear b"])
    }

    @Test func viewsThatKeepAppearingCannotLoopARender() {
        let log = Log()
        let host = ViewHost(Churn(log: log))
        _ = host.render(context)
        #expect(log.lines.count == 3, "four passes at most: three ran their appearance, the fourth's waits: \(log.lines)")
        _ = host.render(context)
        #expect(log.lines.count == 6, "the next render runs the waiting one after its first pass, then two more")
    }
}

/// A view that shows a new row on every appearance.
private struct Churn: View {
    let log: Log

    var body: some View {
        VStack {
            ForEach([log.lines.count], id: \.self) { number in
                Text("row \(number)")
                    .onAppear { log.lines.append("appear") }
            }
        }
    }
}
