extension TupleView: PrimitiveView, TransparentView {
    func render(in renderer: Renderer, _ state: RenderState) {
        renderer.groupingIfIdentified(state) { state in
            var index = 0
            func draw<Child: View>(_ child: Child) {
                renderer.render(child, state.child(.index(index)))
                index += 1
            }
            repeat draw(each value)
        }
    }
}

extension ConditionalContent: PrimitiveView, TransparentView {
    func render(in renderer: Renderer, _ state: RenderState) {
        switch storage {
        case .trueContent(let content): renderer.render(content, state.child(.index(0)))
        case .falseContent(let content): renderer.render(content, state.child(.index(1)))
        }
    }
}

extension Optional: PrimitiveView, TransparentView where Wrapped: View {
    func render(in renderer: Renderer, _ state: RenderState) {
        if case .some(let content) = self { renderer.render(content, state.child(.index(0))) }
    }
}
