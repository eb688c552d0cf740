import Testing
@testable import PlaygroundUI

/// Pins what ``TypeReflection`` reads through the standard library's `Reflection` SPI to public facts
/// (`MemoryLayout.offset(of:)`, `Mirror`, declared types): a toolchain that changes it fails here by name, instead of
/// the renderer silently falling back to `Mirror` on every render, skipping nothing, or linking the wrong bytes.
@Suite struct TypeReflectionTests {
    protocol Marker {}
    final class Object: Marker {}
    enum Choice { case a, b(Int) }

    struct Inner: Equatable {
        var flag = false
        var count: Int16 = 3
    }

    struct Mixed {
        var byte: UInt8 = 1
        var number = 2.5
        var text = "t"
        var inner = Inner()
        var maybe: Int? = nil
        var object = Object()
        weak var weakObject: Object?
        var erased: any Marker = Object()
        var anything: Any = 1
        var closure: () -> Void = {}
        var tuple = (1, true)
        var choice = Choice.a
        var type: Int.Type = Int.self
        var anyType: Any.Type = Int.self
        @State var state = 4
    }

    struct Generic<Value> {
        var first: Value
        var second: [Value]
    }

    struct Empty {}

    @Test func kindsAreReadAsDeclared() {
        #expect(TypeReflection.kind(of: Mixed.self) == .struct)
        #expect(TypeReflection.kind(of: Generic<String>.self) == .struct)
        #expect(TypeReflection.kind(of: Int.self) == .struct)
        #expect(TypeReflection.kind(of: String.self) == .struct)
        #expect(TypeReflection.kind(of: Choice.self) == .enum)
        #expect(TypeReflection.kind(of: Int?.self) == .optional)
        #expect(TypeReflection.kind(of: Object.self) == .class)
        #expect(TypeReflection.kind(of: (Int, Bool).self) == .tuple)
        #expect(TypeReflection.kind(of: (() -> Void).self) == .function)
        #expect(TypeReflection.kind(of: (any Marker).self) == .existential)
        #expect(TypeReflection.kind(of: Any.self) == .existential)
        #expect(TypeReflection.kind(of: Int.Type.self) == .metatype)
        #expect(TypeReflection.kind(of: Any.Type.self) == .existentialMetatype)
    }

    @Test func aStructsFieldsAreListedInDeclarationOrderAtTheirOffsets() throws {
        var fields: [TypeReflection.Field] = []
        let walked = TypeReflection.forEachField(of: Mixed.self) { field in
            fields.append(field)
            return true
        }
        #expect(walked)
        // The names `Mirror` gives, in its order (a weak field reads as an optional through it).
        #expect(fields.map(\.name) == Mirror(reflecting: Mixed()).children.map { $0.label ?? "?" })
        let expected: [(offset: Int?, type: Any.Type, kind: TypeReflection.Kind)] = [
            (MemoryLayout<Mixed>.offset(of: \.byte), UInt8.self, .struct),
            (MemoryLayout<Mixed>.offset(of: \.number), Double.self, .struct),
            (MemoryLayout<Mixed>.offset(of: \.text), String.self, .struct),
            (MemoryLayout<Mixed>.offset(of: \.inner), Inner.self, .struct),
            (MemoryLayout<Mixed>.offset(of: \.maybe), Int?.self, .optional),
            (MemoryLayout<Mixed>.offset(of: \.object), Object.self, .class),
            (MemoryLayout<Mixed>.offset(of: \.object)! + MemoryLayout<Object>.size, Object?.self, .optional),
            (MemoryLayout<Mixed>.offset(of: \.erased), (any Marker).self, .existential),
            (MemoryLayout<Mixed>.offset(of: \.anything), Any.self, .existential),
            (MemoryLayout<Mixed>.offset(of: \.anything)! + MemoryLayout<Any>.size, (() -> Void).self, .function),
            (MemoryLayout<Mixed>.offset(of: \.tuple), (Int, Bool).self, .tuple),
            (MemoryLayout<Mixed>.offset(of: \.choice), Choice.self, .enum),
            (nil, Int.Type.self, .metatype),  // a field of a thin metatype stores no bytes
            (MemoryLayout<Mixed>.offset(of: \.anyType), Any.Type.self, .existentialMetatype),
            (MemoryLayout<Mixed>.offset(of: \.anyType)! + MemoryLayout<Any.Type>.size, State<Int>.self, .struct),
        ]
        try #require(fields.count == expected.count)
        for (field, expected) in zip(fields, expected) {
            if let offset = expected.offset { #expect(field.offset == offset, "offset of \(field.name)") }
            #expect(ObjectIdentifier(field.type) == ObjectIdentifier(expected.type), "type of \(field.name): \(field.type)")
            #expect(field.kind == expected.kind, "kind of \(field.name)")
        }
    }

    @Test func aGenericStructsFieldsAreItsArguments() {
        var fields: [TypeReflection.Field] = []
        #expect(
            TypeReflection.forEachField(of: Generic<Inner>.self) { field in
                fields.append(field)
                return true
            })
        #expect(fields.map(\.name) == ["first", "second"])
        #expect(fields.map(\.offset) == [MemoryLayout<Generic<Inner>>.offset(of: \.first), MemoryLayout<Generic<Inner>>.offset(of: \.second)])
        #expect(fields.map { ObjectIdentifier($0.type) } == [ObjectIdentifier(Inner.self), ObjectIdentifier([Inner].self)])
    }

    @Test func theWalkStopsWhenAskedAndNothingIsListedForAnEmptyStruct() {
        var seen = 0
        let walked = TypeReflection.forEachField(of: Mixed.self) { _ in
            seen += 1
            return seen < 3
        }
        #expect(!walked)
        #expect(seen == 3)
        #expect(
            TypeReflection.forEachField(of: Empty.self) { field in
                Issue.record("an empty struct has no field \(field.name)")
                return true
            })
    }

    /// The renderer's per-type answers rest on the walk: were it to list nothing, they would silently change.
    @Test func theRenderersPerTypeAnswersUseTheWalk() {
        struct Counter: View {
            var _count = State(wrappedValue: 0)  // what `@State var count = 0` stores, readable by a key path here
            var count: Int { _count.wrappedValue }
            let step: Int
            var body: some View { Text("\(count)") }
        }
        guard case .fields(let properties, let references) = DynamicPropertyLinker.Layout(of: Counter.self) else {
            Issue.record("Counter's properties are not linked by offset")
            return
        }
        #expect(properties.map(\.offset) == [MemoryLayout<Counter>.offset(of: \._count)] && properties.map(\.label) == ["count"])
        #expect(references.map(\.offset) == [MemoryLayout<Counter>.offset(of: \._count)])  // the state's own object field
        #expect(MemoLayout(of: Counter.self)?.compared == [MemoryLayout<Counter>.offset(of: \.step)!..<MemoryLayout<Counter>.size])
        #expect(PlainData.isPlain(Inner.self) && PlainData.isPlain([Inner?].self) && !PlainData.isPlain(Mixed.self))
    }
}
