/// Tabs chosen by `selection` and each child's `.tag(_:)`. On the web every tab is drawn, side by side:
/// `<div class="tabview tabview-page">` holding one `<div class="tab" data-tag="…">` per child, the selected
/// one with `tab-selected` (the page may scroll it into view).
public struct TabView<SelectionValue: Hashable, Content: View>: View {
    let selection: Binding<SelectionValue>?
    let content: Content

    /// Tabs whose selected tag is `selection`.
    public init(selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        (self.selection, self.content) = (selection, content())
    }

    /// Primitive: drawn as a row of tabs.
    public var body: Never { primitiveBody(Self.self) }
}

extension TabView where SelectionValue == Int {
    /// Tabs without a selection.
    public init(@ViewBuilder content: () -> Content) {
        (self.selection, self.content) = (nil, content())
    }
}

extension TabView: PrimitiveView {
    func render(in renderer: Renderer, _ state: RenderState) {
        let style = state.environment.tabViewStyle is PageTabViewStyle ? "tabview-page" : "tabview-automatic"
        renderer.open("div", ElementAttributes(classes: ["tabview", style]), state)
        let selected = selection.map { AnyHashable($0.wrappedValue) }
        renderer.render(content, state.containerChild(.index(0), item: .tab(selection: selected)))
        renderer.writer.close()
    }
}

/// How a ``TabView`` presents its tabs.
public protocol TabViewStyle {}

/// Swipeable pages (`tabview-page`).
public struct PageTabViewStyle: TabViewStyle {
    /// Makes the page style.
    public init() {}
}

/// The platform's tab bar (`tabview-automatic`).
public struct DefaultTabViewStyle: TabViewStyle {
    /// Makes the default style.
    public init() {}
}

extension TabViewStyle where Self == PageTabViewStyle {
    /// Swipeable pages.
    public static var page: PageTabViewStyle { PageTabViewStyle() }
}

extension TabViewStyle where Self == DefaultTabViewStyle {
    /// The platform's tab bar.
    public static var automatic: DefaultTabViewStyle { DefaultTabViewStyle() }
}
