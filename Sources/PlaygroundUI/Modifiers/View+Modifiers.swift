import OpenCombine

extension View {
    /// Text style for this view and the text inside it (class `font-{name}`).
    public func font(_ font: Font) -> some View {
        StyledView(content: self, attributes: ElementAttributes(classes: ["font-" + font.name]))
    }

    /// Text colour for this view and the text inside it (`style="color:…"`); `nil` leaves it unchanged.
    public func foregroundColor(_ color: Color?) -> some View {
        var attributes = ElementAttributes()
        if let color { attributes.styles.append(("color", color.cssValue)) }
        return StyledView(content: self, attributes: attributes)
    }

    /// Same as ``foregroundColor(_:)`` for a colour.
    public func foregroundStyle(_ color: Color) -> some View { foregroundColor(color) }

    /// Bold text (class `bold`).
    public func bold() -> some View {
        StyledView(content: self, attributes: ElementAttributes(classes: ["bold"]))
    }

    /// The platform's default padding (class `padding`).
    public func padding() -> some View {
        StyledView(content: self, attributes: ElementAttributes(classes: ["padding"]))
    }

    /// Padding of `length` points on every edge (`style="padding:Npx"`).
    public func padding(_ length: Double) -> some View {
        StyledView(content: self, attributes: ElementAttributes(styles: [("padding", CSS.pixels(length))]))
    }

    /// A colour behind this view (`style="background-color:…"`; it covers the view's padding too).
    public func background(_ color: Color) -> some View {
        StyledView(content: self, attributes: ElementAttributes(styles: [("background-color", color.cssValue)]))
    }

    /// A fixed size in points (`style="width:Npx;height:Npx"`).
    public func frame(width: Double? = nil, height: Double? = nil) -> some View {
        var styles: [(property: StaticString, value: String)] = []
        if let width { styles.append(("width", CSS.pixels(width))) }
        if let height { styles.append(("height", CSS.pixels(height))) }
        return StyledView(content: self, attributes: ElementAttributes(styles: styles))
    }

    /// A maximum size; `.infinity` fills the container (`width:100%`), a number caps it (`max-width:Npx`).
    public func frame(maxWidth: Double? = nil, maxHeight: Double? = nil) -> some View {
        var styles: [(property: StaticString, value: String)] = []
        if let maxWidth { styles.append(maxWidth.isInfinite ? ("width", "100%") : ("max-width", CSS.pixels(maxWidth))) }
        if let maxHeight { styles.append(maxHeight.isInfinite ? ("height", "100%") : ("max-height", CSS.pixels(maxHeight))) }
        return StyledView(content: self, attributes: ElementAttributes(styles: styles))
    }

    /// No safe area on the web: returns the view unchanged.
    public func ignoresSafeArea() -> Self { self }

    /// Sets an environment value for this view and everything inside it.
    public func environment<Value>(_ keyPath: WritableKeyPath<EnvironmentValues, Value>, _ value: Value) -> some View {
        EnvironmentWriter(content: self, keyPath: keyPath, value: value)
    }

    /// The style of the buttons inside this view.
    public func buttonStyle(_ style: ButtonStyle) -> some View {
        environment(\.buttonStyle, style)
    }

    /// The style of the tab views inside this view.
    public func tabViewStyle(_ style: some TabViewStyle) -> some View {
        EnvironmentWriter(content: self, keyPath: \.tabViewStyle, value: style as any TabViewStyle)
    }

    /// The value a ``TabView`` selects this tab by (use it as the tab's outermost modifier).
    public func tag<Tag: Hashable>(_ tag: Tag) -> some View {
        TagView(content: self, tag: tag)
    }

    /// An explicit identity, also written as the element's HTML `id` (the playground's fragment id).
    public func id<ID: Hashable>(_ id: ID) -> some View {
        IDView(content: self, id: id)
    }

    /// Calls `action` with each value `publisher` emits while this view's position is in the tree.
    ///
    /// ```swift
    /// .onReceive($action) { newAction in … }
    /// ```
    public func onReceive<P: Publisher>(
        _ publisher: P, perform action: @escaping (P.Output) -> Void
    ) -> some View where P.Failure == Never {
        OnReceiveView(content: self, publisher: publisher, action: action)
    }
}
