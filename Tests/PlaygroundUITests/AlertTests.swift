import OpenCombine
import Testing
@testable import PlaygroundUI

/// `.alert(item:)` / `.alert(isPresented:)`: exact HTML (hostile text included) and dismissal from outside.
@Suite struct AlertTests {
    struct Problem: Identifiable {
        let id: String
    }

    /// Content with an alert whose item a subject sets, as the VVSI list view's `.onReceive` does.
    struct Screen: View {
        let problems: PassthroughSubject<Problem, Never>
        let log: Log
        @State var problem: Problem? = nil

        var body: some View {
            Text("content")
                .alert(item: $problem) { problem in
                    Alert(
                        title: Text("<b>\"Error\"</b>"), message: Text(problem.id),
                        dismissButton: .default(Text("<Ok>")) {
                            log.entries.append("ok pressed, problem is \(String(describing: self.problem?.id))")
                        })
                }
                .onReceive(problems) { problem = $0 }
        }
    }

    final class Log {
        var entries: [String] = []
    }

    let problems = PassthroughSubject<Problem, Never>()
    let log = Log()
    let hostileDismiss = TestEvent(postedFields: [("app", "x\"><script>"), ("event", "dismiss&'")])

    static let content = #"<span class="text">content</span>"#

    static func dialog(_ message: String, form: String) -> String {
        #"<div id="a*" class="alert" role="alertdialog" aria-modal="true" aria-label="&lt;b&gt;&quot;Error&quot;&lt;/b&gt;">"#
            + #"<span class="text alert-title">&lt;b&gt;&quot;Error&quot;&lt;/b&gt;</span>"#
            + #"<span class="text alert-message">\#(message)</span>\#(form)</div>"#
    }

    static let hostileForm =
        #"<form class="button-form" method="post" action="/rooms/r1/events">"#
        + #"<input type="hidden" name="app" value="x&quot;&gt;&lt;script&gt;"><input type="hidden" name="event" value="dismiss&amp;&#39;">"#
        + #"<button class="button alert-button" type="submit"><span class="text">&lt;Ok&gt;</span></button></form>"#

    @Test func presentsEscapedDialogAndDismissesFromOutside() {
        let host = ViewHost(
            Screen(problems: problems, log: log), environment: EnvironmentValues().with(\.alertDismissEvent, hostileDismiss))
        #expect(host.render(context).html == Self.content)
        #expect(!host.isPresentingAlert)
        #expect(host.dismissPresentedAlert() == false)

        problems.send(Problem(id: "</span><img src=x onerror=alert(1)> & 'quotes'"))
        #expect(host.isPresentingAlert)
        let shown = maskingMadeIDs(host.render(context).html)
        #expect(
            shown == Self.content
                + Self.dialog("&lt;/span&gt;&lt;img src=x onerror=alert(1)&gt; &amp; &#39;quotes&#39;", form: Self.hostileForm))

        #expect(host.dismissPresentedAlert() == true)
        #expect(log.entries == ["ok pressed, problem is nil"])  // the binding is cleared before the action runs
        #expect(host.render(context).html == Self.content)
        #expect(host.dismissPresentedAlert() == false)
        #expect(log.entries.count == 1)
    }

    @Test func alertBelongsToTheIdentifiedFragmentWhetherShownOrNot() {
        struct Framed: View {
            @State var problem: Problem? = nil
            let start: Problem?
            var body: some View {
                Text("content")
                    .alert(item: $problem) { Alert(title: Text("T"), message: Text($0.id), dismissButton: .cancel()) }
                    .onReceive(Just(start)) { problem = $0 }
                    .id("frag")
            }
        }
        let hidden = ViewHost(Framed(start: nil)).render(context)
        #expect(hidden.html == #"<div id="frag" class="group"><span class="text">content</span></div>"#)
        #expect(hidden.fragments.map(\.id) == ["frag"])

        let shown = ViewHost(Framed(start: Problem(id: "m"))).render(context)
        let expected =
            #"<div id="frag" class="group"><span class="text">content</span>"#
            + #"<div id="a*" class="alert" role="alertdialog" aria-modal="true" aria-label="T"><span class="text alert-title">T</span>"#
            + #"<span class="text alert-message">m</span><button class="button alert-button alert-button-cancel" type="button">"#
            + #"<span class="text">Cancel</span></button></div></div>"#
        #expect(maskingMadeIDs(shown.html) == expected)
        #expect(shown.fragments.map(\.id) == ["frag"] && maskingMadeIDs(shown.fragments[0].html) == expected)
    }

    @Test func isPresentedVariantWithDefaultButtonAndNoMessage() {
        struct Toggle: View {
            @State var showing = true
            var body: some View {
                EmptyView().alert(isPresented: $showing) { Alert(title: Text("Saved")) }
            }
        }
        let host = ViewHost(
            Toggle(), environment: EnvironmentValues().with(\.alertDismissEvent, TestEvent(postedFields: [("event", "d")])),
            inspecting: [Toggle.self])
        #expect(
            maskingMadeIDs(host.render(context).html)
                == #"<div id="a*" class="alert" role="alertdialog" aria-modal="true" aria-label="Saved"><span class="text alert-title">Saved</span>"#
                + #"<form class="button-form" method="post" action="/rooms/r1/events"><input type="hidden" name="event" value="d">"#
                + #"<button class="button alert-button" type="submit"><span class="text">OK</span></button></form></div>"#)
        #expect(host.presentedAlertText?.title == "Saved" && host.presentedAlertText?.message == nil)
        #expect(host.dismissPresentedAlert())
        #expect(host.view(Toggle.self)?.showing == false)
        #expect(host.presentedAlertText == nil)
        #expect(host.render(context).html == "")
    }

    @Test func dismissReachesOnlyPositionsStillInTheTree() {
        let host = ViewHost(Screen(problems: problems, log: log))
        _ = host.render(context)
        problems.send(Problem(id: "a"))
        host.unmount()
        #expect(host.dismissPresentedAlert() == false)
        #expect(log.entries.isEmpty)
    }
}
