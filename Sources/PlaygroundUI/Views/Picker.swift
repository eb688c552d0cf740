/// A choice among tagged options bound to a value, as SwiftUI's
/// `Picker("Flavor", selection: $flavor) { Text("Vanilla").tag(Flavor.vanilla) … }`. On the web it is a form with a
/// submit button per option (the segmented style: one press, no script), each posting its index among the tagged
/// options as `value` (`0`, `1` …), so no tag's text reaches the page and tags that read the same stay apart; the
/// selected one has `picker-option-selected` and `aria-pressed="true"`. Any other value (not a plain decimal index
/// of an option drawn) is refused and changes nothing; an option without a tag is drawn disabled.
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

/// The tags a picker's options drew in this render, in order: an option posts its index here.
final class PickerOptions {
    private(set) var tags: [AnyHashable] = []

    /// Adds an option's tag and returns the index it posts.
    func add(_ tag: AnyHashable) -> Int {
        tags.append(tag)
        return tags.count - 1
    }

    /// The tag at the index `value` names, if `value` is one written as an option posts it (`0`, `12`; no sign,
    /// no leading zero, no space).
    func tag(posted value: String) -> AnyHashable? {
        guard let index = Int(value), tags.indices.contains(index), String(index) == value else { return nil }
        return tags[index]
    }
}

extension Picker: PrimitiveView {
    func render(in renderer: Renderer, _ state: RenderState) {
        let options = PickerOptions()
        let selection = selection
        renderer.openActionForm("picker", viewType: Self.self, state) { value in
            guard let value, let tag = options.tag(posted: value) else {
                guard !options.tags.isEmpty else { return .invalid("This picker has no options to choose.") }
                return .invalid("This picker takes the index of one of its \(options.tags.count) options, 0 to \(options.tags.count - 1).")
            }
            guard let tag = tag.base as? SelectionValue else {
                return .invalid("This option's tag is not a \(SelectionValue.self), so it cannot be chosen.")
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
