private struct ButtonStyleKey: EnvironmentKey {
    static var defaultValue: ButtonStyle { .automatic }
}

private struct TabViewStyleKey: EnvironmentKey {
    static var defaultValue: any TabViewStyle { DefaultTabViewStyle() }
}

extension EnvironmentValues {
    /// The style of buttons below (set with `.buttonStyle(_:)`).
    public var buttonStyle: ButtonStyle {
        get { self[ButtonStyleKey.self] }
        set { self[ButtonStyleKey.self] = newValue }
    }

    /// The style of tab views below (set with `.tabViewStyle(_:)`).
    public var tabViewStyle: any TabViewStyle {
        get { self[TabViewStyleKey.self] }
        set { self[TabViewStyleKey.self] = newValue }
    }
}
