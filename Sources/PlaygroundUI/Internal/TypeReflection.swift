// The one place the renderer uses private standard library API: the `Reflection` SPI's `_forEachField`. No public
// API lists a struct's fields (names, offsets, declared types) from its type alone, and walking each view with
// `Mirror` on every render instead took 2.7× the instructions per event (BENCHMARKS.md, "The render path's one
// SPI"). `TypeReflectionTests` fails by name when a toolchain changes what this reads.
@_spi(Reflection) import Swift

/// What the renderer needs to know about a type it has no value of: its kind, and a struct's stored fields.
enum TypeReflection {
    /// The kinds of type the renderer tells apart; `other` stands for the rest (foreign classes, runtime-internal kinds).
    enum Kind: Equatable {
        case `struct`, `enum`, optional, `class`, tuple, function, existential, metatype, existentialMetatype, other

        fileprivate init(_ kind: _MetadataKind) {
            switch kind {
            case .struct: self = .struct
            case .enum: self = .enum
            case .optional: self = .optional
            case .class: self = .class
            case .tuple: self = .tuple
            case .function: self = .function
            case .existential: self = .existential
            case .metatype: self = .metatype
            case .existentialMetatype: self = .existentialMetatype
            default: self = .other
            }
        }
    }

    /// One stored field of a struct, in declaration order (the order `Mirror` lists it in).
    struct Field {
        /// The field's name as declared (a property wrapper's storage starts with `_`).
        let name: String
        /// Its byte offset in the struct.
        let offset: Int
        /// Its declared type (an existential field gives the existential, not what it holds).
        let type: Any.Type
        let kind: Kind
    }

    /// The kind of `type`: the kind the walk gives for a field of that type (so no metadata is read here).
    static func kind(of type: Any.Type) -> Kind {
        func kind<T>(_: T.Type) -> Kind {
            var kind = Kind.other
            forEachField(of: Holder<T>.self) { field in
                kind = field.kind
                return false
            }
            return kind
        }
        return _openExistential(type, do: kind)
    }

    /// A struct whose one field is of the type asked about.
    private struct Holder<T> {
        let value: T
    }

    /// Calls `body` with each stored field of the struct `type` until it returns false; false if it did, or if the
    /// runtime could not list them.
    @discardableResult
    static func forEachField(of type: Any.Type, _ body: (Field) -> Bool) -> Bool {
        _forEachField(of: type) { name, offset, fieldType, kind in
            body(Field(name: String(cString: name), offset: offset, type: fieldType, kind: Kind(kind)))
        }
    }
}
