import EVRuntime
import OpenCombine
import PlaygroundUI

/// Events for the runtime tests; `actionsByEvent` crosses views and mixes orders on purpose.
enum TestEventEnum: EventEnumProtocol {
    case initial
    case ping
    case interleaved
    case resetThenGo

    static func actionsByEvent(_ event: Self) -> [any InnerViewAction] {
        switch event {
        case .initial: []
        case .ping: [FirstView.InnerAction.hello, SecondView.InnerAction.hello]
        case .interleaved:
            [SecondView.InnerAction.hello, FirstView.InnerAction.hello, FirstView.InnerAction.bye, SecondView.InnerAction.bye]
        case .resetThenGo: [FirstView.InnerAction.initial, FirstView.InnerAction.hello, FirstView.InnerAction.initial]
        }
    }
}

/// Records what each view received, in global order.
final class Log {
    var entries: [String] = []
}

/// Which views the test root shows; changed between renders.
final class Visibility {
    var first = true
    var second = true
    var extraFirst = false
}

struct FirstView: View {
    let name: String
    let log: Log
    @Action(InnerAction.initial) var action

    var body: some View {
        Text(name)
            .onReceive($action) { newAction in log.entries.append("\(name):\(newAction)") }
    }

    enum InnerAction: InnerViewAction {
        static var `default`: Self { .initial }
        case initial, hello, bye
    }
}

struct SecondView: View {
    let log: Log
    @Action(InnerAction.initial) var action

    var body: some View {
        Text("second")
            .onReceive($action) { newAction in
                switch newAction {
                case .hello, .bye: log.entries.append("second:\(newAction)")
                default: break
                }
            }
    }

    enum InnerAction: InnerViewAction {
        static var `default`: Self { .initial }
        case initial, hello, bye
    }
}

struct TestRoot: View {
    let visibility: Visibility
    let log: Log

    var body: some View {
        VStack {
            if visibility.first { FirstView(name: "first", log: log) }
            if visibility.second { SecondView(log: log) }
            if visibility.extraFirst { FirstView(name: "extra", log: log) }
        }
    }
}

typealias TestApp = EVAppInstance<TestEventEnum, TestRoot>
