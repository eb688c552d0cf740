/// An event a form can post: the fields (name, value) sent as hidden inputs, including `app` and `event`.
///
/// On the web a button press cannot call a closure on the server; it posts its event's fields to
/// ``RenderContext/formAction`` and the playground feeds the event into the architecture.
public protocol PostableEvent {
    /// The hidden fields, in order, e.g. `[("app", "ev"), ("event", "changeBothSidesColors")]`.
    var postedFields: [(name: String, value: String)] { get }
}

extension Renderer {
    /// `<form class="{kind}-form" method="post" action="{formAction}">` plus one hidden input per field.
    func openForm(_ kind: String, _ event: any PostableEvent, _ state: RenderState) {
        open("form", ElementAttributes(classes: [kind + "-form"]), state, [("method", "post"), ("action", context.formAction)])
        for field in event.postedFields {
            writer.void("input", .none, [("type", "hidden"), ("name", field.name), ("value", field.value)])
        }
    }
}
