import Synchronization

/// Finds a view's dynamic properties (nested ones included, in declaration order) and links each to its own
/// slot of the view's position, exactly as a `Mirror` walk of the view would.
///
/// The walk depends on the view's type only, except where a field's value could be a dynamic property that
/// its type does not show (an optional, an existential, a subclass instance). So it is done once per type, by
/// the field layout (``Layout``), and each render links the properties in place, without `Mirror`, boxing or
/// casts. A type the layout cannot settle (class or enum views, `CustomReflectable`, optional or existential
/// fields) is walked with `Mirror` on every render, as is a view whose class field holds a dynamic property.
enum DynamicPropertyLinker {
    /// How to link the dynamic properties of one view type.
    enum Layout {
        /// No dynamic properties: nothing to link and no position to make.
        case none
        /// The properties, and the class fields whose objects might be properties, by offset in the view.
        case fields(properties: [Property], references: [Reference])
        /// Only a `Mirror` walk of each value can tell.
        case mirror

        init(of type: Any.Type) {
            guard TypeReflection.kind(of: type) == .struct, !(type is any CustomReflectable.Type) else {
                self = .mirror
                return
            }
            var properties: [Property] = []
            var references: [Reference] = []
            guard Self.collect(type, at: 0, &properties, &references) else {
                self = .mirror
                return
            }
            self = properties.isEmpty && references.isEmpty ? .none : .fields(properties: properties, references: references)
        }

        /// Appends the fields of the struct `type` (stored at `base`) in `Mirror` order; false if unsure.
        private static func collect(_ type: Any.Type, at base: Int, _ properties: inout [Property], _ references: inout [Reference]) -> Bool {
            var settled = true
            TypeReflection.forEachField(of: type) { field in
                let offset = base + field.offset
                if let property = field.type as? any DynamicProperty.Type {
                    // The walk recurses into the property's own fields: only a struct's are fixed by its type.
                    guard field.kind == .struct, !(field.type is any CustomReflectable.Type) else {
                        settled = false
                        return false
                    }
                    let label = String(field.name.trimmingPrefix("_"))
                    properties.append(Property(offset: offset, type: property, label: label))
                    settled = collect(field.type, at: offset, &properties, &references)
                    return settled
                }
                // A modifier's own properties belong to the position it is applied at (``ModifiedView``).
                if field.type is any ViewModifier.Type, field.kind == .struct, !(field.type is any CustomReflectable.Type) {
                    settled = collect(field.type, at: offset, &properties, &references)
                    return settled
                }
                switch Self.kind(of: field.type, field.kind) {
                case .inert: return true
                case .reference:
                    references.append(Reference(offset: offset, declared: field.type))
                    return true
                case .unsettled:
                    settled = false
                    return false
                }
            }
            return settled
        }

        private enum FieldKind { case inert, reference, unsettled }

        /// Whether a field of a type that is not a dynamic property can still hold one.
        private static func kind(of type: Any.Type, _ kind: TypeReflection.Kind) -> FieldKind {
            switch kind {
            case .struct, .enum, .tuple, .function, .metatype, .existentialMetatype: .inert
            case .class: .reference
            case .optional:
                // `Optional<State<Int>>.some` casts to a dynamic property; an optional of an inert type never does
                // (weak references are optionals of classes, so they stay unsettled too).
                if let wrapped = (type as? any OptionalType.Type)?.wrappedType, wrapped as? any DynamicProperty.Type == nil,
                    self.kind(of: wrapped, TypeReflection.kind(of: wrapped)) == .inert
                {
                    .inert
                } else {
                    .unsettled
                }
            case .existential, .other: .unsettled
            }
        }
    }

    /// A dynamic property at `offset` in the view; the n-th property of a layout takes slot n.
    struct Property {
        let offset: Int
        let type: any DynamicProperty.Type
        let label: String
    }

    /// A class field: its value is a dynamic property only if it is an instance of a subclass that is one
    /// (a `KeyPath` field, say, usually holds a `WritableKeyPath`).
    final class Reference: Sendable {
        let offset: Int
        /// The classes seen in this field that are not dynamic properties, starting with the declared one. Behind a
        /// lock: a type's layout is shared by every room (``ViewTypeInfo``), and rooms render on threads of their own.
        private let inertClasses: Mutex<[ObjectIdentifier]>

        init(offset: Int, declared: Any.Type) {
            self.offset = offset
            inertClasses = Mutex([ObjectIdentifier(declared)])
        }

        /// Whether the field at `offset` in `view` holds an object that is not a dynamic property.
        func isInert(in view: UnsafeRawPointer) -> Bool {
            // The field is a strong or unowned reference to a native object: one pointer, its class read without a retain.
            let type: AnyClass = view.load(fromByteOffset: offset, as: Unmanaged<AnyObject>.self)._withUnsafeGuaranteedRef {
                Swift.type(of: $0)
            }
            let id = ObjectIdentifier(type)
            if inertClasses.withLock({ $0.contains(id) }) { return true }
            guard !(type is any DynamicProperty.Type) else { return false }
            inertClasses.withLock { if !$0.contains(id) { $0.append(id) } }
            return true
        }
    }

    static func link<V: View>(_ view: V, _ layout: Layout, at path: ViewPath, environment: EnvironmentValues, store: PositionStore) {
        switch layout {
        case .none:
            return
        case .fields(let properties, let references):
            let linked = withUnsafePointer(to: view) { pointer -> Bool in
                let base = UnsafeRawPointer(pointer)
                for reference in references where !reference.isInert(in: base) { return false }
                guard !properties.isEmpty else { return true }
                let position = store.position(at: path, viewType: V.self)
                for (index, property) in properties.enumerated() {
                    let slot = DynamicPropertySlot(environment: environment, position: position, index: index, label: property.label)
                    property.type.linkStored(at: base + property.offset, to: slot)
                }
                return true
            }
            if !linked { linkByMirror(view, at: path, environment: environment, store: store) }
        case .mirror:
            linkByMirror(view, at: path, environment: environment, store: store)
        }
    }

    /// The walk every layout stands for: `Mirror` over the value, recursing into each dynamic property.
    static func linkByMirror<V: View>(_ view: V, at path: ViewPath, environment: EnvironmentValues, store: PositionStore) {
        var position: Position?
        var index = 0
        func visit(_ value: Any) {
            for child in Mirror(reflecting: value).children {
                if child.value is any ViewModifier, !(child.value is any DynamicProperty) {
                    visit(child.value)
                    continue
                }
                guard let property = child.value as? any DynamicProperty else { continue }
                let owner = position ?? store.position(at: path, viewType: V.self)
                position = owner
                let label = String((child.label ?? "property").trimmingPrefix("_"))
                property.link(to: DynamicPropertySlot(environment: environment, position: owner, index: index, label: label))
                index += 1
                visit(property)
            }
        }
        visit(view)
    }
}

extension DynamicProperty {
    /// Links the property of this type stored at `address` (inside a view being rendered).
    fileprivate static func linkStored(at address: UnsafeRawPointer, to slot: DynamicPropertySlot) {
        address.assumingMemoryBound(to: Self.self).pointee.link(to: slot)
    }
}

/// Lets the layout see through `Optional` fields.
private protocol OptionalType {
    static var wrappedType: Any.Type { get }
}

extension Optional: OptionalType {
    fileprivate static var wrappedType: Any.Type { Wrapped.self }
}
