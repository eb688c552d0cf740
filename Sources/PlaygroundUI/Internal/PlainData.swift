/// Whether values of a type are plain data: equal bits mean equal values, and nothing reachable from a value can
/// change behind it (no class instances, closures or existentials, which could read mutable state elsewhere).
/// A ``SendOnlyObject`` counts as plain data compared by identity: nothing in it shows in a view's output.
///
/// Trivial types, strings and the standard collections, optionals and structs of plain data qualify; enums with
/// payloads that are not trivial do not, because their payload types cannot be listed. A view made of plain data
/// (plus tracked state) renders the same output from the same value, which is what lets the renderer skip it.
enum PlainData {
    /// Answers for one type, remembering the structs it walked.
    static func isPlain(_ type: Any.Type) -> Bool {
        var known: [ObjectIdentifier: Bool] = [:]
        return isPlain(type, &known)
    }

    private static func isPlain(_ type: Any.Type, _ known: inout [ObjectIdentifier: Bool]) -> Bool {
        if let answer = known[ObjectIdentifier(type)] { return answer }
        known[ObjectIdentifier(type)] = false  // a type that contains itself (through a collection) is not settled
        let answer = decide(type, &known)
        known[ObjectIdentifier(type)] = answer
        return answer
    }

    private static func decide(_ type: Any.Type, _ known: inout [ObjectIdentifier: Bool]) -> Bool {
        if isTrivial(type) || type == String.self || type == Substring.self || type == Character.self { return true }
        if type is any SendOnlyObject.Type { return true }
        if let container = type as? any PlainDataContainer.Type {
            return container.elementTypes.allSatisfy { isPlain($0, &known) }
        }
        guard TypeReflection.kind(of: type) == .struct, !(type is any CustomReflectable.Type) else { return false }
        var plain = true
        let walked = TypeReflection.forEachField(of: type) { field in
            plain = isPlain(field.type, &known)
            return plain
        }
        return walked && plain
    }

    /// No references at all: copying is copying bytes.
    private static func isTrivial(_ type: Any.Type) -> Bool {
        func check<T>(_: T.Type) -> Bool { _isPOD(T.self) }
        return _openExistential(type, do: check)
    }

    /// The size of a value of `type`.
    static func size(of type: Any.Type) -> Int {
        func size<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
        return _openExistential(type, do: size)
    }

    /// Whether two values of whatever types are the same: the same class instance, equal bits of a trivial
    /// value, or equal by `Equatable`. Anything else (closures, other existentials) counts as different.
    static func isIdentical(_ a: Any, _ b: Any) -> Bool {
        let type = Swift.type(of: a)  // the dynamic type, also through an existential inside the `Any`
        guard type == Swift.type(of: b) else { return false }
        func compare<T>(_: T.Type) -> Bool {
            guard let a = a as? T, let b = b as? T else { return false }
            if isComparedByBits(T.self) { return bitsEqual(a, b) }
            if let a = a as? any OptionalValue, let b = b as? any OptionalValue {
                switch (a.wrappedValue, b.wrappedValue) {
                case (nil, nil): return true
                case (let a?, let b?): return isIdentical(a, b)
                default: return false
                }
            }
            if let a = a as? any Equatable { return equal(a, b) }
            return false
        }
        return _openExistential(type, do: compare)
    }

    /// ``isIdentical(_:_:)`` for two values of a type known here: no boxing for trivial values and objects.
    static func isIdentical<T>(_ a: T, _ b: T) -> Bool {
        if isComparedByBits(T.self) { return bitsEqual(a, b) }
        return isIdentical(a as Any, b as Any)
    }

    /// Trivial values, and class references (the same bits are the same instance; `as AnyObject` would box).
    private static func isComparedByBits<T>(_ type: T.Type) -> Bool {
        _isPOD(type) || type is AnyClass
    }

    private static func equal<E: Equatable>(_ a: E, _ b: Any) -> Bool {
        guard let b = b as? E else { return false }
        return a == b
    }

    private static func bitsEqual<T>(_ a: T, _ b: T) -> Bool {
        withUnsafeBytes(of: a) { a in withUnsafeBytes(of: b) { b in a.elementsEqual(b) } }
    }
}

/// An optional seen through `Any`, for comparing what it wraps.
private protocol OptionalValue {
    var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
    fileprivate var wrappedValue: Any? { self.map { $0 } }
}

/// A standard collection or optional: plain data when its element types are.
private protocol PlainDataContainer {
    static var elementTypes: [Any.Type] { get }
}

extension Optional: PlainDataContainer {
    fileprivate static var elementTypes: [Any.Type] { [Wrapped.self] }
}

extension Array: PlainDataContainer {
    fileprivate static var elementTypes: [Any.Type] { [Element.self] }
}

extension ContiguousArray: PlainDataContainer {
    fileprivate static var elementTypes: [Any.Type] { [Element.self] }
}

extension ArraySlice: PlainDataContainer {
    fileprivate static var elementTypes: [Any.Type] { [Element.self] }
}

extension Set: PlainDataContainer {
    fileprivate static var elementTypes: [Any.Type] { [Element.self] }
}

extension Dictionary: PlainDataContainer {
    fileprivate static var elementTypes: [Any.Type] { [Key.self, Value.self] }
}
