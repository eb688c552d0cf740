/// Horizontal alignment of a ``VStack``'s children.
public enum HorizontalAlignment: String, Sendable { case leading, center, trailing }

/// Vertical alignment of an ``HStack``'s children.
public enum VerticalAlignment: String, Sendable { case top, center, bottom }

/// Children in a column: `<div class="vstack">`; a non-centre alignment adds `align-leading`/`align-trailing`,
/// a spacing other than 8 (the stylesheet's gap, SwiftUI's usual default) adds `style="gap:Npx"`.
public struct VStack<Content: View>: View {
    let alignment: HorizontalAlignment, spacing: Double?, content: Content

    /// A column of the views built by `content`.
    public init(alignment: HorizontalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content) {
        (self.alignment, self.spacing, self.content) = (alignment, spacing, content())
    }

    /// Primitive: drawn as a flex column.
    public var body: Never { primitiveBody(Self.self) }
}

/// Children in a row: `<div class="hstack">`; `align-top`/`align-bottom`, `gap` as for ``VStack``.
public struct HStack<Content: View>: View {
    let alignment: VerticalAlignment, spacing: Double?, content: Content

    /// A row of the views built by `content`.
    public init(alignment: VerticalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content) {
        (self.alignment, self.spacing, self.content) = (alignment, spacing, content())
    }

    /// Primitive: drawn as a flex row.
    public var body: Never { primitiveBody(Self.self) }
}

/// Children layered back to front (later children on top): `<div class="zstack">`.
public struct ZStack<Content: View>: View {
    let content: Content

    /// Layers the views built by `content`.
    public init(@ViewBuilder content: () -> Content) { self.content = content() }

    /// Primitive: drawn as a one-cell grid.
    public var body: Never { primitiveBody(Self.self) }
}

extension VStack: PrimitiveView {
    func render(in renderer: Renderer, _ state: RenderState) {
        renderer.renderStack("vstack", alignment: alignment == .center ? nil : alignment.rawValue, spacing, content, state)
    }
}

extension HStack: PrimitiveView {
    func render(in renderer: Renderer, _ state: RenderState) {
        renderer.renderStack("hstack", alignment: alignment == .center ? nil : alignment.rawValue, spacing, content, state)
    }
}

extension ZStack: PrimitiveView {
    func render(in renderer: Renderer, _ state: RenderState) {
        renderer.renderStack("zstack", alignment: nil, nil, content, state)
    }
}

extension Renderer {
    /// `.vstack`'s and `.hstack`'s `gap` in `Public/playground.css`.
    fileprivate static let stylesheetGap = 8.0

    fileprivate func renderStack<Content: View>(
        _ kind: String, alignment: String?, _ spacing: Double?, _ content: Content, _ state: RenderState
    ) {
        var attributes = ElementAttributes(classes: [kind])
        if let alignment { attributes.classes.append("align-" + alignment) }
        // 8 px is the stylesheet's gap: written, it would cost 16 bytes per stack in every page and patch.
        if let spacing, spacing != Self.stylesheetGap { attributes.styles.append(("gap", CSS.pixels(spacing))) }
        open("div", attributes, state)
        render(content, state.containerChild(.index(0)))
        writer.close()
    }
}
