/// A styling modifier (`.font`, `.foregroundColor`, `.padding` …): its classes and styles go to the
/// outermost element(s) its content draws, so no wrapper element is added.
struct StyledView<Content: View>: View, PrimitiveView {
    let content: Content
    let attributes: ElementAttributes

    var body: Never { primitiveBody(Self.self) }

    func render(in renderer: Renderer, _ state: RenderState) {
        var inner = state.child(.index(0))
        inner.pending.add(attributes)
        renderer.render(content, inner)
    }
}

/// A modifier that sets one environment value for its content (`.environment`, `.buttonStyle`, `.tabViewStyle`).
struct EnvironmentWriter<Content: View, Value>: View, PrimitiveView {
    let content: Content
    let keyPath: WritableKeyPath<EnvironmentValues, Value>
    let value: Value

    var body: Never { primitiveBody(Self.self) }

    func render(in renderer: Renderer, _ state: RenderState) {
        var inner = state.child(.index(0))
        inner.environment = EnvironmentWrite.environment(state.environment, setting: keyPath, to: value, at: state.path)
        renderer.render(content, inner)
    }
}

/// `.tag(_:)`: the value a ``TabView`` item is selected by.
struct TagView<Content: View, Tag: Hashable>: View, PrimitiveView, TaggedView {
    let content: Content
    let tag: Tag

    var body: Never { primitiveBody(Self.self) }
    var tagValue: AnyHashable { AnyHashable(tag) }

    func render(in renderer: Renderer, _ state: RenderState) {
        renderer.render(content, state.child(.index(0)))
    }
}

/// `.id(_:)`: an explicit identity (a new id is a new view, with fresh state) and the element's HTML `id`,
/// which makes the element a fragment.
struct IDView<Content: View, ID: Hashable>: View, PrimitiveView {
    let content: Content
    let id: ID

    var body: Never { primitiveBody(Self.self) }

    func render(in renderer: Renderer, _ state: RenderState) {
        var inner = state.child(.id(AnyHashable(id)))
        inner.pending.add(ElementAttributes(id: String(describing: id)))
        renderer.render(content, inner)
    }
}
