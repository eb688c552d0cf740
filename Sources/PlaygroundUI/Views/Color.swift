/// An sRGB colour. As a view it fills its space: `<div class="color" style="background-color:#rrggbb"></div>`.
public struct Color: View, Hashable, Sendable, CustomStringConvertible {
    /// Red, green, blue and opacity, each 0…1.
    public let red: Double, green: Double, blue: Double, opacity: Double
    private let name: String?

    /// A colour from components in 0…1 (values outside are clamped when drawn).
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self.init(red: red, green: green, blue: blue, opacity: opacity, name: nil)
    }

    private init(red: Double, green: Double, blue: Double, opacity: Double = 1, name: String?) {
        (self.red, self.green, self.blue, self.opacity, self.name) = (red, green, blue, opacity, name)
    }

    private static func named(_ name: String, _ hex: UInt32, opacity: Double = 1) -> Color {
        let channel = { (shift: UInt32) in Double((hex >> shift) & 0xFF) / 255 }
        return Color(red: channel(16), green: channel(8), blue: channel(0), opacity: opacity, name: name)
    }

    // The system colours are Apple's accessible (Increase Contrast) light-mode values: text in them on white, and
    // white text on them, meets WCAG AA (SwiftUI's default values do not: white on its teal is 2.6:1).

    /// System teal.
    public static let teal = named("teal", 0x008299)
    /// White.
    public static let white = named("white", 0xFFFFFF)
    /// Black.
    public static let black = named("black", 0x000000)
    /// Fully transparent.
    public static let clear = named("clear", 0x000000, opacity: 0)
    /// System red.
    public static let red = named("red", 0xD70015)
    /// System orange.
    public static let orange = named("orange", 0xC93400)
    /// System yellow.
    public static let yellow = named("yellow", 0xB25000)
    /// System green.
    public static let green = named("green", 0x248A3D)
    /// System blue.
    public static let blue = named("blue", 0x0040DD)
    /// System purple.
    public static let purple = named("purple", 0x8944AB)
    /// System gray.
    public static let gray = named("gray", 0x6C6C70)

    /// `#rrggbb` (opacity ignored), e.g. for JSON snapshots.
    public var hex: String {
        String(unsafeUninitializedCapacity: 7) { buffer in
            let digits: StaticString = "0123456789abcdef"
            func write(_ component: Double, at index: Int) {
                let byte = Int((min(max(component, 0), 1) * 255).rounded())
                buffer[index] = digits.utf8Start[byte >> 4]
                buffer[index + 1] = digits.utf8Start[byte & 0xF]
            }
            buffer[0] = UInt8(ascii: "#")
            write(red, at: 1)
            write(green, at: 3)
            write(blue, at: 5)
            return 7
        }
    }

    /// The CSS value: `#rrggbb`, `transparent`, or `rgba(…)` when partly transparent.
    var cssValue: String {
        if opacity <= 0 { return "transparent" }
        if opacity >= 1 { return hex }
        let bytes = [red, green, blue].map { String(Int((min(max($0, 0), 1) * 255).rounded())) }
        return "rgba(\(bytes.joined(separator: ",")),\(CSS.number(min(opacity, 1))))"
    }

    /// The system name (`teal`) or `#rrggbb`.
    public var description: String { name ?? hex }

    /// Primitive: drawn as a filled block.
    public var body: Never { primitiveBody(Self.self) }
}

extension Color: PrimitiveView {
    func render(in renderer: Renderer, _ state: RenderState) {
        renderer.open("div", ElementAttributes(classes: ["color"], styles: [("background-color", cssValue)]), state)
        renderer.writer.close()
    }
}

/// As a checkpoint keeps it: its components (a named colour comes back unnamed, drawn the same).
extension Color: Codable {
    private enum CodingKeys: String, CodingKey { case red, green, blue, opacity }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            red: try container.decode(Double.self, forKey: .red), green: try container.decode(Double.self, forKey: .green),
            blue: try container.decode(Double.self, forKey: .blue), opacity: try container.decode(Double.self, forKey: .opacity))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(red, forKey: .red)
        try container.encode(green, forKey: .green)
        try container.encode(blue, forKey: .blue)
        try container.encode(opacity, forKey: .opacity)
    }
}
