/// What flows down the tree while rendering: position, environment, pending element attributes and
/// the container item (tab, list row) the next element-drawing view must wrap itself in.
struct RenderState {
    /// A container's per-child wrapper, drawn by the first non-transparent view of each child.
    enum Item {
        case tab(selection: AnyHashable?)
        case listRow
        /// An option of a ``Picker``: a submit button posting its tag's index; the picker collects the tags.
        case pickerOption(selection: AnyHashable?, options: PickerOptions)
    }

    var path: ViewPath
    var environment: EnvironmentValues
    var pending = ElementAttributes.none
    var item: Item?

    func child(_ component: ViewPath.Component) -> RenderState {
        var state = self
        state.path = path.appending(component)
        return state
    }

    /// The state for the children of a container element: nothing pending, no item to wrap.
    func containerChild(_ component: ViewPath.Component, item: Item? = nil) -> RenderState {
        var state = child(component)
        state.pending = .none
        state.item = item
        return state
    }
}
