import AppSeam
import PlaygroundHTTP

// The step-through: one trace row's stages, as its runtime reported them.
extension Room {
    /// The row of the room's step `step` in the trace of the app at `index`, with the app's strip (its stages' names
    /// and details, in order). 404 when the trace no longer (or never) held that step.
    func traceRow(app index: Int, step: Int) throws(HTTPError) -> (entry: Trace.Entry, strip: [(name: String, detail: String)]) {
        try checkOpen()
        let app = app(index)
        guard let entry = app.teaching.trace.entries.first(where: { $0.step == step }) else {
            let held = app.teaching.trace.entries.compactMap(\.step).sorted()
            let which =
                held.isEmpty ? "no step yet" : held.count == 1 ? "step \(held[0]) only" : "steps \(held.first!)–\(held.last!) (its last \(app.teaching.trace.capacity) rows)"
            throw HTTPError(
                .notFound, code: "no_such_step",
                message: "The \(app.about.id) trace holds no step \(step): it holds \(which). A step of another app is in that app's trace.")
        }
        return (entry, app.teaching.stages)
    }

    /// The app in use whose trace holds the room's step `step` (a row's Step ▶ is `?step=N` on the page), with its row.
    /// 404 when none holds it.
    func traceRow(step: Int) throws(HTTPError) -> (app: Int, entry: Trace.Entry, strip: [(name: String, detail: String)]) {
        try checkOpen()
        for index in appIndices {
            if let entry = app(index).teaching.trace.entries.first(where: { $0.step == step }) { return (index, entry, app(index).teaching.stages) }
        }
        throw HTTPError(
            .notFound, code: "no_such_step",
            message: "No trace in this room holds step \(step): each shows its app's last rows (GET /rooms/ID/history lists every step).")
    }
}
