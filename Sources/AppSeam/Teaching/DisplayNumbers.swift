/// Locale-free number text for the views, so the HTML is the same on every machine.
public enum DisplayNumbers {
    /// `123456` → `123,456`.
    public static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return value < 0 ? "-" + out : out
    }

    /// One decimal: `8.46` → `8.5`, `7` → `7.0`; not finite → `0.0`.
    public static func oneDecimal(_ value: Double) -> String {
        guard value.isFinite else { return "0.0" }
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        return "\(sign)\(tenths.magnitude / 10).\(tenths.magnitude % 10)"
    }

    /// A rate 0…1 as short text for forms and labels: `0`, `0.5`, `1`, `0.25`.
    public static func rate(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }

    /// A rate 0…1 as a whole percentage: `0.5` → `50`.
    public static func percent(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        return String(Int((value * 100).rounded()))
    }
}
