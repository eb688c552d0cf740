import OpenCombine
import PlaygroundUI

let context = RenderContext(formAction: "/rooms/r1/events")

/// Renders `view` once in a fresh host and returns the HTML.
func html<V: View>(_ view: V) -> String {
    ViewHost(view).render(context).html
}

/// A counter whose `@State` is bumped by `ticks`; `label` tells instances apart.
struct Counter: View {
    let label: String
    let ticks: PassthroughSubject<String, Never>
    @State var count = 0

    var body: some View {
        Text("\(label)=\(count)")
            .onReceive(ticks) { target in
                if target == label || target == "*" { count += 1 }
            }
    }
}

/// Mutable inputs a test changes between renders (the root view reads them on every render).
final class Inputs {
    var showFirst = true
    var order = ["a", "b", "c"]
    var identity = 1
    var erasedAsStack = false
}

/// Counts live subscriptions to a subject, to prove `.onReceive` cancels.
final class SubscriptionCounter {
    let subject = PassthroughSubject<String, Never>()
    private(set) var live = 0

    var publisher: AnyPublisher<String, Never> {
        subject.handleEvents(
            receiveSubscription: { [weak self] _ in self?.live += 1 },
            receiveCancel: { [weak self] in self?.live -= 1 }
        )
        .eraseToAnyPublisher()
    }
}

/// `html` with the digits of every id the renderer made up (``ControlID``: a control's `control` value, and the `id` of
/// a keyed list, a row, a control's form, a navigation stack, a presentation or an alert) replaced by `*`: what the
/// tests of other things compare, the ids' own tests check them exactly (`ControlHTMLTests`, `IdentityTests`).
func maskingMadeIDs(_ html: String) -> String {
    html.replacing(#/\ id="([a-z]+-)?([krcnpa])[A-Za-z0-9_-]{8}(~\d+)?"/#) { match in
        " id=\"" + (match.output.1 ?? "") + match.output.2 + "*" + (match.output.3 ?? "") + "\""
    }
    .replacing(#/\ name="control" value="[A-Za-z0-9_-]{8}"/#, with: #" name="control" value="*""#)
}
