import OpenCombine
import Testing
@testable import PlaygroundUI

/// `.alert(item:)` / `.alert(isPresented:)`: exact HTML (hostile text included), dismissal from outside and by a
/// press of the button (a control like any button's).
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

    static let content = #"<span class="text">content</span>"#

    static func dialog(_ message: String, form: String) -> String {
        #"<div id="a*" class="alert" role="alertdialog" aria-modal="true" aria-label="&lt;b&gt;&quot;Error&quot;&lt;/b&gt;">"#
            + #"<span class="text alert-title">&lt;b&gt;&quot;Error&quot;&lt;/b&gt;</span>"#
            + #"<span class="text alert-message">\#(message)</span>\#(form)</div>"#
    }

    /// The button's form: it posts only its control id (masked as `*`).
    static func buttonForm(_ classes: String, _ label: String) -> String {
        #"<form id="c*" class="button-form" method="post" action="/rooms/r1/events"><input type="hidden" name="control" value="*">"#
            + #"<button class="button \#(classes)" type="submit"><span class="text">\#(label)</span></button></form>"#
    }

    static let hostileForm = buttonForm("alert-button", "&lt;Ok&gt;")

    @Test func presentsEscapedDialogAndDismissesFromOutside() {
        let host = ViewHost(Screen(problems: problems, log: log))
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
            + #"<span class="text alert-message">m</span>"# + Self.buttonForm("alert-button alert-button-cancel", "Cancel") + "</div></div>"
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
        let host = ViewHost(Toggle(), inspecting: [Toggle.self])
        let shown = host.render(context).html
        #expect(
            maskingMadeIDs(shown)
                == #"<div id="a*" class="alert" role="alertdialog" aria-modal="true" aria-label="Saved"><span class="text alert-title">Saved</span>"#
                + Self.buttonForm("alert-button", "OK") + "</div>")
        #expect(host.presentedAlertText?.title == "Saved" && host.presentedAlertText?.message == nil)
        // A press of OK: the page posts the button's control id, and the binding is set back to false.
        let control = shown.firstMatch(of: /name="control" value="([^"]*)"/).map { String($0.1) } ?? ""
        #expect(host.perform(action: control, value: "x") != .performed, "a button takes no value")
        #expect(host.perform(action: control, value: nil) == .performed)
        #expect(host.view(Toggle.self)?.showing == false)
        #expect(host.presentedAlertText == nil)
        #expect(host.render(context).html == "")
        #expect(host.perform(action: control, value: nil) != .performed, "the alert is gone, so is its button")
        #expect(!host.dismissPresentedAlert())
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
