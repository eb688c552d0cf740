/// A switch bound to a `Bool`, as SwiftUI's `Toggle("Title", isOn: $flag)`. On the web it is a form whose button
/// posts the new value (`value=true` when it is off); any other value is refused and changes nothing:
/// `<form class="toggle-form" …><input type="hidden" name="value" value="true"><button class="toggle" type="submit"
/// role="switch" aria-checked="false">Title</button></form>`.
public struct Toggle: View {
    let title: String
    let isOn: Binding<Bool>

    public init(_ title: String, isOn: Binding<Bool>) {
        (self.title, self.isOn) = (title, isOn)
    }

    /// Primitive: drawn as a form with a switch button.
    public var body: Never { primitiveBody(Self.self) }
}

extension Toggle: PrimitiveView {
    func render(in renderer: Renderer, _ state: RenderState) {
        let isOn = isOn
        let current = isOn.wrappedValue
        renderer.openActionForm("toggle", viewType: Self.self, state) { value in
            switch value {
            case "true": isOn.wrappedValue = true
            case "false": isOn.wrappedValue = false
            default: return .invalid("A toggle takes the value true or false.")
            }
            return .performed
        }
        renderer.writer.void("input", .none, [("type", "hidden"), ("name", "value"), ("value", current ? "false" : "true")])
        renderer.writer.open(
            "button", ElementAttributes(classes: current ? ["toggle", "toggle-on"] : ["toggle"]),
            [("type", "submit"), ("role", "switch"), ("aria-checked", current ? "true" : "false")])
        renderer.writer.text(title)
        renderer.writer.close()
        renderer.writer.close()
    }
}
