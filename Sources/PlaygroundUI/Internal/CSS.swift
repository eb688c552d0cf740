/// Deterministic CSS value formatting.
enum CSS {
    /// `16` for whole numbers, `12.5` otherwise.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }

    /// `16px`.
    static func pixels(_ value: Double) -> String { number(value) + "px" }
}
