import OpenCombine
import Testing

@testable import PlaygroundUI

/// Sheets, full-screen covers, pushed screens, alerts with role-bearing buttons and view modifiers, as the router
/// draws them: exact HTML, dismissal by the page's Close, by `@Environment(\.dismiss)`, and state kept per position.
@Suite struct PresentationTests {
    static let actions = RenderContext(formAction: "/rooms/r1/events", actionURL: "/rooms/r1/actions", actionFields: [FormField("app", "t")])

    static func controls(_ html: String) -> [String] {
        html.matches(of: /name="control" value="([^"]*)"/).map { String($0.1) }
    }

    final class Log {
        var lines: [String] = []
    }

    struct Item: Identifiable {
        let id: Int
    }

    struct Presenter: View {
        let log: Log
        @State var sheet = false
        @State var cover: Item?
        @State var pushed = false

        var body: some View {
            NavigationStack {
                VStack {
                    Button("Open") { sheet = true }
                    Button("Cover") { cover = Item(id: 7) }
                    Button("Push") { pushed = true }
                }
                .sheet(isPresented: $sheet, onDismiss: { log.lines.append("sheet dismissed") }) {
                    Inside(log: log)
                }
                .fullScreenCover(item: $cover, onDismiss: { log.lines.append("cover dismissed") }) { item in
                    Text("cover \(item.id)")
                }
                .navigationDestination(isPresented: $pushed) {
                    Text("pushed")
                }
            }
        }
    }

    struct Inside: View {
        let log: Log
        @Environment(\.dismiss) var dismiss
        var body: some View {
            Button("Done") {
                log.lines.append("done")
                dismiss()
            }
        }
    }

    @Test func aSheetIsADialogWithItsCloseFirstAndClosingCallsOnDismissOnce() throws {
        let log = Log()
        let host = ViewHost(Presenter(log: log))
        let closed = host.render(Self.actions).html
        #expect(!closed.contains("presentation"))
        #expect(host.perform(action: Self.controls(closed)[0], value: nil) == .performed)
        let open = host.render(Self.actions).html
        let dialog = try #require(
            maskingMadeIDs(open).firstRange(of: #"<div id="p*" class="presentation presentation-sheet" role="dialog" aria-label="Sheet" aria-modal="true">"#))
        let closeForm = maskingMadeIDs(open)[dialog.upperBound...]
        #expect(closeForm.hasPrefix(#"<form id="c*" class="button-form" method="post" action="/rooms/r1/actions">"#))
        #expect(closeForm.contains(#"<button class="button presentation-close" type="submit">Close</button></form>"#))
        let close = Self.controls(String(open[try #require(open.firstRange(of: "presentation-sheet")).upperBound...]))[0]
        #expect(host.perform(action: close, value: nil) == .performed)
        #expect(log.lines == ["sheet dismissed"])
        #expect(!host.render(Self.actions).html.contains("presentation-sheet"))
        #expect(host.perform(action: close, value: nil) != .performed, "the Close of a closed sheet is stale")
        #expect(log.lines == ["sheet dismissed"], "once per dismissal")
    }

    @Test func theEnvironmentsDismissClosesThePresentationItIsIn() throws {
        let log = Log()
        let host = ViewHost(Presenter(log: log))
        _ = host.perform(action: Self.controls(host.render(Self.actions).html)[0], value: nil)
        let open = host.render(Self.actions).html
        let done = try #require(Self.controls(open).last)
        #expect(host.perform(action: done, value: nil) == .performed)
        #expect(log.lines == ["done", "sheet dismissed"])
        #expect(!host.render(Self.actions).html.contains("presentation-sheet"))
    }

    @Test func coversAndPushedScreensHaveTheirOwnClassesAndLabels() throws {
        let log = Log()
        let host = ViewHost(Presenter(log: log))
        let ids = Self.controls(host.render(Self.actions).html)
        _ = host.perform(action: ids[1], value: nil)
        _ = host.perform(action: ids[2], value: nil)
        let html = host.render(Self.actions).html
        #expect(maskingMadeIDs(html).hasPrefix(#"<div id="n*" class="navigation-stack">"#))
        #expect(maskingMadeIDs(html).contains(#"<div id="p*" class="presentation presentation-cover" role="dialog" aria-label="Full-screen cover" aria-modal="true">"#))
        #expect(maskingMadeIDs(html).contains(#"<div id="p*" class="presentation presentation-push" role="dialog" aria-label="Pushed screen">"#))
        #expect(html.contains(">‹ Back</button>") && html.contains(">cover 7</span>") && html.contains(">pushed</span>"))
        let pushed = try #require(html.firstRange(of: "presentation-push"))
        let back = try #require(Self.controls(String(html[pushed.upperBound...])).first)
        #expect(host.perform(action: back, value: nil) == .performed)
        let after = host.render(Self.actions).html
        #expect(!after.contains("presentation-push") && after.contains("presentation-cover"))
    }

    struct Asker: View {
        let log: Log
        @State var asking = true
        var body: some View {
            Text("list")
                .alert(Text("Delete <it>?"), isPresented: $asking) {
                    Button("Yes", role: .destructive) { log.lines.append("yes") }
                    Button("Cancel", role: .cancel) { log.lines.append("cancel") }
                } message: {
                    Text("It cannot be undone.")
                }
        }
    }

    @Test func anAlertsButtonsCarryTheirRolesAndDismissBeforeTheirAction() throws {
        let log = Log()
        let host = ViewHost(Asker(log: log))
        let html = host.render(Self.actions).html
        #expect(maskingMadeIDs(html).contains(#"<div id="a*" class="alert" role="alertdialog" aria-modal="true" aria-label="Delete &lt;it&gt;?">"#))
        #expect(html.contains(#"<span class="text alert-title">Delete &lt;it&gt;?</span><div class="alert-message"><span class="text">It cannot be undone.</span></div>"#))
        #expect(html.contains(#"<button class="button button-destructive" type="submit"><span class="text">Yes</span>"#))
        #expect(html.contains(#"<button class="button button-cancel" type="submit"><span class="text">Cancel</span>"#))
        #expect(host.presentedAlertActions == ["Yes", "Cancel"])
        #expect(host.presentedAlertText?.title == "Delete <it>?" && host.presentedAlertText?.message == "It cannot be undone.")
        #expect(host.performAlertAction(titled: "Yes"))
        #expect(log.lines == ["yes"])
        #expect(host.presentedAlertText == nil, "dismissed before the action ran")
        #expect(!host.render(Self.actions).html.contains("alertdialog"))
        #expect(!host.performAlertAction(titled: "Cancel"), "no alert: nothing runs")
        #expect(log.lines == ["yes"])
    }

    /// A modifier's `@State` belongs to the position it is applied at: it survives re-created view values.
    struct Tally: ViewModifier {
        let label: String
        @State var taps = 0
        func body(content: Content) -> some View {
            VStack {
                content
                Button("\(label) \(taps)") { taps += 1 }
            }
        }
    }

    @Test func aModifiersStateLivesAtItsPosition() {
        let host = ViewHost(Text("x").modifier(Tally(label: "tapped")).modifier(EmptyModifier()))
        let first = host.render(Self.actions).html
        #expect(first.contains(">tapped 0<"))
        #expect(host.perform(action: Self.controls(first)[0], value: nil) == .performed)
        #expect(host.perform(action: Self.controls(host.render(Self.actions).html)[0], value: nil) == .performed)
        #expect(host.render(Self.actions).html.contains(">tapped 2<"))
    }
}
