/// How the trace and the stages name an action: its own `description` if it has one, else its case and values,
/// a lone struct's or tuple's fields spelled out (`add`, `random(count: 3, length: 2)`, `search("alien")`), so a
/// sample need not write the obvious one.
enum ActionText {
    static func of(_ action: Any) -> String {
        if let described = action as? any CustomStringConvertible { return described.description }
        let mirror = Mirror(reflecting: action)
        guard mirror.displayStyle == .enum, let payload = mirror.children.first, let name = payload.label else { return String(describing: action) }
        return "\(name)(\(fields(of: payload.value)))"
    }

    private static func fields(of payload: Any) -> String {
        let mirror = Mirror(reflecting: payload)
        guard mirror.displayStyle == .tuple || mirror.displayStyle == .struct else { return value(payload) }
        return mirror.children.map { child in
            guard let label = child.label, !label.hasPrefix(".") else { return value(child.value) }
            return "\(label): \(value(child.value))"
        }.joined(separator: ", ")
    }

    private static func value(_ value: Any) -> String {
        if let text = value as? String { return "\"\(text)\"" }
        return String(describing: value)
    }
}
