/// A choice among tagged options bound to a value, as SwiftUI's
/// `Picker("Flavor", selection: $flavor) { Text("Vanilla").tag(Flavor.vanilla) … }`. On the web it is a form with a
/// submit button per option (the segmented style), each posting its tag's text as `value`; the selected one has
/// `picker-option-selected` and `aria-pressed="true"`. A posted value that is not one of the tags drawn is refused
/// and changes nothing; an option without a tag is drawn disabled.
public struct Picker<SelectionValue: Hashable, Content: View>: View {
    let title: String
    let selection: Binding<SelectionValue>
    let content: Content

    public init(_ title: String, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        (self.title, self.selection, self.content) = (title, selection, content())
    }

    /// Primitive: drawn as a form of option buttons.
    public var body: Never { primitiveBody(Self.self) }
}

/// The tags a picker's options drew in this render, by the text each posts.
final class PickerOptions {
    private(set) var tags: [String: AnyHashable] = [:]

    func add(_ text: String, _ tag: AnyHashable) {
        if tags[text] == nil { tags[text] = tag }
    }
}

extension Picker: PrimitiveView {
    func render(in renderer: Renderer, _ state: RenderState) {
        let options = PickerOptions()
        let selection = selection
        renderer.openActionForm("picker", viewType: Self.self, state) { value in
            guard let value, let tag = options.tags[value]?.base as? SelectionValue else {
                let accepted = options.tags.keys.sorted().joined(separator: ", ")
                return .invalid("This picker takes one of its options: \(accepted).")
            }
            selection.wrappedValue = tag
            return .performed
        }
        renderer.writer.open("span", ElementAttributes(classes: ["picker-title"]), [])
        renderer.writer.text(title)
        renderer.writer.close()
        renderer.render(
            content,
            state.containerChild(.index(0), item: .pickerOption(selection: AnyHashable(selection.wrappedValue), options: options)))
        renderer.writer.close()
    }
}
