// render-bench: what one EV event costs the view layer — send `.changeBothSidesColors` into the RandomColorEV
// sample and render it, N times (release build). Instruction counts are steadier than time on a shared machine:
//   swift build -c release --product render-bench && .build/release/render-bench 5000
//   valgrind --tool=callgrind .build/release/render-bench 300
import EVRuntime
import PlaygroundUI
import RandomColorEV

let app = RandomColorEVInstance(randomColor: RandomColorSource(seed: 1))
// As a room renders: controls holding closures post their action ids to /actions.
let context = RenderContext(formAction: "/rooms/x/events", actionURL: "/rooms/x/actions", actionFields: [FormField("app", "ev")])
_ = app.render(context)
let count = Int(CommandLine.arguments.dropFirst().first ?? "2000") ?? 2000
var bytes = 0
let elapsed = ContinuousClock().measure {
    for _ in 0..<count {
        app.send(.changeBothSidesColors)
        bytes += app.render(context).html.utf8.count
    }
}
print("\(count) × send + render: \(elapsed / count) each, \(bytes / max(count, 1)) bytes of HTML")
