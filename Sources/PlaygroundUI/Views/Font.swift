/// A text style; drawn as the class `font-{name}` (e.g. `font-largeTitle`), inherited like SwiftUI's font.
public struct Font: Sendable, Hashable {
    let name: String

    /// 34 pt on iOS.
    public static let largeTitle = Font(name: "largeTitle")
    /// 28 pt.
    public static let title = Font(name: "title")
    /// 22 pt.
    public static let title2 = Font(name: "title2")
    /// 20 pt.
    public static let title3 = Font(name: "title3")
    /// 17 pt semibold.
    public static let headline = Font(name: "headline")
    /// 15 pt.
    public static let subheadline = Font(name: "subheadline")
    /// 17 pt.
    public static let body = Font(name: "body")
    /// 16 pt.
    public static let callout = Font(name: "callout")
    /// 13 pt.
    public static let footnote = Font(name: "footnote")
    /// 12 pt.
    public static let caption = Font(name: "caption")
    /// 11 pt.
    public static let caption2 = Font(name: "caption2")
}
