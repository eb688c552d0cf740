/// A dynamic property whose every change the renderer sees, so a view holding it can be skipped while it is
/// unchanged: ``State`` reports each write to its position; ``Environment`` reads what the memo compares.
/// Properties of other kinds (runtime wrappers, `@StateObject`) make their view, and its ancestors, render
/// every time.
protocol RenderTrackedProperty {
    /// False when the value could change without a write the renderer sees (it is not plain data).
    static var isRenderTracked: Bool { get }
}

extension State: RenderTrackedProperty {
    static var isRenderTracked: Bool { PlainData.isPlain(Value.self) }
}

extension Environment: RenderTrackedProperty {
    static var isRenderTracked: Bool { PlainData.isPlain(Value.self) }
}

/// Which bytes of a custom view's value decide its output, for the view types the renderer may skip: the view
/// is a struct whose fields are plain data (``PlainData``) or tracked dynamic properties (``RenderTrackedProperty``).
/// The properties' bytes are left out: a re-created view holds new property objects, linked to the same storage.
struct MemoLayout {
    /// The byte ranges compared between one render's value and the next, in order.
    let compared: [Range<Int>]
    let size: Int

    /// The layout for `type`, or `nil` when its value does not settle its output.
    init?(of type: Any.Type) {
        guard TypeReflection.kind(of: type) == .struct, !(type is any CustomReflectable.Type) else { return nil }
        var compared: [Range<Int>] = []
        var settled = true
        let walked = TypeReflection.forEachField(of: type) { field in
            if field.type is any DynamicProperty.Type {
                settled = field.kind == .struct && (field.type as? any RenderTrackedProperty.Type)?.isRenderTracked == true
                return settled
            }
            guard PlainData.isPlain(field.type) else {
                settled = false
                return false
            }
            let range = field.offset..<(field.offset + PlainData.size(of: field.type))
            if let last = compared.last, last.upperBound == range.lowerBound {
                compared[compared.count - 1] = last.lowerBound..<range.upperBound
            } else if !range.isEmpty {
                compared.append(range)
            }
            return true
        }
        guard walked, settled else { return nil }
        self.compared = compared
        size = PlainData.size(of: type)
    }
}

/// What the last render of a skippable custom view drew, and everything that render depended on: the view's
/// value, its pending attributes, environment and render context, and whether it was drawn inside a fragment.
/// When all of these are the same and no state in the subtree changed since (``ViewPath/hasChanged(since:)``), the
/// renderer copies the output instead of evaluating `body` again — SwiftUI's rule for re-evaluating a view.
final class RenderMemo {
    let viewType: Any.Type
    private let layout: MemoLayout
    /// A copy of the view value (it keeps the objects its bytes point at alive, so equal bits mean the same value).
    private let value: UnsafeMutableRawPointer
    /// The change count when the recorded render began: a later change in the subtree invalidates it.
    var stamp = 0
    var pending = ElementAttributes.none
    var environment = EnvironmentValues()
    /// The context drawn with: forms write its URLs and hidden fields, so any change to it redraws them.
    var context = RenderContext(formAction: "")
    var insideFragment = false
    /// The HTML written, and the nodes collected (``HTMLWriter/record(from:firstFragment:into:)``), relative to its start.
    var bytes: [UInt8] = []
    var nodes: [FragmentNode] = []
    /// The positions reached, in render order, and the number of paths reached below the view's own.
    var positions: [Position] = []
    /// The controls drawn, in render order.
    var controls: [PositionStore.Control] = []
    var nodeCount = 0
    /// The render pass (modulo 2³²) that drew this output again, so its paths were not visited (``ViewPath/prune()``
    /// keeps them): kept here, not in every path.
    var reusedPass: Int32 = -1

    init<V: View>(_ view: V, layout: MemoLayout) {
        viewType = V.self
        self.layout = layout
        value = .allocate(byteCount: MemoryLayout<V>.size, alignment: MemoryLayout<V>.alignment)
        value.initializeMemory(as: V.self, to: view)
    }

    deinit {
        func destroy<V>(_: V.Type) { value.assumingMemoryBound(to: V.self).deinitialize(count: 1) }
        _openExistential(viewType, do: destroy)
        value.deallocate()
    }

    /// Keeps `view` in place of the recorded value.
    func replaceValue<V: View>(with view: V) {
        value.assumingMemoryBound(to: V.self).pointee = view
    }

    /// Whether `view`'s compared bytes equal the recorded value's.
    func hasSameValue<V: View>(as view: V) -> Bool {
        withUnsafeBytes(of: view) { bytes in
            layout.compared.allSatisfy { range in
                sameBytes(bytes.baseAddress! + range.lowerBound, value + range.lowerBound, range.count)
            }
        }
    }
}

/// Whether `count` bytes at `a` and `b` are equal (a view's fields are a few words: no `memcmp` call needed).
private func sameBytes(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int) -> Bool {
    var index = 0
    while index + 8 <= count {
        if a.loadUnaligned(fromByteOffset: index, as: UInt64.self) != b.loadUnaligned(fromByteOffset: index, as: UInt64.self) {
            return false
        }
        index += 8
    }
    while index < count {
        if a.load(fromByteOffset: index, as: UInt8.self) != b.load(fromByteOffset: index, as: UInt8.self) { return false }
        index += 1
    }
    return true
}

extension ElementAttributes {
    /// Whether these attributes write the same HTML as `other`.
    func isSame(as other: ElementAttributes) -> Bool {
        id == other.id && classes == other.classes
            && styles.elementsEqual(other.styles) { a, b in
                a.value == b.value && a.property.withUTF8Buffer { a in b.property.withUTF8Buffer { a.elementsEqual($0) } }
            }
    }
}

extension EnvironmentValues {
    /// Whether both are the same storage (then they are identical).
    func hasSameStorage(as other: EnvironmentValues) -> Bool {
        withUnsafeBytes(of: values) { a in withUnsafeBytes(of: other.values) { a.elementsEqual($0) } }
    }

    /// Whether every value here is the same (``PlainData/isIdentical(_:_:)``) as in `other`.
    func isIdentical(to other: EnvironmentValues) -> Bool {
        if hasSameStorage(as: other) { return true }
        guard values.count == other.values.count else { return false }
        for (key, value) in values {
            guard let otherValue = other.values[key], PlainData.isIdentical(value, otherValue) else { return false }
        }
        return true
    }
}

/// The environment an `.environment` modifier made last time. While its input environment and value are the same,
/// the modifier hands the same environment out again, so the views below see unchanged storage (one comparison
/// in ``EnvironmentValues/isIdentical(to:)``) instead of a new copy on every render.
final class EnvironmentWrite {
    let base: EnvironmentValues
    let keyPath: AnyKeyPath
    let value: Any
    let result: EnvironmentValues

    private init(base: EnvironmentValues, keyPath: AnyKeyPath, value: Any, result: EnvironmentValues) {
        (self.base, self.keyPath, self.value, self.result) = (base, keyPath, value, result)
    }

    /// `base` with `keyPath` set to `value`, made at `path` (or handed out again from there).
    static func environment<Value>(
        _ base: EnvironmentValues, setting keyPath: WritableKeyPath<EnvironmentValues, Value>, to value: Value, at path: ViewPath
    ) -> EnvironmentValues {
        if let last = path.environmentWrite, last.keyPath === keyPath || last.keyPath == keyPath,
            last.base.hasSameStorage(as: base), let lastValue = last.value as? Value, PlainData.isIdentical(lastValue, value)
        {
            return last.result
        }
        var result = base
        result[keyPath: keyPath] = value
        path.environmentWrite = EnvironmentWrite(base: base, keyPath: keyPath, value: value, result: result)
        return result
    }
}
